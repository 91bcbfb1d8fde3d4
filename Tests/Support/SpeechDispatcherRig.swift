import Foundation

/// A private speech-dispatcher (which `make test` installs, with espeak-ng) for the tests of the speaking
/// kiosk: started on its own socket with the configuration in `Tests/Support/speechd`, whose `generic`
/// output module writes each message as a line ("LANGUAGE TEXT") to `spoken.txt` and synthesizes it
/// with espeak-ng to `N.wav` in a scratch folder — real speech, no sound card. A client reaches it
/// with `SPEECHD_ADDRESS` set to `address`. Stopped when released.
package final class SpeechDispatcherRig {
    /// One line of `spoken.txt`.
    package struct Utterance: Equatable, CustomStringConvertible {
        package var language: String
        package var text: String
        package init(_ language: String, _ text: String) {
            self.language = language
            self.text = text
        }
        package var description: String { "\(language) \(text)" }
    }

    /// Where the module writes: `spoken.txt`, `1.wav`, `2.wav`, …
    package let folder: URL
    /// The server's socket.
    package let socket: String
    private let server: Process

    /// Seconds the server has to stop after SIGTERM.
    private static let stopWait = 1.0

    /// `SPEECHD_ADDRESS` for a client of this server.
    package var address: String { "unix_socket:\(socket)" }
    /// Why the rig cannot run here (a missing program), nil when it can.
    package static var missing: String? {
        for program in ["speech-dispatcher", "espeak-ng"] where executable(program) == nil {
            return "\(program) is not installed (make test-deps installs it)"
        }
        if !FileManager.default.fileExists(atPath: "/usr/lib/speech-dispatcher-modules/sd_generic") {
            return "speech-dispatcher's generic module (/usr/lib/speech-dispatcher-modules/sd_generic) is missing"
        }
        return nil
    }

    /// Starts the server and waits until its socket accepts connections (up to `deadline` seconds).
    package init(deadline: Double = 20) throws {
        guard let program = Self.executable("speech-dispatcher") else { throw Failure("speech-dispatcher is missing") }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tessera-speechd-\(getpid())-\(UUID().uuidString.prefix(8))")
        let logs = folder.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        // A socket's path must fit sockaddr_un's 108 bytes: short, under /tmp.
        socket = "/tmp/tessera-speechd-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
        server = Process()
        server.executableURL = URL(fileURLWithPath: program)
        // -s: stay in the foreground as this child (killed by `deinit`); -t 0: never leave on its own.
        server.arguments = [
            "-s", "-t", "0", "-C", Self.configuration.path, "-c", "unix_socket", "-S", socket, "-L", logs.path,
            "-P", folder.appendingPathComponent("speechd.pid").path,
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["TESSERA_SPEECH_DIR"] = folder.path
        server.environment = environment
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        let end = Date().addingTimeInterval(deadline)
        while !Self.accepts(socket) {
            guard server.isRunning else {
                throw Failure("speech-dispatcher exited (\(server.terminationStatus)); its log: \(log)")
            }
            guard Date() < end else { throw Failure("speech-dispatcher did not listen within \(deadline) s: \(log)") }
            usleep(20_000)
        }
    }

    /// SIGTERM, then SIGKILL after `stopWait` seconds: speech-dispatcher 0.11.4, shutting down, sometimes
    /// waits forever for a reply from its generic module, which has already exited (about one stop in
    /// three here, with or without a cancel before), and a test must not hang on it. When it does stop,
    /// it stops in well under a second.
    deinit {
        if server.isRunning {
            server.terminate()
            let end = Date().addingTimeInterval(Self.stopWait)
            while server.isRunning, Date() < end { usleep(20_000) }
            if server.isRunning { kill(server.processIdentifier, SIGKILL) }
            server.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: socket)
        try? FileManager.default.removeItem(at: folder)
    }

    /// What the module has been given so far, in order.
    package var spoken: [Utterance] {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("spoken.txt"), encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").map { line in
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            return Utterance(String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// Polls until `spoken` holds `count` lines and the sound file of the `count`th has at least
    /// `minimumBytes` (espeak-ng writes a 44-byte header first), or `deadline` seconds pass; returns the
    /// lines then. The module says one message at a time, so those before it are done by then — whole, or
    /// cut short where an interrupting one cancelled them (their files may hold a header only).
    package func waitForSpoken(count: Int, minimumBytes: Int = 1024, deadline: Double = 20) -> [Utterance] {
        waitForSpoken(deadline: deadline) { lines in
            lines.count >= count && (count == 0 || soundFileSizes[count - 1] >= minimumBytes)
        }
    }

    /// Polls `spoken` until `done` says so or `deadline` seconds pass; returns the lines then.
    package func waitForSpoken(deadline: Double = 20, until done: ([Utterance]) -> Bool) -> [Utterance] {
        let end = Date().addingTimeInterval(deadline)
        while Date() < end {
            let lines = spoken
            if done(lines) { return lines }
            usleep(20_000)
        }
        return spoken
    }

    /// The size in bytes of each utterance's sound file, `1.wav`, `2.wav`, … (0 when not written).
    package var soundFileSizes: [Int] {
        spoken.indices.map { index in
            let path = folder.appendingPathComponent("\(index + 1).wav").path
            return ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
        }
    }

    /// The server's and the module's logs, for a failure message.
    package var log: String {
        let logs = folder.appendingPathComponent("logs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: logs.path)) ?? []
        return names.sorted().map { name in
            let text = (try? String(contentsOf: logs.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return "\(name):\n" + text.split(separator: "\n").suffix(20).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
        init(_ description: String) { self.description = description }
    }

    /// `Tests/Support/speechd`, beside this file.
    private static var configuration: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("speechd")
    }

    private static func executable(_ name: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/"].map { $0 + name }.first(where: FileManager.default.isExecutableFile)
    }

    /// True once a connection to the socket succeeds (the file appears before the server listens).
    private static func accepts(_ path: String) -> Bool {
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { Glibc.close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8.prefix(107)) + [0]
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: bytes) }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
    }
}
