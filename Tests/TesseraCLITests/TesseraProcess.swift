import Foundation
import XCTest

/// Runs the built `tessera` executable (it sits beside the test bundle) and captures what it prints.
struct TesseraProcess {
    struct Result {
        var exitCode: Int32
        var stdout: String
        var stderr: String
    }

    static var executable: URL {
        let bundle = Bundle.main.bundleURL
        for folder in [bundle, bundle.deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("tessera")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return bundle.deletingLastPathComponent().appendingPathComponent("tessera")
    }

    /// The repository root (for Assets/ and Configs/).
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL
    }

    /// This process's environment with `extra` on top. Runs share one thumbnail cache of their own, not
    /// the user's (`~/.cache/thumbnails`).
    static func environment(merging extra: [String: String]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["XDG_CACHE_HOME"] = testCache.path
        env.merge(extra) { $1 }
        return env
    }

    @discardableResult
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], unset: [String] = []
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? FileManager.default.temporaryDirectory
        var env = Self.environment(merging: environment)
        for name in unset { env[name] = nil }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read before waiting so a chatty run cannot fill the pipe and stall.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            exitCode: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// The thumbnail cache the runs of this test process share (`XDG_CACHE_HOME`).
let testCache = FileManager.default.temporaryDirectory.appendingPathComponent(
    "tessera-cli-cache-\(ProcessInfo.processInfo.processIdentifier)")

/// A fresh temporary folder per test.
func makeTemporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func readJSON(_ url: URL) throws -> [String: Any] {
    try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
}

/// Writes a script of `steps` (the JSON inside its `steps` array) into `folder`; returns its path.
func writeScript(_ steps: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent("script.json")
    try #"{"steps": [\#(steps)]}"#.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}
