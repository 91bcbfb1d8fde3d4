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
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], unset: [String] = [],
        program: URL? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = program ?? executable
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

/// A run of `tessera` under a time limit of the harness's (a hang fails the test instead of stalling
/// the suite), with its peak memory from the kernel's own accounting (`wait4`'s `ru_maxrss`).
struct LimitedRun {
    /// Killed (SIGKILL) at the limit: it hung.
    var timedOut: Bool
    var exitCode: Int32?
    var stdout: String
    var stderr: String
    /// Peak resident memory, megabytes.
    var peakMegabytes: Double

    /// Runs `arguments` (give absolute paths: it runs in this process's folder), its output kept in
    /// `directory`; after `signal.after` seconds sends it `signal.number`; kills it
    /// once `limit` seconds have passed (counted from the signal when there is one).
    static func run(
        _ arguments: [String], in directory: URL, environment extra: [String: String] = [:], limit: Double,
        signal: (number: Int32, after: Double)? = nil
    ) throws -> LimitedRun {
        let out = directory.appendingPathComponent("stdout-\(UUID().uuidString)").path
        let err = directory.appendingPathComponent("stderr-\(UUID().uuidString)").path
        defer {
            unlink(out)
            unlink(err)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([TesseraProcess.executable.path] + arguments).map { strdup($0) } + [nil]
        let env = TesseraProcess.environment(merging: extra).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in argv { free(p) }
            for p in env { free(p) }
        }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, TesseraProcess.executable.path, &actions, nil, argv, env)
        guard rc == 0 else { throw NSError(domain: NSPOSIXErrorDomain, code: Int(rc)) }
        let start = Date()
        var deadline = start.addingTimeInterval(limit + (signal?.after ?? 0))
        var signalled = signal == nil
        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        // The child's own peak, read as it runs: `VmHWM` is its address space's high-water mark, which
        // starts afresh at exec. `ru_maxrss` does not: a child spawned by posix_spawn (vfork) records the
        // spawning process's mark at exec, so a test process grown by earlier tests would hide the child's.
        var highWater: Double?
        while true {
            if let mark = Self.highWaterMegabytes(pid) { highWater = max(highWater ?? 0, mark) }
            let reaped = wait4(pid, &status, WNOHANG, &usage)
            if reaped == pid { break }
            if !signalled, let signal, Date().timeIntervalSince(start) >= signal.after {
                kill(pid, signal.number)
                signalled = true
                deadline = Date().addingTimeInterval(limit)
            }
            if Date() > deadline {
                timedOut = true
                kill(pid, SIGKILL)
                _ = wait4(pid, &status, 0, &usage)
                break
            }
            usleep(5_000)
        }
        // WIFEXITED / WEXITSTATUS, spelled out (the macros do not import).
        let exited = status & 0x7F == 0
        return LimitedRun(
            timedOut: timedOut, exitCode: exited ? (status >> 8) & 0xFF : nil,
            stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
            stderr: String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: err))) ?? Data(), as: UTF8.self),
            peakMegabytes: highWater ?? Double(usage.ru_maxrss) / 1024)
    }

    /// `VmHWM` of process `pid` (`/proc/PID/status`, proc(5)), megabytes; nil once it is gone or a zombie.
    static func highWaterMegabytes(_ pid: pid_t) -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return nil }
        return kilobytes / 1024
    }
}
