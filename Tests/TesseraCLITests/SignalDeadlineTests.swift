import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// SIGTERM ends any run within a second, whatever it is doing, and takes the run's own orderly exit:
/// exit 0 with its outputs whole (issue 44). Each deadline is the promise itself, not a benchmark.
final class SignalDeadlineTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Waits (at most 30 s) until `name` is in the folder: the run has got that far.
    private func waitFor(_ name: String) {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) {
            usleep(1000)
        }
    }

    func testSIGTERMAmongThreeHundredScreenshotStepsAtOneInstantEndsTheRunWithinASecond() throws {
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("shots"), withIntermediateDirectories: true)
        let steps = (0..<300).map { #"{"at": 0, "screenshot": "shots/\#($0).png"}"# }.joined(separator: ", ")
        let script = try writeScript(steps, in: folder)
        let run = try SpawnedRun(["--headless", "--script", script, "--dump-state", "dump.json"], in: folder)
        waitFor("shots/0.png")
        kill(run.pid, SIGTERM)
        XCTAssertEqual(run.exit(within: 1), 0, run.stderr)
        XCTAssertNotNil(try readJSON(folder.appendingPathComponent("dump.json"))["step"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("shots/299.png").path))
    }

    /// 100,000 empty `.jpg` files: a scan that reads every header takes seconds; a SIGTERM ends it.
    func testSIGTERMDuringAScanOfAHundredThousandFilesEndsTheRunWithinASecond() throws {
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for index in 0..<100_000 {
            close(open(photos.appendingPathComponent("p\(index).jpg").path, O_WRONLY | O_CREAT, 0o644))
        }
        let run = try SpawnedRun(
            ["--headless", "--photos", photos.path, "--frames", "100000000", "--dump-state", "dump.json"],
            in: folder)
        usleep(300_000)
        kill(run.pid, SIGTERM)
        XCTAssertEqual(run.exit(within: 1), 0, String(run.stderr.prefix(500)))
        XCTAssertNotNil(try readJSON(folder.appendingPathComponent("dump.json"))["step"])
    }

    /// A signal sent before the program's first instruction (held pending by a mask its parent set,
    /// which `execve` keeps) is taken once the handlers are in: an orderly exit, not a death by it, and
    /// not a run deaf to it for good.
    func testASignalFromBeforeTheStartTakesTheOrderlyExit() throws {
        for signal in [SIGTERM, SIGINT] {
            let dump = "dump-\(signal).json"
            let run = try SpawnedRun(
                ["--headless", "--frames", "100000000", "--dump-state", dump], in: folder,
                blocking: [SIGTERM, SIGINT, SIGHUP])
            kill(run.pid, signal)
            XCTAssertEqual(run.exit(within: 10), 0, "signal \(signal): \(run.stderr)")
            XCTAssertNotNil(try readJSON(folder.appendingPathComponent(dump))["step"], "signal \(signal)")
        }
        // SIGHUP asks for a reload, which a headless run has nothing to do with: it must not end it.
        let run = try SpawnedRun(
            ["--headless", "--frames", "100000000", "--dump-state", "hup.json"], in: folder,
            blocking: [SIGTERM, SIGINT, SIGHUP])
        kill(run.pid, SIGHUP)
        usleep(500_000)
        kill(run.pid, SIGTERM)
        XCTAssertEqual(run.exit(within: 10), 0, run.stderr)
        XCTAssertNotNil(try readJSON(folder.appendingPathComponent("hup.json"))["step"])
    }

    /// A storm cut short is no violation: exit 0, and its dump, profile and trace written whole.
    func testSIGTERMOrSIGINTDuringAStormIsAnOrderlyExit() throws {
        for signal in [SIGTERM, SIGINT] {
            let trace = "trace-\(signal).json"
            let run = try SpawnedRun(
                [
                    "--headless", "--monkey", "7", "--frames", "60000", "--render-every", "6", "--dump-state",
                    "dump-\(signal).json", "--profile-json", "profile-\(signal).json", "--trace", trace,
                ], in: folder)
            usleep(1_500_000)
            kill(run.pid, signal)
            XCTAssertEqual(run.exit(within: 1), 0, "signal \(signal): \(run.stderr)")
            XCTAssertNotNil(try readJSON(folder.appendingPathComponent("dump-\(signal).json"))["step"])
            XCTAssertNotNil(try readJSON(folder.appendingPathComponent("profile-\(signal).json"))["frames"])
            XCTAssertNotNil(try readJSON(folder.appendingPathComponent(trace))["traceEvents"])
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("monkey-7.json").path))
        }
    }

    /// A window asks the desktop for its appearance (`appearance: system`); every tool it could ask
    /// ignores SIGTERM and never answers. A SIGTERM meanwhile still ends the run within a second.
    func testSIGTERMWhileADesktopToolHangsEndsAWindowedRunWithinASecond() throws {
        let display = try VirtualDisplay(width: 640, height: 480)
        let tools = folder.appendingPathComponent("tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        for name in ["gdbus", "busctl", "gsettings"] {
            let path = tools.appendingPathComponent(name).path
            try "#!/bin/sh\ntrap '' TERM\nsleep 30\n".write(toFile: path, atomically: true, encoding: .utf8)
            chmod(path, 0o755)
        }
        var environment = display.environment
        environment["PATH"] = tools.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try SpawnedRun(["--dump-state", "dump.json"], in: folder, environment: environment)
        usleep(500_000)
        kill(run.pid, SIGTERM)
        XCTAssertEqual(run.exit(within: 1), 0, run.stderr)
        XCTAssertNotNil(try readJSON(folder.appendingPathComponent("dump.json"))["window"])
    }
}
