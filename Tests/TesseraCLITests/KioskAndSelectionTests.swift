import Foundation
import XCTest

/// Confirmed selections reach the disk before anything else happens, and the kiosk fills a real screen.
final class KioskAndSelectionTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func writeScript(_ steps: String) throws -> String { try TesseraCLITests.writeScript(steps, in: folder) }

    func testTapTwoPressReturnWritesOneLineAndEmptiesTheDock() throws {
        let script = try writeScript(
            #"{"at": 0, "tap": "photo-02"}, {"at": 0.2, "tap": "photo-11"}, {"at": 0.6, "key": "Return"}"#)
        let output = folder.appendingPathComponent("selections.jsonl")
        let dump = folder.appendingPathComponent("end.json")
        let result = try TesseraProcess.run(
            ["--headless", "--script", script, "--output", output.path, "--dump-state", dump.path], in: folder)
        XCTAssertEqual(result.exitCode, 0, result.stderr)
        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        let photos = try XCTUnwrap(object["photos"] as? [String])
        XCTAssertEqual(photos.map { ($0 as NSString).lastPathComponent }, ["photo-02.jpg", "photo-11.jpg"])
        XCTAssertTrue(photos.allSatisfy { $0.hasPrefix("/") }, "absolute paths")
        XCTAssertNotNil(object["time"] as? String)
        XCTAssertEqual(try readJSON(dump)["selection"] as? [String], [])
    }

    func testWithoutOutputTheLineGoesToStdout() throws {
        let script = try writeScript(#"{"at": 0, "tap": "photo-02"}, {"at": 0.3, "key": "Return"}"#)
        let result = try TesseraProcess.run(["--headless", "--script", script], in: folder)
        XCTAssertEqual(result.exitCode, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasSuffix("\n"))
        XCTAssertTrue(result.stdout.contains("photo-02.jpg"), result.stdout)
    }

    /// Killed (SIGKILL, no chance to clean up) the moment the line appears: the line is whole.
    func testKilledRightAfterConfirmingTheLineIsIntact() throws {
        let script = try writeScript(
            #"{"at": 0, "tap": "photo-04"}, {"at": 0.1, "tap": "photo-09"}, {"at": 0.3, "key": "Return"}"#)
        let output = folder.appendingPathComponent("selections.jsonl")
        let process = Process()
        process.executableURL = TesseraProcess.executable
        process.arguments = [
            "--headless", "--script", script, "--output", output.path, "--frames", "100000000", "--render-every",
            "1000",
        ]
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, (try? Data(contentsOf: output))?.isEmpty ?? true { usleep(200) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal, "it was still running when killed")
        let text = try String(contentsOf: output, encoding: .utf8)
        XCTAssertTrue(text.hasSuffix("\n"), "a whole line: \(text)")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual((object["photos"] as? [String])?.count, 2)
    }

    /// Under a real X server the kiosk fills the display (needs Xvfb, which `make test` installs).
    func testKioskIsFullscreenUnderXvfb() throws {
        let display = try VirtualDisplay(width: 1280, height: 800)
        let dump = folder.appendingPathComponent("kiosk.json")
        let result = try display.run(["--kiosk", "--frames", "60", "--dump-state", dump.path], in: folder)
        XCTAssertEqual(result.exitCode, 0, result.stderr)
        XCTAssertEqual(try readJSON(dump)["window"] as? [Double], [1280, 800])
    }
}
