import Foundation
import XCTest

/// A real Wayland compositor for the tests: cage (the kiosk compositor in Debian) on wlroots' headless
/// backend with the pixman renderer — no GPU, no screen — running `tessera` natively on Wayland or
/// through Xwayland, with grim taking screenshots over wlr-screencopy. `make test` installs cage, grim
/// and Xwayland; a machine without them skips these tests.
///
/// The session is `Tools/cage-session`: as root it runs as an unprivileged user (cage refuses root),
/// so Tessera runs from a world-readable copy of the built executable and its `Assets/` and
/// `Configs/` (a clone's build folder is usually private). The output is rotated (a 720×1280 portrait
/// kiosk) so that grim sees what a screen would: the script says why.
final class HeadlessCage {
    static let user = "tessera-ci"
    private static let tools = ["/usr/bin/cage", "/usr/bin/grim", "/usr/bin/Xwayland", "/usr/bin/pgrep"]

    /// Where the copy of Tessera and everything the session writes live (readable by its user).
    let stage: URL
    let executable: URL
    private let runtime: URL
    private let home: URL
    private var compositor: Process?
    private let runsAsOtherUser = getuid() == 0

    init() throws {
        for tool in Self.tools where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is not installed (make test installs cage, grim and xwayland)")
        }
        let fm = FileManager.default
        stage = URL(fileURLWithPath: "/tmp/tessera-cage-\(UUID().uuidString)")
        runtime = stage.appendingPathComponent("runtime")
        home = stage.appendingPathComponent("home")
        executable = stage.appendingPathComponent("bin/tessera")
        try fm.createDirectory(at: stage.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try fm.createDirectory(at: runtime, withIntermediateDirectories: true)
        try fm.createDirectory(at: home, withIntermediateDirectories: true)
        try fm.copyItem(at: TesseraProcess.executable, to: executable)
        for folder in ["Assets", "Configs"] {
            try fm.copyItem(
                at: TesseraProcess.root.appendingPathComponent(folder), to: stage.appendingPathComponent(folder))
        }
        try Self.shell("chmod -R a+rX \(stage.path)")
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: stage)
    }

    /// A file in the stage the session's user may write.
    func writable(_ name: String) -> URL { home.appendingPathComponent(name) }

    /// Starts cage running `tessera arguments` with `SDL_VIDEODRIVER=driver` (`wayland` or `x11`). cage
    /// asks for no decorations, as the kiosk service runs it, unless `clientDecorations` (then a window
    /// draws its own, as on a desktop without server-side decorations).
    /// `environment` is added to Tessera's. With `exitCodeFile`, Tessera runs under a shell that writes
    /// its exit status there (cage's own status is not Tessera's once cage is killed).
    func start(
        driver: String, _ arguments: [String], clientDecorations: Bool = false, environment: [String: String] = [:],
        exitCodeFile: URL? = nil
    ) throws {
        let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let wrapper = exitCodeFile.map { ["/bin/sh", "-c", "\"$0\" \"$@\"; echo $? > \($0.path)"] } ?? []
        try launch(
            (clientDecorations ? ["--client-decorations"] : [])
                + ["--", "env", "SDL_VIDEODRIVER=\(driver)"] + variables + wrapper + [executable.path] + arguments)
    }

    /// The pid of cage itself (Tessera's parent, or its shell's), nil when Tessera is not running.
    var cagePID: Int32? {
        guard var pid = tesseraPID else { return nil }
        for _ in 0..<3 {
            guard let parent = Self.parent(of: pid) else { return nil }
            pid = parent
            if (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.hasPrefix("cage") == true {
                return pid
            }
        }
        return nil
    }

    private static func parent(of pid: Int32) -> Int32? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? Int32(fields[1]) : nil
    }

    private static var session: URL { TesseraProcess.root.appendingPathComponent("Tools/cage-session") }

    private func launch(_ command: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [Self.session.path, runtime.path, "--rotate"] + command
        process.environment = ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "CAGE_HOME": home.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        compositor = process
    }

    /// A grim screenshot of the output, once the compositor is listening; nil if it never did.
    func screenshot(_ name: String) throws -> URL? {
        guard
            let socket = try? FileManager.default.contentsOfDirectory(atPath: runtime.path)
                .first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") })
        else { return nil }
        let file = writable(name)
        try? FileManager.default.removeItem(at: file)
        let grim = ["env", "XDG_RUNTIME_DIR=\(runtime.path)", "WAYLAND_DISPLAY=\(socket)", "/usr/bin/grim", file.path]
        let status = try Self.run(runsAsOtherUser ? ["/usr/sbin/runuser", "-u", Self.user, "--"] + grim : grim)
        return status == 0 && FileManager.default.fileExists(atPath: file.path) ? file : nil
    }

    /// The pid of the staged `tessera`, nil when it is not running.
    var tesseraPID: Int32? {
        let pipe = Pipe()
        let pgrep = Process()
        pgrep.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
        pgrep.arguments = ["-f", "^\(executable.path)"]
        pgrep.standardOutput = pipe
        try? pgrep.run()
        pgrep.waitUntilExit()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.split(separator: "\n").first.flatMap { Int32($0) }
    }

    /// Ends the session: `SIGTERM` to Tessera (cage ends with its client), then waits for cage, whose
    /// exit status it returns.
    @discardableResult
    func stop(timeout: Double = 10) -> Int32? {
        guard let compositor else { return nil }
        if let pid = tesseraPID { kill(pid, SIGTERM) }
        let deadline = Date().addingTimeInterval(timeout)
        while compositor.isRunning && Date() < deadline { usleep(50_000) }
        if compositor.isRunning {
            compositor.terminate()
            compositor.waitUntilExit()
        }
        self.compositor = nil
        return compositor.terminationStatus
    }

    var isRunning: Bool { compositor?.isRunning ?? false }

    @discardableResult
    private static func run(_ command: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    private static func shell(_ line: String) throws {
        guard try run(["/bin/sh", "-c", line]) == 0 else { throw ImageComparison.ComparisonError("failed: \(line)") }
    }
}

/// What share of a screenshot is colourful (photos) rather than grey (the UI, loading tiles, black).
func colourfulShare(_ pixels: ImageComparison.Pixels) -> Double {
    var colourful = 0
    for argb in pixels.argb {
        let r = Int((argb >> 16) & 0xFF)
        let g = Int((argb >> 8) & 0xFF)
        let b = Int(argb & 0xFF)
        if max(r, g, b) - min(r, g, b) > 40 { colourful += 1 }
    }
    return Double(colourful) / Double(max(1, pixels.argb.count))
}
