import Foundation

/// One scene in a real window, used as a person uses it: `tessera --scene S --photos FOLDER --control
/// SOCKET --profile-json PROFILE` at its default size, driven through its control socket on a fixed
/// schedule (`schedule`: flings up, a slow drag back, resizes, another fling), then ended with SIGTERM
/// as a session's end would; its figures are the window's own profile and the process's peak memory.
struct DrivenWindow {
    /// A request and when it is sent, in seconds from the schedule's start (`settle` after the socket
    /// appears).
    struct Step: Equatable {
        enum Request: Equatable {
            /// A finger from `from` to `to` (points) over `seconds`, released there.
            case drag(from: [Int], to: [Int], seconds: Double)
            /// The window resized to width × height points.
            case resize(width: Int, height: Int)
        }

        var at: Double
        var request: Request

        /// The request as the control socket takes it: one JSON object, no newline.
        var line: String {
            switch request {
            case .drag(let from, let to, let seconds):
                return #"{"drag": {"from": [\#(from[0]), \#(from[1])], "to": [\#(to[0]), \#(to[1])], "#
                    + #""seconds": \#(seconds)}}"#
            case .resize(let width, let height):
                return #"{"resize": [\#(width), \#(height)]}"#
            }
        }
    }

    /// Three fast flings up (the last the fastest), a slow drag back, four resizes through landscape and
    /// portrait, and a fling at the size the window started at. The flings come before the last one's
    /// motion has settled, as a person's thumb does; each request ends before the next is sent.
    static let schedule: [Step] = [
        Step(at: 0.2, request: .drag(from: [500, 600], to: [500, 150], seconds: 0.12)),
        Step(at: 0.8, request: .drag(from: [500, 600], to: [500, 150], seconds: 0.12)),
        Step(at: 1.4, request: .drag(from: [500, 650], to: [500, 100], seconds: 0.1)),
        Step(at: 2.2, request: .drag(from: [500, 300], to: [500, 600], seconds: 0.6)),
        Step(at: 3.0, request: .resize(width: 800, height: 600)),
        Step(at: 3.5, request: .resize(width: 1280, height: 720)),
        Step(at: 4.0, request: .resize(width: 600, height: 900)),
        Step(at: 4.5, request: .resize(width: 1024, height: 768)),
        Step(at: 5.0, request: .drag(from: [500, 600], to: [500, 150], seconds: 0.12)),
    ]

    /// After the control socket appears: the window's first frames and its photos' first decodes.
    var settle = 1.0
    /// After the last request: its fling's motion and the decodes it started, before the window ends.
    var linger = 1.5
    /// How long a window may take to make its control socket (a cold library of 100,000 photos).
    var startLimit = 120.0

    /// What one driven window measured.
    struct Figures: Encodable, Equatable {
        var scene: String
        /// Frames presented, and those over the profile's frame budget.
        var frames: Int
        var overBudget: Int
        /// Whole frames (input to present), milliseconds.
        var frameP50Ms: Double
        var frameP99Ms: Double
        var frameMaxMs: Double
        /// The budget the profile counts `overBudget` against (the display's refresh interval); nil
        /// where the profile has none.
        var budgetMs: Double?
        /// The process's high-water mark of resident memory (`VmHWM`) just before it was ended.
        var peakRSSMegabytes: Double

        /// The keys of `--profile-json` these figures come from.
        private struct Profile: Decodable {
            struct Phase: Decodable {
                var p50: Double
                var p99: Double
                var max: Double
            }
            var frames: Int
            var overBudget: Int
            var budgetMs: Double?
            var phases: [String: Phase]
        }

        init(
            scene: String, frames: Int, overBudget: Int, frameP50Ms: Double, frameP99Ms: Double,
            frameMaxMs: Double, budgetMs: Double?, peakRSSMegabytes: Double
        ) {
            self.scene = scene
            self.frames = frames
            self.overBudget = overBudget
            self.frameP50Ms = frameP50Ms
            self.frameP99Ms = frameP99Ms
            self.frameMaxMs = frameMaxMs
            self.budgetMs = budgetMs
            self.peakRSSMegabytes = peakRSSMegabytes
        }

        /// Reads a `--profile-json` file's figures; a profile without the whole-frame phase is an error,
        /// not a run of zeros.
        init(scene: String, profile: Data, peakRSSMegabytes: Double) throws {
            let decoded: Profile
            do {
                decoded = try JSONDecoder().decode(Profile.self, from: profile)
            } catch {
                throw BenchError("\(scene): cannot read the window's profile: \(error)")
            }
            guard let frame = decoded.phases["frame"] else {
                throw BenchError("\(scene): the window's profile has no frame phase")
            }
            self.init(
                scene: scene, frames: decoded.frames, overBudget: decoded.overBudget, frameP50Ms: frame.p50,
                frameP99Ms: frame.p99, frameMaxMs: frame.max, budgetMs: decoded.budgetMs,
                peakRSSMegabytes: peakRSSMegabytes)
        }
    }

    /// Runs `scene` over `photos` in `display` with `cache` as its `XDG_CACHE_HOME`, drives it through
    /// `schedule`, and ends it. Any refused request, early exit or failed exit is an error naming the
    /// scene, with the window's last words on stderr.
    func run(scene: String, tessera: URL, photos: URL, cache: URL, display: XDisplay) throws -> Figures {
        let fm = FileManager.default
        // A short path: a Unix socket's name holds at most 107 bytes.
        let stem = fm.temporaryDirectory.appendingPathComponent("tessera-bench-\(getpid())-\(scene)")
        let socket = stem.appendingPathExtension("sock")
        let profile = stem.appendingPathExtension("json")
        let log = stem.appendingPathExtension("log")
        for file in [socket, profile, log] { try? fm.removeItem(at: file) }
        defer { for file in [socket, profile, log] { try? fm.removeItem(at: file) } }
        guard fm.createFile(atPath: log.path, contents: nil), let stderr = FileHandle(forWritingAtPath: log.path)
        else { throw BenchError("cannot write \(log.path)") }
        defer { try? stderr.close() }

        let process = Process()
        process.executableURL = tessera
        process.arguments = [
            "--scene", scene, "--photos", photos.path, "--control", socket.path, "--profile-json", profile.path,
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display.name
        environment["SDL_VIDEODRIVER"] = "x11"
        environment["XDG_CACHE_HOME"] = cache.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        try process.run()
        // A window the bench gave up on must not outlive it.
        defer {
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
        }
        func failure(_ what: String) -> BenchError {
            let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            let last = said.split(separator: "\n").suffix(3).joined(separator: " / ")
            return BenchError("tessera --scene \(scene) \(what)" + (last.isEmpty ? "" : ": \(last)"))
        }

        let deadline = Date().addingTimeInterval(startLimit)
        while !fm.fileExists(atPath: socket.path) {
            guard process.isRunning else {
                throw failure("exited (\(process.terminationStatus)) before making its control socket")
            }
            guard Date() < deadline else { throw failure("made no control socket within \(startLimit) s") }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Thread.sleep(forTimeInterval: settle)
        let client = try ControlClient(path: socket.path)
        let start = Date()
        for step in Self.schedule {
            let wait = step.at - Date().timeIntervalSince(start)
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            let answer = try client.ask(step.line)
            if let error = answer["error"] { throw failure("refused \(step.line): \(error)") }
            guard answer["ok"] as? Bool == true else { throw failure("answered \(step.line) with \(answer)") }
        }
        Thread.sleep(forTimeInterval: linger)
        guard let peakRSS = WindowedBenchmark.peakRSSMegabytes(of: process.processIdentifier), process.isRunning
        else { throw failure("exited before it was ended") }
        // SIGTERM ends a run as a quit does: the profile is written on the way out.
        process.terminate()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw failure("ended with status \(process.terminationStatus) on SIGTERM")
        }
        return try Figures(scene: scene, profile: Data(contentsOf: profile), peakRSSMegabytes: peakRSS)
    }
}
