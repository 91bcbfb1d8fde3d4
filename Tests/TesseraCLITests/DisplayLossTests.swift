import Foundation
import XCTest

/// The display going away under a kiosk (`DisplayLoss`): `kill -9` of the X server, of cage with
/// Tessera on Wayland, of cage with Tessera on Xwayland. Each run must end within a second with exit 5,
/// after `STOPPING=1` and no watchdog ping after it, its `--trace` valid JSON and its `--dump-state`
/// written (issue 45).
final class DisplayLossTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testKillingTheXServerEndsAKioskWithExitFive() throws {
        guard let xvfb = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first(where: FileManager.default.isExecutableFile)
        else { throw XCTSkip("Xvfb is not installed") }
        let number = (140..<200).first { !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)") } ?? 140
        let server = Process()
        server.executableURL = URL(fileURLWithPath: xvfb)
        server.arguments = [":\(number)", "-screen", "0", "800x600x24", "-nolisten", "tcp"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { usleep(50_000) }

        let listener = try NotifyListener(path: folder.appendingPathComponent("notify").path)
        let trace = folder.appendingPathComponent("trace.json")
        let dump = folder.appendingPathComponent("dump.json")
        let run = Process()
        run.executableURL = TesseraProcess.executable
        run.arguments = ["--kiosk", "--trace", trace.path, "--dump-state", dump.path]
        run.currentDirectoryURL = folder
        run.environment = TesseraProcess.environment(merging: [
            "DISPLAY": ":\(number)", "SDL_VIDEODRIVER": "x11", "NOTIFY_SOCKET": listener.path,
            "WATCHDOG_USEC": "1000000",
        ])
        run.standardOutput = FileHandle.nullDevice
        run.standardError = FileHandle.nullDevice
        try run.run()
        defer { if run.isRunning { run.terminate() } }
        XCTAssertNotNil(listener.wait(for: "READY=1", upTo: 15), "READY=1")
        kill(server.processIdentifier, SIGKILL)
        let killed = Date()
        while run.isRunning && Date().timeIntervalSince(killed) < 5 { usleep(5000) }
        let took = Date().timeIntervalSince(killed)
        XCTAssertFalse(run.isRunning)
        run.waitUntilExit()
        XCTAssertEqual(run.terminationStatus, 5, "exit 5: the display went away")
        XCTAssertLessThan(took, 1, "within a second")
        try checkLastWords(listener, trace: trace, dump: dump)
    }

    func testKillingCageEndsANativeWaylandKioskWithExitFive() throws {
        try killCage(driver: "wayland")
    }

    func testKillingCageEndsAnXwaylandKioskWithExitFive() throws {
        try killCage(driver: "x11")
    }

    /// A plain window is not a kiosk, but a dead compositor is no user's quit either: exit 5, not 0.
    func testKillingCageEndsANativeWindowWithExitFive() throws {
        try killCage(driver: "wayland", kiosk: false)
    }

    private func killCage(driver: String, kiosk: Bool = true) throws {
        let cage = try HeadlessCage()
        let listener = try NotifyListener(path: cage.writable("notify").path)
        let trace = cage.writable("trace.json")
        let dump = cage.writable("dump.json")
        let code = cage.writable("exit-code")
        try cage.start(
            driver: driver, (kiosk ? ["--kiosk"] : []) + ["--trace", trace.path, "--dump-state", dump.path],
            environment: ["NOTIFY_SOCKET": listener.path, "WATCHDOG_USEC": "1000000"], exitCodeFile: code)
        XCTAssertNotNil(listener.wait(for: "READY=1", upTo: 30), "READY=1")
        let pid = try XCTUnwrap(cage.cagePID, "cage runs Tessera")
        kill(pid, SIGKILL)
        let killed = Date()
        while cage.tesseraPID != nil && Date().timeIntervalSince(killed) < 5 { usleep(5000) }
        let took = Date().timeIntervalSince(killed)
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: code.path) { usleep(20_000) }
        let status = try String(contentsOf: code, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(status, "5", "exit 5: the display went away")
        XCTAssertLessThan(took, 1, "within a second")
        try checkLastWords(listener, trace: trace, dump: dump)
    }

    /// `STOPPING=1` saying why, nothing after it, the trace whole and the dump written.
    private func checkLastWords(_ listener: NotifyListener, trace: URL, dump: URL) throws {
        _ = listener.count(of: "WATCHDOG=1", during: 0.3)
        let stopping = try XCTUnwrap(listener.received.lastIndex { $0.hasPrefix("STOPPING=1") }, "STOPPING=1 sent")
        XCTAssertTrue(listener.received[stopping].contains("STATUS=The display went away"))
        XCTAssertEqual(stopping, listener.received.count - 1, "no watchdog ping after STOPPING=1")
        let traceData = try Data(contentsOf: trace)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: traceData), "the trace is valid JSON")
        let state = try readJSON(dump)
        XCTAssertNotNil(state["window"], "the dump is written")
    }
}
