import Foundation
import XCTest

/// Tessera read by real AT-SPI clients (docs/ACCESSIBILITY.md, "Screen readers (AT-SPI)"): a window in
/// a private X server, on a private desktop session with assistive technology on, read through pyatspi
/// (libatspi, what Orca and Accerciser use) and by Orca itself. What they read is checked against the
/// semantics tree the run's own state dump lists.
final class AccessibilityBusTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testAScreenReaderReadsThePickersRolesNamesAndPlacesAsTheRunDumpsThem() throws {
        let session = try AccessibilitySession()
        let display = try VirtualDisplay(width: 1280, height: 900)
        let dump = folder.appendingPathComponent("end.json")
        let run = try launch(["--window", "800x600", "--dump-state", dump.path], display, session)
        defer { run.end() }
        let read = flattenTree(try session.tree(display: display.name))
        XCTAssertEqual(run.end(), 0)
        let dumped = flattenTree(try XCTUnwrap(try readJSON(dump)["semantics"] as? [String: Any]))
        XCTAssertGreaterThan(dumped.count, 20, "the picker's photos are in the tree")

        let byID = Dictionary(read.compactMap { entry in (entry.node["id"] as? String).map { ($0, entry) } }) { a, _ in
            a
        }
        for (node, parent) in dumped {
            let id = try XCTUnwrap(node["id"] as? String)
            guard let (seen, seenParent) = byID[id] else {
                XCTFail("\(id) is not on the bus")
                continue
            }
            let role = node["role"] as? String == "button" ? "push button" : node["role"] as? String
            XCTAssertEqual(seen["role"] as? String, role, id)
            XCTAssertEqual(seen["name"] as? String, node["name"] as? String, id)
            XCTAssertEqual(seenParent, parent, "\(id)'s parent")
            let frame = try XCTUnwrap(node["frame"] as? [Double])
            let extents = try XCTUnwrap(seen["extents"] as? [Double], id)
            for (a, b) in zip(frame, extents) {
                XCTAssertEqual(a, b, accuracy: 1, "\(id): \(frame) on screen, \(extents) read")
            }
            let states = seen["states"] as? [String] ?? []
            for state in node["states"] as? [String] ?? [] {
                XCTAssertTrue(states.contains(state), "\(id) is \(state)")
            }
            XCTAssertEqual(seen["actions"] as? [String] ?? [], node["actions"] as? [String] ?? [], id)
        }
        let named = { (role: String) in read.filter { $0.node["role"] as? String == role } }
        XCTAssertEqual(named("page tab").count, 4)
        XCTAssertGreaterThanOrEqual(named("image").count, 20)
        for (node, _) in named("page tab") + named("image") + named("push button") {
            XCTAssertFalse((node["name"] as? String ?? "").isEmpty, "\(node["id"] ?? "?") has a name")
        }
    }

    func testDoActionMovesAPhotoToTheDockAndTabIsFollowedByFocusEvents() throws {
        let session = try AccessibilitySession()
        let display = try VirtualDisplay(width: 1280, height: 900)
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool") else {
            throw XCTSkip("xdotool is not installed")
        }
        let dump = folder.appendingPathComponent("end.json")
        let run = try launch(["--window", "800x600", "--dump-state", dump.path], display, session)
        defer { run.end() }
        _ = try session.tree(display: display.name)

        // A screen reader's default action on a grid photo: what a tap does, select it into the dock.
        let action = session.helper(["action", "tile:photo-03", "0"], display: display.name)
        XCTAssertEqual(action.stdout.trimmingCharacters(in: .whitespacesAndNewlines), #"{"done": true}"#, action.stderr)
        var dockHolds = false
        let deadline = Date().addingTimeInterval(20)
        while !dockHolds, Date() < deadline {
            let tree = flattenTree(try session.tree(display: display.name))
            let dock = tree.first { $0.node["role"] as? String == "list" && $0.node["name"] as? String == "Selection" }
            let dockID = dock?.node["id"] as? String
            dockHolds =
                dockID != nil && tree.contains { $0.node["id"] as? String == "tile:photo-03" && $0.parent == dockID }
            if !dockHolds { usleep(300_000) }
        }
        XCTAssertTrue(dockHolds, "photo-03 is read in the dock")

        // Tab twice: the focus goes to the grid's first photo, then to the dock's; a client hears both.
        let listener = try EventListener(session: session, display: display.name, seconds: 30)
        defer { listener.stop() }
        XCTAssertTrue(listener.waitFor { $0.contains("listening") }, "the listener started: \(listener.output)")
        try xdotool(display, ["search", "--sync", "--name", "Tessera", "windowfocus", "--sync"])
        try xdotool(display, ["key", "Tab"])
        XCTAssertTrue(listener.waitFor { $0.contains("tile:photo-01") }, "focus on photo-01 heard: \(listener.output)")
        try xdotool(display, ["key", "Tab"])
        XCTAssertTrue(listener.waitFor { $0.contains("tile:photo-03") }, "focus on photo-03 heard: \(listener.output)")
        listener.stop()
        XCTAssertEqual(run.end(), 0)

        let state = try readJSON(dump)
        XCTAssertEqual(state["selection"] as? [String], ["photo-03"])
        XCTAssertEqual(state["focus"] as? String, "photo-03")
        let focusOrder = listener.events.filter { $0["type"] as? String == "focus:" }.compactMap { $0["id"] as? String }
        XCTAssertEqual(
            focusOrder.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } },
            ["tile:photo-01", "tile:photo-03"])
        let gained = listener.events.filter {
            $0["type"] as? String == "object:state-changed:focused" && $0["detail1"] as? Int == 1
        }
        XCTAssertEqual(gained.compactMap { $0["id"] as? String }, ["tile:photo-01", "tile:photo-03"])
    }

    func testOrcaSaysTheFocusedPhotosNameAfterTab() throws {
        let session = try AccessibilitySession()
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/orca") else {
            throw XCTSkip("orca is not installed")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool") else {
            throw XCTSkip("xdotool is not installed")
        }
        let display = try VirtualDisplay(width: 1280, height: 900)
        let run = try launch(["--window", "800x600"], display, session)
        defer { run.end() }
        let first = flattenTree(try session.tree(display: display.name)).first {
            $0.node["id"] as? String == "tile:photo-01"
        }
        let name = try XCTUnwrap(first?.node["name"] as? String, "the grid's first photo has a name")

        // Orca with its speech and braille off: it still decides what to say, and its debug log records
        // each utterance as `SPEECH OUTPUT: '…'` (orca/speech.py). Its own preferences, not the user's.
        let log = session.folder.appendingPathComponent("orca-debug.out")
        let orca = Process()
        orca.executableURL = URL(fileURLWithPath: "/usr/bin/orca")
        orca.arguments = [
            "--replace", "-d", "speech", "-d", "braille", "-u", session.folder.appendingPathComponent("orca").path,
            "--debug-file=\(log.path)",
        ]
        orca.environment = ProcessInfo.processInfo.environment.merging(session.environment) { $1 }.merging([
            "DISPLAY": display.name, "HOME": session.folder.path,
        ]) { $1 }
        orca.standardOutput = FileHandle.nullDevice
        orca.standardError = FileHandle.nullDevice
        try orca.run()
        defer { if orca.isRunning { kill(orca.processIdentifier, SIGKILL) } }
        // Orca is listening once it is an application on the desktop beside Tessera.
        let deadline = Date().addingTimeInterval(30)
        var started = false
        while !started, Date() < deadline {
            started = session.helper(["list"], display: display.name).stdout.split(separator: "\n").contains("orca")
            if !started { usleep(200_000) }
        }
        XCTAssertTrue(started, "Orca registered")
        try xdotool(display, ["search", "--sync", "--name", "Tessera", "windowfocus", "--sync"])
        try xdotool(display, ["key", "Tab"])
        // The log is written through a buffer that Orca flushes as it quits: it is read after a quit.
        let heard = Date().addingTimeInterval(2)
        while Date() < heard { usleep(100_000) }
        let asked = Date()
        kill(orca.processIdentifier, SIGTERM)
        while orca.isRunning, Date() < asked.addingTimeInterval(20) { usleep(100_000) }
        let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let speech = said.split(separator: "\n").filter { $0.contains("SPEECH OUTPUT") }
        // The window is a frame under the application, activated at registration: Orca has an active
        // window (for flat review and the title bar), as with a GTK or Qt window.
        XCTAssertFalse(said.contains("Unable to find active window"), "Orca found no active window")
        XCTAssertTrue(
            speech.contains { $0.contains(name) }, "Orca says \(name): \(speech.joined(separator: "\n"))")
    }

    func testNothingIsServedUntilAScreenReaderIsOnAndThenTheWindowIs() throws {
        let session = try AccessibilitySession(assistiveTechnology: false)
        let display = try VirtualDisplay(width: 1280, height: 900)
        let run = try launch(["--window", "800x600"], display, session)
        defer { run.end() }
        // Off: Tessera stays off the accessibility bus (the registry lists no Tessera).
        let deadline = Date().addingTimeInterval(3)
        while Date() < deadline { usleep(100_000) }
        let before = session.helper(["list"], display: display.name)
        XCTAssertEqual(before.status, 0, before.stderr)
        XCTAssertFalse(before.stdout.split(separator: "\n").contains("Tessera"), before.stdout)
        let trace = (try? String(contentsOf: run.errors, encoding: .utf8)) ?? ""
        XCTAssertTrue(trace.contains("assistive technology off"), trace)
        // A screen reader starts: the desktop switches IsEnabled on, and the window is read.
        XCTAssertTrue(session.setStatus(true))
        let tree = flattenTree(try session.tree(display: display.name))
        XCTAssertTrue(tree.contains { $0.node["role"] as? String == "page tab" }, "the window is read once on")
    }

    // MARK: Support

    private func xdotool(_ display: VirtualDisplay, _ arguments: [String]) throws {
        let run = AccessibilitySession.shell("/usr/bin/xdotool", arguments, environment: ["DISPLAY": display.name])
        XCTAssertEqual(run.status, 0, "xdotool \(arguments.joined(separator: " ")): \(run.stderr)")
    }

    /// Starts `tessera` in `display`, on `session`'s bus, once it has stayed up (a display that does not
    /// accept clients yet is exit 3: tried again).
    func launch(_ arguments: [String], _ display: VirtualDisplay, _ session: AccessibilitySession) throws
        -> RunningTessera
    {
        for _ in 0..<50 {
            let process = Process()
            process.executableURL = TesseraProcess.executable
            process.arguments = arguments
            process.currentDirectoryURL = folder
            process.environment = TesseraProcess.environment(
                merging: display.environment.merging(session.environment) { $1 }.merging(["TESSERA_A11Y_TRACE": "1"]) {
                    $1
                })
            process.standardOutput = FileHandle.nullDevice
            let errors = folder.appendingPathComponent("stderr.txt")
            FileManager.default.createFile(atPath: errors.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
            let settled = Date().addingTimeInterval(1.5)
            while process.isRunning, Date() < settled { usleep(50_000) }
            if process.isRunning { return RunningTessera(process: process, errors: errors) }
            guard process.terminationStatus == 3 else { break }
            usleep(100_000)
        }
        throw XCTSkip("no window in the virtual display")
    }
}

/// A `tessera` left running, ended with SIGTERM (a quit: it writes its dump).
final class RunningTessera {
    let process: Process
    let errors: URL

    init(process: Process, errors: URL) {
        self.process = process
        self.errors = errors
    }

    /// Ends the run if it still runs; its exit status.
    @discardableResult
    func end() -> Int32 {
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            let deadline = Date().addingTimeInterval(15)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// `atspi_tree.py events`: focus events as a client hears them, one JSON object a line.
final class EventListener {
    private let process = Process()
    private let log: URL

    init(session: AccessibilitySession, display: String, seconds: Int) throws {
        log = session.folder.appendingPathComponent("events-\(UUID().uuidString).txt")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: AccessibilitySession.python)
        process.arguments = ["-u", AccessibilitySession.helper, "events", "\(seconds)"]
        process.environment = ProcessInfo.processInfo.environment.merging(session.environment) { $1 }.merging([
            "DISPLAY": display
        ]) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    var output: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    var events: [[String: Any]] {
        output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// Polls the output until `done` holds of it, at most `limit` seconds.
    func waitFor(limit: Double = 20, _ done: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(limit)
        while Date() < deadline {
            if done(output) { return true }
            usleep(100_000)
        }
        return done(output)
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
