import Foundation
import TesseraCore
import XCTest

/// Tessera where kiosks and desktops run it: under a real Wayland compositor (cage), natively and
/// through Xwayland, windowed and as a kiosk; in an X window clicked with xdotool; as a systemd
/// notify service; installed with `make install`.
final class RealScreenTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    // MARK: Under cage

    func testPhotosAppearUnderCageNativelyAndThroughXwaylandWindowedAndAsAKiosk() throws {
        // A window as cage runs for the kiosk service (no decorations), one drawing its own (libdecor
        // natively: the path through SDL 2.26's unmapped window), and the kiosk.
        let runs: [(kiosk: Bool, clientDecorations: Bool)] = [(false, false), (false, true), (true, false)]
        for driver in ["wayland", "x11"] {
            for run in runs {
                let cage = try HeadlessCage()
                let profile = cage.writable("profile.json")
                let state = cage.writable("state.json")
                try cage.start(
                    driver: driver,
                    (run.kiosk ? ["--kiosk"] : []) + ["--profile-json", profile.path, "--dump-state", state.path],
                    clientDecorations: run.clientDecorations)
                let name =
                    "\(driver)\(run.kiosk ? " kiosk" : " window")\(run.clientDecorations ? " with its own decorations" : "")"
                // Photos (colour), not loading tiles (flat grey) nor a black output, within 10 s: the
                // picker's photos make just under a fifth of the portrait output colourful (0.199 with
                // their 91-pixel columns), grey tiles or black none.
                var share = 0.0
                let deadline = Date().addingTimeInterval(10)
                while Date() < deadline, share < 0.15 {
                    usleep(500_000)
                    if let shot = try cage.screenshot("screen.png") {
                        share = colourfulShare(try ImageComparison.load(shot.path))
                    }
                }
                XCTAssertGreaterThanOrEqual(share, 0.15, "\(name): photos on screen within 10 s")
                XCTAssertNotNil(cage.tesseraPID, "\(name): still running")
                XCTAssertEqual(cage.stop(), 0, "\(name): SIGTERM ends it as a quit does")
                let renderer = try readJSON(profile)["renderer"] as? String ?? ""
                // No GPU here: shared memory on both (wl_shm natively, MIT-SHM through Xwayland).
                XCTAssertEqual(
                    renderer, driver == "wayland" ? "software (wl_shm)" : "software (MIT-SHM)", "\(name)")
                if !run.clientDecorations {
                    // cage gives its one window the whole (rotated) output: no band left undrawn.
                    let window = try readJSON(state)["window"] as? [Double]
                    XCTAssertEqual(window, [720, 1280], "\(name): the window fills the output")
                }
            }
        }
    }

    func testAPacedScriptUnderCagePresentsOnTheDisplaysTicks() throws {
        // cage's headless output refreshes at 60 Hz: a script toggling a photo every 120 ms, watched in a
        // window, presents on those ticks — no gap of more than two ticks unless the frame before it
        // itself took longer than one.
        let cage = try HeadlessCage()
        let taps = stride(from: 0.5, to: 5.5, by: 0.12).map { #"{"at": \#($0), "tap": "photo-03"}"# }
        let script = cage.writable("toggle.json")
        try #"{"steps": [\#(taps.joined(separator: ","))]}"#.write(to: script, atomically: true, encoding: .utf8)
        let trace = cage.writable("trace.json")
        try Self.shareWithSession(cage, script)
        try cage.start(driver: "wayland", ["--script", script.path, "--hz", "60", "--trace", trace.path])
        let deadline = Date().addingTimeInterval(30)
        while cage.isRunning, Date() < deadline { usleep(100_000) }
        cage.stop()
        let frames = try Self.frames(in: trace).filter { $0.start > 1.0 && $0.start < 5.3 }
        XCTAssertGreaterThan(frames.count, 100)
        let tick = 1.0 / 60
        // A gap of more than two ticks after a frame that fitted in one is the pacing's fault — or the
        // machine's, when another process takes the cores for a moment: at most one frame in fifty.
        // (Counting from the end of a frame made every other gap two ticks long.)
        let late = zip(frames, frames.dropFirst()).filter { earlier, later in
            earlier.duration < tick && later.start - earlier.start > 2 * tick + 0.004
        }
        XCTAssertLessThanOrEqual(Double(late.count), Double(frames.count) / 50, "late: \(late.map(\.0.start))")
        let rate = Double(frames.count - 1) / (frames.last!.start - frames.first!.start)
        XCTAssertGreaterThan(rate, 50, "about one frame a tick")
    }

    /// The `frame` events of a `--trace`: start (seconds from the first) and duration (seconds).
    static func frames(in trace: URL) throws -> [(start: Double, duration: Double)] {
        let json = try readJSON(trace)
        let events = try XCTUnwrap(json["traceEvents"] as? [[String: Any]])
        let frames = events.filter { $0["ph"] as? String == "X" && $0["name"] as? String == "frame" }
            .compactMap { event -> (Double, Double)? in
                guard let ts = event["ts"] as? Double, let dur = event["dur"] as? Double else { return nil }
                return (ts / 1e6, dur / 1e6)
            }
            .sorted { $0.0 < $1.0 }
        guard let origin = frames.first?.0 else { return [] }
        return frames.map { (start: $0.0 - origin, duration: $0.1) }
    }

    private static func shareWithSession(_ cage: HeadlessCage, _ file: URL) throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
    }

    // MARK: The wheel in a real X window

    func testTheHorizontalWheelScrollsTheFeaturedRowTowardsItsEnd() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool") else {
            throw XCTSkip("xdotool is not installed")
        }
        let display = try VirtualDisplay(width: 1280, height: 800)
        let dump = folder.appendingPathComponent("end.json")
        guard
            let process = try display.launch(
                ["--scene", "gallery", "--window", "1024x768", "--dump-state", dump.path], in: folder, settle: 2)
        else { return XCTFail("no window") }
        defer { if process.isRunning { process.terminate() } }
        func xdotool(_ arguments: [String]) throws {
            let tool = Process()
            tool.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            tool.arguments = arguments
            tool.environment = ["DISPLAY": display.name]
            try tool.run()
            tool.waitUntilExit()
        }
        // Over the Featured row (its frame is [0, 132, 1024, 274] in this window), then X's buttons 7
        // (right) three notches: SDL's wheel.x > 0, which scrolls the row towards its end.
        try xdotool(["search", "--sync", "--name", "Tessera", "mousemove", "--window", "%1", "500", "260"])
        for _ in 0..<3 {
            try xdotool(["click", "7"])
            usleep(150_000)
        }
        usleep(1_500_000)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let containers = try XCTUnwrap(try readJSON(dump)["containers"] as? [[String: Any]])
        let featured = try XCTUnwrap(containers.first { $0["id"] as? String == "featured" })
        let offset = try XCTUnwrap((featured["offset"] as? [Double])?.first)
        XCTAssertGreaterThan(offset, 100, "scrolled towards the end, by cards")
    }

    // MARK: Input latency

    func testClicksInARealWindowAreTimedToTheFramesThatAnswerThem() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool") else {
            throw XCTSkip("xdotool is not installed")
        }
        let display = try VirtualDisplay(width: 1280, height: 800)
        let profile = folder.appendingPathComponent("profile.json")
        let trace = folder.appendingPathComponent("trace.json")
        guard
            let process = try display.launch(
                ["--window", "1024x768", "--profile-json", profile.path, "--trace", trace.path], in: folder, settle: 2)
        else { return XCTFail("no window") }
        defer { if process.isRunning { process.terminate() } }
        // Twelve clicks on photos of the grid's first row (a tap flies each to the dock and back).
        for n in 0..<12 {
            let tool = Process()
            tool.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            tool.arguments = [
                "search", "--sync", "--name", "Tessera", "mousemove", "--window", "%1", "\(60 + 90 * (n % 6))", "140",
                "click", "1",
            ]
            tool.environment = ["DISPLAY": display.name]
            try tool.run()
            tool.waitUntilExit()
            usleep(250_000)
        }
        usleep(500_000)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let latency = try XCTUnwrap(try readJSON(profile)["inputLatencyMs"] as? [String: Double])
        XCTAssertGreaterThanOrEqual(latency["count"] ?? 0, 24, "twelve presses and twelve releases")
        XCTAssertGreaterThan(latency["p50"] ?? 0, 0)
        let events = try XCTUnwrap(try readJSON(trace)["traceEvents"] as? [[String: Any]])
        let downs = events.filter { $0["ph"] as? String == "i" && $0["name"] as? String == "pointerDown" }
        XCTAssertEqual(downs.count, 12, "an instant per press")
        let flows = Set(events.filter { $0["ph"] as? String == "f" }.compactMap { $0["id"] as? Int })
        XCTAssertEqual(Set(events.filter { $0["ph"] as? String == "s" }.compactMap { $0["id"] as? Int }), flows)
        XCTAssertGreaterThanOrEqual(flows.count, 24, "an arrow from each input to its frame")
    }

    // MARK: HiDPI

    func testOnAnX11DesktopAtScaleTwoPointsStayPoints() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool") else {
            throw XCTSkip("xdotool is not installed")
        }
        // Where photo-03 is in an 800×600-point picker.
        let layout = folder.appendingPathComponent("layout.json")
        XCTAssertEqual(
            try TesseraProcess.run(["--headless", "--window", "800x600", "--dump-state", layout.path]).exitCode, 0)
        let tiles = try XCTUnwrap(try readJSON(layout)["tiles"] as? [[String: Any]])
        let frame = try XCTUnwrap(tiles.first { $0["id"] as? String == "photo-03" }?["presented"] as? [Double])
        let center = (frame[0] + frame[2] / 2, frame[1] + frame[3] / 2)

        // GTK's GDK_SCALE=2 on an X server (whose windows are in pixels): the window is 1600×1200 pixels,
        // the layout still 800×600 points, and a click at the photo's centre in pixels selects it.
        let display = try VirtualDisplay(width: 2560, height: 1600)
        let dump = folder.appendingPathComponent("end.json")
        let shot = folder.appendingPathComponent("window.png")
        let process = Process()
        process.executableURL = TesseraProcess.executable
        process.arguments = ["--window", "800x600", "--dump-state", dump.path, "--screenshot", shot.path]
        process.currentDirectoryURL = folder
        process.environment = TesseraProcess.environment(
            merging: display.environment.merging(["GDK_SCALE": "2"], uniquingKeysWith: { $1 }))
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let xdotool = Process()
        xdotool.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        xdotool.arguments = [
            "search", "--sync", "--name", "Tessera", "mousemove", "--window", "%1", "\(Int(center.0 * 2))",
            "\(Int(center.1 * 2))", "click", "1",
        ]
        xdotool.environment = ["DISPLAY": display.name]
        usleep(1_500_000)
        try xdotool.run()
        xdotool.waitUntilExit()
        usleep(1_000_000)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let end = try readJSON(dump)
        XCTAssertEqual(end["window"] as? [Double], [800, 600], "points")
        XCTAssertEqual(end["selection"] as? [String], ["photo-03"], "the click landed on photo-03")
        let pixels = try ImageComparison.load(shot.path)
        XCTAssertEqual([pixels.width, pixels.height], [1600, 1200], "drawn at two pixels a point")
    }

    func testAHeadlessRunAtScaleTwoDrawsTwiceThePixels() throws {
        let one = folder.appendingPathComponent("one.png")
        let two = folder.appendingPathComponent("two.png")
        for (path, scale) in [(one, "1"), (two, "2")] {
            let result = try TesseraProcess.run(
                ["--headless", "--window", "640x480", "--scale", scale, "--screenshot", path.path])
            XCTAssertEqual(result.exitCode, 0, result.stderr)
        }
        let small = try ImageComparison.load(one.path)
        let large = try ImageComparison.load(two.path)
        XCTAssertEqual([large.width, large.height], [1280, 960])
        // The same picture, sharper: averaged back down it matches the 1× frame closely.
        var difference = 0
        for y in 0..<small.height {
            for x in 0..<small.width {
                func channels(_ p: UInt32) -> [Int] { [Int(p >> 16 & 255), Int(p >> 8 & 255), Int(p & 255)] }
                let quad = [(0, 0), (1, 0), (0, 1), (1, 1)].map {
                    channels(large.argb[(2 * y + $0.1) * large.width + 2 * x + $0.0])
                }
                let mean = (0..<3).map { c in quad.map { $0[c] }.reduce(0, +) / 4 }
                difference += zip(mean, channels(small.argb[y * small.width + x])).map { abs($0 - $1) }.reduce(0, +)
            }
        }
        let average = Double(difference) / Double(small.width * small.height * 3)
        XCTAssertLessThan(average, 12, "the same layout in points")
    }

    func testTheConfigsDisplayScaleIsUsedUnlessTheFlagSaysOtherwise() throws {
        let config = folder.appendingPathComponent("scale.json")
        try #"{"display": {"scale": 2}}"#.write(to: config, atomically: true, encoding: .utf8)
        let shot = folder.appendingPathComponent("shot.png")
        for (extra, width) in [([String](), 640), (["--scale", "1"], 320)] {
            let result = try TesseraProcess.run(
                ["--headless", "--window", "320x240", "--config", config.path, "--screenshot", shot.path] + extra)
            XCTAssertEqual(result.exitCode, 0, result.stderr)
            XCTAssertEqual(try ImageComparison.load(shot.path).width, width, "\(extra)")
        }
    }

    // MARK: systemd's notify protocol

    func testAServiceTellsSystemdItIsReadyAliveReloadingAndStopping() throws {
        let display = try VirtualDisplay(width: 1280, height: 800)
        let listener = try NotifyListener(path: folder.appendingPathComponent("notify").path)
        let process = Process()
        process.executableURL = TesseraProcess.executable
        process.currentDirectoryURL = folder
        process.environment = TesseraProcess.environment(
            merging: display.environment.merging(
                ["NOTIFY_SOCKET": listener.path, "WATCHDOG_USEC": "1000000"], uniquingKeysWith: { $1 }))
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let ready = listener.wait(for: "READY=1", upTo: 8)
        XCTAssertNotNil(ready, "READY=1 within 8 s")
        let watchdogs = listener.count(of: "WATCHDOG=1", during: 8)
        XCTAssertGreaterThanOrEqual(watchdogs, 8, "WATCHDOG=1 at least every second")
        kill(process.processIdentifier, SIGHUP)
        XCTAssertNotNil(listener.wait(for: "RELOADING=1", upTo: 3), "RELOADING=1 on SIGHUP")
        XCTAssertNotNil(listener.wait(for: "READY=1", upTo: 3), "then READY=1")
        kill(process.processIdentifier, SIGTERM)
        XCTAssertNotNil(listener.wait(for: "STOPPING=1", upTo: 3), "STOPPING=1 on SIGTERM")
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertTrue(
            listener.received.contains { $0.contains("MAINPID=\(process.processIdentifier)") },
            "names itself the main process (it runs under a compositor)")
    }

    // MARK: make install

    func testMakeInstallGivesABinaryThatFindsItsFilesFromAnywhere() throws {
        let prefix = folder.appendingPathComponent("prefix")
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/make")
        make.arguments = [
            "-s", "-C", TesseraProcess.root.path, "install-files", "PREFIX=\(prefix.path)",
            "BIN=\(TesseraProcess.executable.path)",
        ]
        try make.run()
        make.waitUntilExit()
        XCTAssertEqual(make.terminationStatus, 0)
        let installed = prefix.appendingPathComponent("bin/tessera")
        let shot = folder.appendingPathComponent("x.png")
        let run = Process()
        run.executableURL = installed
        run.arguments = ["--headless", "--frames", "30", "--screenshot", shot.path]
        run.currentDirectoryURL = URL(fileURLWithPath: "/")
        run.environment = TesseraProcess.environment(merging: ["TESSERA_HOME": ""])
        try run.run()
        run.waitUntilExit()
        XCTAssertEqual(run.terminationStatus, 0)
        XCTAssertGreaterThan(colourfulShare(try ImageComparison.load(shot.path)), 0.2, "the bundled photos")
        let unit = try String(
            contentsOf: prefix.appendingPathComponent("lib/systemd/system/tessera-kiosk.service"), encoding: .utf8)
        XCTAssertTrue(unit.contains("Type=notify"))
        XCTAssertTrue(unit.contains("WatchdogSec="))
        XCTAssertTrue(unit.contains(installed.path), "ExecStart runs the installed binary")
        for file in [
            "share/applications/tessera.desktop", "share/man/man1/tessera.1", "share/tessera/Configs/default.json",
            "share/icons/hicolor/scalable/apps/tessera.svg",
        ] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), file)
        }
        let entry = try String(
            contentsOf: prefix.appendingPathComponent("share/applications/tessera.desktop"), encoding: .utf8)
        XCTAssertTrue(entry.contains("\nIcon=tessera\n"), "the desktop entry names its icon")
        // Installed stripped (`install -s`): smaller than the build's binary, which has its symbols.
        let size = { (url: URL) in (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0 }
        XCTAssertLessThan(size(installed), size(TesseraProcess.executable), "stripped")
        let uninstall = Process()
        uninstall.executableURL = URL(fileURLWithPath: "/usr/bin/make")
        uninstall.arguments = ["-s", "-C", TesseraProcess.root.path, "uninstall", "PREFIX=\(prefix.path)"]
        try uninstall.run()
        uninstall.waitUntilExit()
        XCTAssertFalse(FileManager.default.fileExists(atPath: installed.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("share/tessera").path))
    }

    func testTheManPageNamesEveryFlag() throws {
        let page = try String(
            contentsOf: TesseraProcess.root.appendingPathComponent("docs/tessera.1"), encoding: .utf8
        )
        .replacingOccurrences(of: "\\-", with: "-")
        let help = try TesseraProcess.run(["--help"]).stdout
        let words = help.split { !($0.isLetter || $0.isNumber || $0 == "-") }
        let flags = Set(words.filter { $0.hasPrefix("--") && $0.count > 2 })
        XCTAssertGreaterThan(flags.count, 20)
        for flag in flags { XCTAssertTrue(page.contains(flag), "\(flag) is in the man page") }
    }
}

/// The service manager's end of the notify protocol: an AF_UNIX datagram socket that collects what
/// arrives, with when it arrived.
final class NotifyListener {
    let path: String
    private let socket: Int32
    private(set) var received: [String] = []
    /// The pid of each message's sender, as the kernel vouches for it (`SCM_CREDENTIALS`, unix(7)).
    private(set) var senders: [pid_t] = []
    private var cursor = 0

    init(path: String) throws {
        self.path = path
        unlink(path)
        socket = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var on: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_PASSCRED, &on, socklen_t(MemoryLayout<Int32>.size))
        guard let address = UnixSocketAddress(path), address.withSockaddr({ bind(socket, $0, $1) }) == 0 else {
            throw ImageComparison.ComparisonError("cannot bind \(path)")
        }
        // Anyone may send (a run under cage is another user's).
        chmod(path, 0o777)
    }

    deinit {
        close(socket)
        unlink(path)
    }

    /// Waits up to `seconds` for a message that has the line `line`, after those already seen; returns it.
    func wait(for line: String, upTo seconds: Double) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            while cursor < received.count {
                let message = received[cursor]
                cursor += 1
                if message.split(separator: "\n").contains(Substring(line)) { return message }
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            receive(within: left)
        }
    }

    /// How many messages with the line `line` arrive in the next `seconds`.
    func count(of line: String, during seconds: Double) -> Int {
        let start = received.count
        let deadline = Date().addingTimeInterval(seconds)
        while deadline.timeIntervalSinceNow > 0 { receive(within: deadline.timeIntervalSinceNow) }
        cursor = received.count
        return received[start...].filter { $0.split(separator: "\n").contains(Substring(line)) }.count
    }

    private func receive(within seconds: Double) {
        var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(max(1, seconds * 1000))) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        // Room for one control message of a `struct ucred` (CMSG_SPACE: a 16-byte header, 12 bytes
        // padded to 16).
        var control = [UInt8](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBytes { data in
            control.withUnsafeMutableBytes { controlBytes in
                var vector = iovec(iov_base: data.baseAddress, iov_len: data.count)
                return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                    var message = msghdr()
                    message.msg_iov = vectorPointer
                    message.msg_iovlen = 1
                    message.msg_control = controlBytes.baseAddress
                    message.msg_controllen = controlBytes.count
                    return recvmsg(socket, &message, 0)
                }
            }
        }
        guard n > 0 else { return }
        received.append(String(decoding: buffer[0..<n], as: UTF8.self))
        // cmsghdr: len (8 bytes), level, type (4 each), then the ucred: pid, uid, gid. Type 2 is
        // SCM_CREDENTIALS (bits/socket.h), which Swift does not import.
        let level = control.withUnsafeBytes { $0.load(fromByteOffset: 8, as: Int32.self) }
        let type = control.withUnsafeBytes { $0.load(fromByteOffset: 12, as: Int32.self) }
        let pid = control.withUnsafeBytes { $0.load(fromByteOffset: 16, as: Int32.self) }
        senders.append(level == SOL_SOCKET && type == 2 ? pid : -1)
    }
}
