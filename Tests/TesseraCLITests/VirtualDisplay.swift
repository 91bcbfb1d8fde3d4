import Foundation
import XCTest

/// A private X server (Xvfb, which `make test` installs) for the tests that need a real window. A test
/// on a machine without Xvfb is skipped, not failed.
final class VirtualDisplay {
    /// The `DISPLAY` value, e.g. `:83`.
    let name: String
    private let server: Process

    /// Starts a `width`×`height` screen on a display number no other server uses, and waits until it
    /// listens (its socket appears).
    init(width: Int, height: Int) throws {
        guard let xvfb = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first(where: FileManager.default.isExecutableFile)
        else { throw XCTSkip("Xvfb is not installed") }
        let first = 80 + Int(getpid() % 40)
        let number = (first..<(first + 40)).first { !FileManager.default.fileExists(atPath: Self.socket($0)) } ?? first
        name = ":\(number)"
        server = Process()
        server.executableURL = URL(fileURLWithPath: xvfb)
        server.arguments = [name, "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: Self.socket(number)) { usleep(50_000) }
    }

    deinit {
        server.terminate()
        server.waitUntilExit()
    }

    private static func socket(_ number: Int) -> String { "/tmp/.X11-unix/X\(number)" }

    /// What a window opened in this display needs in its environment.
    var environment: [String: String] { ["DISPLAY": name, "SDL_VIDEODRIVER": "x11"] }

    /// Runs `tessera` to the end in this display. A server that is not accepting clients yet answers
    /// with "no usable display" (exit 3): the run is tried again.
    func run(_ arguments: [String], in folder: URL) throws -> TesseraProcess.Result {
        var result = TesseraProcess.Result(exitCode: -1, stdout: "", stderr: "")
        for _ in 0..<50 {
            result = try TesseraProcess.run(arguments, in: folder, environment: environment)
            if result.exitCode != 3 { break }
            usleep(100_000)
        }
        return result
    }

    /// Starts `tessera` in this display and leaves it running (a kiosk), once it has stayed up
    /// `settle` seconds; nil if it never did.
    func launch(_ arguments: [String], in folder: URL, settle: Double = 1.5) throws -> Process? {
        for _ in 0..<50 {
            let process = Process()
            process.executableURL = TesseraProcess.executable
            process.arguments = arguments
            process.currentDirectoryURL = folder
            process.environment = TesseraProcess.environment(merging: environment)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32(settle * 1_000_000))
            if process.isRunning { return process }
            // Not accepting clients yet (exit 3): try again.
            guard process.terminationStatus == 3 else { return nil }
        }
        return nil
    }
}
