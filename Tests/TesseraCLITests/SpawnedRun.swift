import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// A `tessera` run started with `posix_spawn`, for what `Process` cannot do: arguments that are bytes
/// (a Latin-1 file name is not a Swift `String`), signals blocked from the start (the mask survives
/// `execve`, signal(7)), and an end awaited with a deadline.
struct SpawnedRun {
    let pid: pid_t
    let stderrPath: String

    /// Starts `tessera` in `folder` with `arguments`; `blocking`: signals blocked in the child from its
    /// first instruction. Standard output is discarded, standard error kept in a file.
    init(_ arguments: [[UInt8]], in folder: URL, blocking: [Int32] = [], environment: [String: String] = [:]) throws {
        stderrPath = folder.appendingPathComponent("stderr-\(UUID().uuidString).txt").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in blocking { sigaddset(&mask, signal) }
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        // Through `env --chdir` (coreutils), which then runs `tessera` in the same process: the folder
        // becomes the working one, and the mask and pending signals pass through both `execve`s.
        let prefix = ["/usr/bin/env", "--chdir=\(folder.path)", TesseraProcess.executable.path].map { Array($0.utf8) }
        let argv: [UnsafeMutablePointer<CChar>?] =
            (prefix + arguments).map { bytes in
                let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
                for (i, byte) in bytes.enumerated() { pointer[i] = CChar(bitPattern: byte) }
                pointer[bytes.count] = 0
                return pointer
            } + [nil]
        defer { for pointer in argv { pointer?.deallocate() } }
        var env: [UnsafeMutablePointer<CChar>?] =
            TesseraProcess.environment(merging: environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in env { free(pointer) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, "/usr/bin/env", &actions, &attributes, argv, &env)
        guard result == 0 else { throw XCTSkip("posix_spawn failed: \(String(cString: strerror(result)))") }
        pid = child
    }

    /// Starts `tessera` with `arguments` as UTF-8.
    init(_ arguments: [String], in folder: URL, blocking: [Int32] = [], environment: [String: String] = [:]) throws {
        try self.init(arguments.map { Array($0.utf8) }, in: folder, blocking: blocking, environment: environment)
    }

    /// The exit code, or nil (the run killed) if it had not ended `seconds` from now; a death by signal
    /// is 128 + the signal, as a shell says.
    func exit(within seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while Date() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid {
                return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            }
            usleep(2000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return nil
    }

    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }
}

/// `bytes` of a file name in `folder`, as a path.
func path(in folder: URL, _ name: [UInt8]) -> [UInt8] { Array(folder.path.utf8) + [UInt8(ascii: "/")] + name }
