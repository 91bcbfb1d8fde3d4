import Foundation
import XCTest

/// The picker driven end to end through `tessera --headless --script`, reading dumps and screenshots.
final class PickerScenarioTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    @discardableResult
    private func runScript(_ steps: String, extra: [String] = []) throws -> TesseraProcess.Result {
        let script = folder.appendingPathComponent("script.json")
        try #"{"scene": "picker", "window": [1024, 768], "steps": [\#(steps)]}"#.write(
            to: script, atomically: true, encoding: .utf8)
        let result = try TesseraProcess.run(["--headless", "--script", script.path] + extra, in: folder)
        XCTAssertEqual(result.exitCode, 0, result.stderr)
        return result
    }

    private func tile(_ id: String, in dump: [String: Any]) -> [String: Any]? {
        (dump["tiles"] as? [[String: Any]])?.first { $0["id"] as? String == id }
    }

    func testTapFliesToTheDockAndBackThroughTheRealBinary() throws {
        try runScript(
            """
            {"at": 0, "tap": "photo-03"},
            {"at": 0.05, "dump": "mid.json"},
            {"at": 1.0, "dump": "docked.json"},
            {"at": 1.0, "tap": "photo-03"},
            {"at": 2.0, "dump": "back.json"}
            """)
        let mid = try readJSON(folder.appendingPathComponent("mid.json"))
        XCTAssertEqual(tile("photo-03", in: mid)?["layer"] as? String, "flight")
        let docked = try readJSON(folder.appendingPathComponent("docked.json"))
        XCTAssertEqual(docked["selection"] as? [String], ["photo-03"])
        let t = try XCTUnwrap(tile("photo-03", in: docked))
        XCTAssertEqual(t["moving"] as? Bool, false)
        let presented = try XCTUnwrap(t["presented"] as? [Double])
        let target = try XCTUnwrap(t["target"] as? [Double])
        for (p, q) in zip(presented, target) { XCTAssertEqual(p, q, accuracy: 0.5) }
        let back = try readJSON(folder.appendingPathComponent("back.json"))
        XCTAssertEqual(back["selection"] as? [String], [])
        let grid = (back["containers"] as? [[String: Any]])?.first { $0["id"] as? String == "grid" }
        XCTAssertEqual((grid?["items"] as? [String])?.last, "photo-03")
    }

    func testScreenshotsAtRestAndMidFlightMatchTheReferences() throws {
        try runScript(
            """
            {"at": 0, "screenshot": "rest.png"},
            {"at": 0, "tap": "photo-05"},
            {"at": 0, "tap": "photo-14"},
            {"at": 0.06, "screenshot": "flight.png"},
            {"at": 1.0, "screenshot": "docked.png"}
            """)
        try ImageComparison.assertMatches(folder.appendingPathComponent("rest.png"), reference: "picker-rest")
        try ImageComparison.assertMatches(folder.appendingPathComponent("flight.png"), reference: "picker-flight")
        try ImageComparison.assertMatches(folder.appendingPathComponent("docked.png"), reference: "picker-docked")
    }

    func testRenderEveryAndFramesGiveTheSameFinalState() throws {
        let steps = #"{"at": 0, "tap": "photo-01"}, {"at": 0.2, "tap": "photo-02"}"#
        try runScript(steps, extra: ["--frames", "240", "--dump-state", "a.json"])
        try runScript(
            steps, extra: ["--frames", "240", "--render-every", "7", "--dump-state", "b.json", "--screenshot", "b.png"])
        XCTAssertEqual(
            try Data(contentsOf: folder.appendingPathComponent("a.json")),
            try Data(contentsOf: folder.appendingPathComponent("b.json")), "rendering never changes state")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("b.png").path))
    }

    /// Headless runs use simulated time only: the same script gives the same bytes.
    func testHeadlessRunsAreBitForBitRepeatable() throws {
        let steps =
            #"{"at": 0, "tap": "photo-09"}, {"at": 0.04, "screenshot": "a.png"}, {"at": 0.04, "dump": "a.json"}"#
        try runScript(steps)
        let png = try Data(contentsOf: folder.appendingPathComponent("a.png"))
        let json = try Data(contentsOf: folder.appendingPathComponent("a.json"))
        try runScript(steps)
        XCTAssertEqual(png, try Data(contentsOf: folder.appendingPathComponent("a.png")))
        XCTAssertEqual(json, try Data(contentsOf: folder.appendingPathComponent("a.json")))
    }
}
