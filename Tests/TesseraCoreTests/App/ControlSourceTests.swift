import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraCore

/// The control socket's requests as the run loop answers them (`ControlSource`): a script step without
/// `"at"` is played now, `{"dump": true}` answers the dump, and anything else is an error that changes
/// nothing.
final class ControlSourceTests: XCTestCase {
    private var folder: URL!
    private var server: ControlServer!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-control-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        server = try ControlServer(path: folder.appendingPathComponent("s").path, wake: {})
    }

    override func tearDownWithError() throws {
        server = nil
        try? FileManager.default.removeItem(at: folder)
    }

    /// The loop a source answers for (it holds it unowned, as the launcher's loop holds its sources).
    private var loop: FrameLoop!

    private func source() throws -> (ControlSource, Simulation, FrameLoop) {
        let simulation = makeSimulation()
        loop = try FrameLoop(simulation: simulation, sink: NullSink(), timing: .simulated)
        return (ControlSource(server: server, loop: loop, reload: nil), simulation, loop)
    }

    private func state(_ simulation: Simulation) throws -> Data {
        simulation.layOutIfNeeded()
        return try simulation.dump().jsonData()
    }

    func testBadRequestsAnswerAnErrorAndChangeNothing() throws {
        let (control, simulation, _) = try source()
        let before = try state(simulation)
        for (request, error) in [
            ("not json", "not a JSON object"),
            ("[1, 2]", "not a JSON object"),
            (#"{"tap": "no-such-photo"}"#, #"no tile "no-such-photo" in the picker scene"#),
            (#"{"at": 2, "key": "Escape"}"#, #""at": a control request happens now, without "at""#),
            (#"{"fly": true}"#, #"unknown action "fly""#),
            (#"{"scene": "nowhere"}"#, nil),
            (#"{"reload": true}"#, "this run does not reload its config"),
            (#"{"dump": false}"#, nil),
        ] {
            let answer = control.answer(request, simulation: simulation)
            XCTAssertNil(answer["ok"], request)
            let message = try XCTUnwrap(answer["error"] as? String, request)
            if let error { XCTAssertEqual(message, error, request) }
        }
        XCTAssertEqual(try state(simulation), before)
    }

    func testADumpIsAnsweredInline() throws {
        let (control, simulation, _) = try source()
        let answer = control.answer(#"{"dump": true}"#, simulation: simulation)
        XCTAssertEqual(answer["ok"] as? Bool, true)
        let dump = try XCTUnwrap(answer["dump"] as? [String: Any])
        XCTAssertEqual(dump["scene"] as? String, "picker")
        XCTAssertNotNil(ControlSource.encode(answer).range(of: #""ok":true"#))
        XCTAssertFalse(ControlSource.encode(answer).contains("\n"), "one line")
    }

    func testStepsArePlayedNow() throws {
        let (control, simulation, _) = try source()
        XCTAssertEqual(control.answer(#"{"tap": "photo-01"}"#, simulation: simulation)["ok"] as? Bool, true)
        XCTAssertEqual(simulation.dump().selection, ["photo-01"])
        XCTAssertEqual(control.answer(#"{"scene": "gallery"}"#, simulation: simulation)["ok"] as? Bool, true)
        XCTAssertEqual(simulation.currentScene, SceneID.named("gallery"))
    }

    func testADragGoesOnOverTheStepsThatFollow() throws {
        let simulation = makeSimulation(photos: 200)
        let loop = try FrameLoop(simulation: simulation, sink: NullSink(), timing: .simulated, frames: 120)
        let control = ControlSource(server: server, loop: loop, reload: nil)
        simulation.layOutIfNeeded()
        let before = try XCTUnwrap(simulation.dump().containers.first?.offset)
        let request = #"{"drag": {"from": [500, 600], "to": [500, 200], "seconds": 0.3}}"#
        XCTAssertEqual(control.answer(request, simulation: simulation)["ok"] as? Bool, true)
        // The loop's next steps move the finger on and lift it: the grid scrolled.
        try loop.run()
        let after = try XCTUnwrap(simulation.dump().containers.first?.offset)
        XCTAssertGreaterThan(abs(after.y - before.y), 100, "scrolled by the drag")
    }
}
