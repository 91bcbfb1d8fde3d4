import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraCore

/// Scripts drive the simulation and write dumps, as `tessera --headless --script` does.
final class FrameLoopTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func run(_ json: String, frames: Int? = nil) throws -> Simulation {
        let script = try Script.parse(Data(json.replacingOccurrences(of: "$DIR", with: folder.path).utf8))
        let sim = makeSimulation()
        try FrameLoop(
            writingFiles: sim, sink: NullSink(), timing: .simulated, script: script, frames: frames, renderEvery: 1
        ).run()
        return sim
    }

    private func dump(_ name: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name))) as! [String: Any]
    }

    func testMidRunDumpAndEndWhenSettled() throws {
        let sim = try run(
            #"{"steps": [{"at": 0, "tap": "photo-03"}, {"at": 0.05, "dump": "$DIR/mid/flight.json"}]}"#)
        let mid = try dump("mid/flight.json")
        XCTAssertEqual(mid["step"] as? Int, 6)
        let tile = (mid["tiles"] as! [[String: Any]]).first { $0["id"] as? String == "photo-03" }!
        XCTAssertEqual(tile["layer"] as? String, "flight")
        XCTAssertEqual(mid["selection"] as? [String], ["photo-03"])
        XCTAssertTrue(mid["overlay"] is NSNull, "overlay is an explicit null")
        XCTAssertTrue(sim.isSettled, "without --frames the run ends once settled")
        XCTAssertLessThan(sim.time, 2)
    }

    func testFramesStopsAtExactlyThatStep() throws {
        let sim = try run(#"{"steps": []}"#, frames: 37)
        XCTAssertEqual(sim.stepCount, 37)
    }

    func testTapOnAMissingTileNamesTheStep() {
        XCTAssertThrowsError(try run(#"{"steps": [{"at": 0, "tap": "photo-03"}, {"at": 0.1, "tap": "nope"}]}"#)) {
            XCTAssertTrue("\($0)".contains("step 1"), "\($0)")
            XCTAssertEqual(($0 as? FrameLoop.Failure)?.exitCode, 2)
        }
    }

    /// A key step is played as that key: "3" shows the third scene, Escape in the gallery does nothing.
    func testKeyStepsArePlayed() throws {
        let sim = try run(#"{"steps": [{"at": 0, "key": "3"}, {"at": 0.1, "key": "escape"}]}"#)
        XCTAssertEqual(sim.currentScene, SceneID.allCases[2])
    }

    func testSameScriptSameState() throws {
        let json = #"""
            {"steps": [{"at": 0, "tap": "photo-03"}, {"at": 0.1, "tap": "photo-09"},
                       {"at": 0.3, "drag": {"from": [500, 300], "to": [500, 150], "seconds": 0.1}},
                       {"at": 0.6, "tap": "photo-03"}, {"at": 0.7, "dump": "$DIR/end.json"}]}
            """#
        _ = try run(json)
        let first = try Data(contentsOf: folder.appendingPathComponent("end.json"))
        _ = try run(json)
        XCTAssertEqual(first, try Data(contentsOf: folder.appendingPathComponent("end.json")))
    }

    func testSceneSwitchKeepsThePickersSelection() throws {
        let sim = try run(
            #"{"steps": [{"at": 0, "tap": "photo-03"}, {"at": 0.1, "key": "3"}, {"at": 0.2, "scene": "picker"}]}"#)
        XCTAssertEqual(sim.dump().selection, ["photo-03"])
        XCTAssertEqual(sim.currentScene, .named("picker"))
    }

    /// A window squeezed to nothing and back: the run goes on, laid out at no less than 1×1, and every
    /// photo comes back to rest where it belongs.
    func testAWindowResizedToNothingAndBack() throws {
        let sim = try run(
            #"{"steps": [{"at": 0, "tap": "photo-03"}, {"at": 0.05, "resize": [0, 0]}, {"at": 0.3, "resize": [1, 1]},"#
                + #" {"at": 0.6, "resize": [1024, 768]}, {"at": 2, "dump": "$DIR/back.json"}]}"#)
        XCTAssertEqual(sim.window, Size(1024, 768))
        XCTAssertTrue(sim.isSettled)
        XCTAssertEqual(Invariants.violations(of: sim), [])
        XCTAssertEqual(sim.tile("photo-03")?.presented, Rect(32, 636, 100, 100))
    }
}
