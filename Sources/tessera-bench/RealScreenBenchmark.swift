import Foundation
import TesseraCore

/// Tessera on real screens (docs/KIOSK.md, "Deploying a kiosk"):
///
/// - **Cadence**: a script toggling a photo every 120 ms, watched in an X window (Xvfb reports no
///   refresh rate, so the tick is 60 Hz, `FrameLoop.unknownRefreshInterval`), at 1024×768 stepping at
///   `--hz 60` and at 1920×1080 stepping at `--hz 120`: frames presented a second while it toggles, from
///   the run's `--trace` — the display's rate either way, never the step rate — and the longest gap
///   between two frames after one whose own work fitted in a tick.
/// - **Present paths**: the kiosk (1280×720) under cage, the Wayland kiosk compositor, on its headless
///   backend (no GPU, 60 Hz), natively on Wayland and through Xwayland, on the path `auto` picks and on
///   OpenGL (Mesa's llvmpipe): CPU per presented frame of Tessera itself (its `--profile-json`) and of
///   the whole session (cage, Xwayland and Tessera, `getrusage` of the finished children).
struct RealScreenBenchmark {
    var toggleSeconds = 6.0

    struct Cadence: Encodable {
        var window: String
        var hz: Double
        var framesPerSecond: Double
        /// Longest gap (ms) between two frames where the first took less than a tick.
        var longestGapMs: Double
        var tickMs: Double
        var cpuMsPerFrame: Double
    }

    struct PresentPath: Encodable {
        var driver: String
        var renderer: String
        var framesPerSecond: Double
        var cpuMsPerFrame: Double
        var sessionCPUMsPerFrame: Double
    }

    struct Result: Encodable {
        var cadence: [Cadence]
        /// Nil without cage (Debian's `cage`, `xwayland`).
        var presentPaths: [PresentPath]?
    }

    func run(tessera: URL, root: URL) throws -> Result? {
        guard let display = try XDisplay.open(width: 1920, height: 1200) else { return nil }
        defer { display.close() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("toggle.json")
        try toggleScript().write(to: script, atomically: true, encoding: .utf8)
        var cadence: [Cadence] = []
        for (window, hz) in [("1024x768", 60.0), ("1920x1080", 120.0)] {
            let trace = folder.appendingPathComponent("trace.json")
            let profile = folder.appendingPathComponent("profile.json")
            let process = Process()
            process.executableURL = tessera
            process.arguments = [
                "--window", window, "--hz", String(hz), "--script", script.path, "--trace", trace.path,
                "--profile-json", profile.path,
            ]
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = display.name
            environment["SDL_VIDEODRIVER"] = "x11"
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            let frames = try Self.frames(in: trace).filter { $0.start > 1 && $0.start < toggleSeconds - 0.5 }
            guard frames.count > 1 else { throw BenchError("no frames in the \(window) run") }
            // The display's tick, whatever the simulation steps at.
            let tick = FrameLoop.unknownRefreshInterval
            let gaps = zip(frames, frames.dropFirst()).filter { $0.0.duration < tick }.map { $0.1.start - $0.0.start }
            let summary = try Self.json(profile)
            cadence.append(
                Cadence(
                    window: window, hz: hz,
                    framesPerSecond: Double(frames.count - 1) / (frames.last!.start - frames.first!.start),
                    longestGapMs: (gaps.max() ?? 0) * 1000, tickMs: tick * 1000,
                    cpuMsPerFrame: Self.cpuPerFrame(summary)))
        }
        return Result(cadence: cadence, presentPaths: try presentPaths(tessera: tessera, root: root, script: script))
    }

    private func toggleScript() -> String {
        let taps = stride(from: 0.5, to: toggleSeconds, by: 0.12).map {
            #"{"at": \#(String(format: "%.2f", $0)), "tap": "photo-03"}"#
        }
        return #"{"scene": "picker", "steps": [\#(taps.joined(separator: ", "))]}"#
    }

    /// The kiosk under cage on each driver and path; nil when cage is not installed.
    private func presentPaths(tessera: URL, root: URL, script: URL) throws -> [PresentPath]? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/cage") else { return nil }
        // cage refuses root: the session's user reads a copy of Tessera (a build folder is often private).
        let stage = URL(fileURLWithPath: "/tmp/tessera-bench-cage-\(UUID().uuidString)")
        let home = stage.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: stage) }
        let executable = stage.appendingPathComponent("tessera")
        try FileManager.default.copyItem(at: tessera, to: executable)
        for folder in ["Assets", "Configs"] {
            try FileManager.default.copyItem(
                at: root.appendingPathComponent(folder), to: stage.appendingPathComponent(folder))
        }
        let stagedScript = home.appendingPathComponent("toggle.json")
        try FileManager.default.copyItem(at: script, to: stagedScript)
        try shell(["chmod", "-R", "a+rX", stage.path])
        var paths: [PresentPath] = []
        for driver in ["wayland", "x11"] {
            for renderer in ["auto", "accelerated"] {
                let profile = home.appendingPathComponent("profile-\(driver)-\(renderer).json")
                var before = rusage()
                getrusage(RUSAGE_CHILDREN.rawValue, &before)
                let session = Process()
                session.executableURL = URL(fileURLWithPath: "/bin/sh")
                session.arguments = [
                    root.appendingPathComponent("Tools/cage-session").path, stage.appendingPathComponent("run").path,
                    "--", "env", "SDL_VIDEODRIVER=\(driver)", executable.path, "--kiosk", "--renderer", renderer,
                    "--script", stagedScript.path, "--profile-json", profile.path,
                ]
                session.environment = ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "CAGE_HOME": home.path]
                session.standardOutput = FileHandle.nullDevice
                session.standardError = FileHandle.nullDevice
                try session.run()
                session.waitUntilExit()
                var after = rusage()
                getrusage(RUSAGE_CHILDREN.rawValue, &after)
                guard let summary = try? Self.json(profile), let frames = summary["frames"] as? Int, frames > 0
                else { continue }
                let sessionCPU =
                    Self.seconds(after.ru_utime) + Self.seconds(after.ru_stime)
                    - Self.seconds(before.ru_utime) - Self.seconds(before.ru_stime)
                paths.append(
                    PresentPath(
                        driver: driver, renderer: summary["renderer"] as? String ?? renderer,
                        framesPerSecond: Double(frames) / (summary["wallSeconds"] as? Double ?? 1),
                        cpuMsPerFrame: Self.cpuPerFrame(summary),
                        sessionCPUMsPerFrame: sessionCPU * 1000 / Double(frames)))
            }
        }
        return paths
    }

    private static func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }

    private static func cpuPerFrame(_ summary: [String: Any]) -> Double {
        let frames = summary["frames"] as? Int ?? 0
        return frames > 0 ? (summary["cpuSeconds"] as? Double ?? 0) * 1000 / Double(frames) : 0
    }

    private static func json(_ url: URL) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] else {
            throw BenchError("cannot read \(url.path)")
        }
        return object
    }

    /// The `frame` events of a `--trace`: start (seconds from the first) and duration (seconds).
    static func frames(in trace: URL) throws -> [(start: Double, duration: Double)] {
        guard let events = try json(trace)["traceEvents"] as? [[String: Any]] else {
            throw BenchError("cannot read the trace \(trace.path)")
        }
        let frames = events.filter { $0["ph"] as? String == "X" && $0["name"] as? String == "frame" }
            .compactMap { event -> (Double, Double)? in
                guard let ts = event["ts"] as? Double, let dur = event["dur"] as? Double else { return nil }
                return (ts / 1e6, dur / 1e6)
            }
            .sorted { $0.0 < $1.0 }
        guard let origin = frames.first?.0 else { return [] }
        return frames.map { (start: $0.0 - origin, duration: $0.1) }
    }

    private func shell(_ command: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        try process.run()
        process.waitUntilExit()
    }
}
