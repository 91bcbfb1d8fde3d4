import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraCore

/// Script steps that name elements by accessible name and role, and `activate`.
final class ScriptElementTests: XCTestCase {
    private func parse(_ json: String) throws -> Script { try Script.parse(Data(json.utf8)) }

    func testStepsNameElementsAndRoundTrip() throws {
        let script = try parse(
            """
            {"steps": [{"at": 0, "tap": {"name": "Done"}},
                       {"at": 0.2, "activate": {"role": "page tab", "name": "Gallery"}},
                       {"at": 0.3, "activate": {"name": "photo-03", "action": "select"}},
                       {"at": 0.4, "activate": "photo-04"}]}
            """)
        XCTAssertEqual(script.steps[0].action, .tapElement(ElementQuery(name: "Done", role: nil)))
        XCTAssertEqual(
            script.steps[1].action, .activate(.named(ElementQuery(name: "Gallery", role: .pageTab)), .activate))
        XCTAssertEqual(script.steps[2].action, .activate(.named(ElementQuery(name: "photo-03", role: nil)), .select))
        XCTAssertEqual(script.steps[3].action, .activate(.tile("photo-04"), .activate))
        XCTAssertEqual(try Script.parse(script.jsonData()), script)
    }

    func testBadElementsNameTheStepAndTheKey() {
        assertThrows(try parse(#"{"steps": [{"at": 0, "tap": {"role": "button"}}]}"#), mentions: "step 0: \"tap.name\"")
        assertThrows(
            try parse(#"{"steps": [{"at": 0, "activate": {"name": "x", "role": "knob"}}]}"#),
            mentions: "\"activate.role\": expected one of")
        assertThrows(
            try parse(#"{"steps": [{"at": 0, "activate": {"name": "x", "action": "dance"}}]}"#),
            mentions: "\"activate.action\"")
        assertThrows(try parse(#"{"steps": [{"at": 0, "tap": {"name": "x", "colour": 1}}]}"#), mentions: "colour")
    }

    func testARunActivatesByNameAndFailsOnWhatIsNotThere() throws {
        let sim = makeSimulation()
        let loop = try FrameLoop(
            simulation: sim, sink: NullSink(), timing: .simulated,
            script: try parse(
                #"{"steps": [{"at": 0.1, "activate": {"name": "photo-05", "action": "select"}}, {"at": 0.2, "tap": {"name": "photo-06", "role": "image"}}, {"at": 0.5, "activate": {"role": "page tab", "name": "Waterfall"}}]}"#
            ))
        try loop.run()
        XCTAssertEqual(sim.currentScene, .named("waterfall"))
        sim.switchScene(to: .named("picker"))
        XCTAssertEqual(sim.scene.selection, ["photo-05", "photo-06"])

        let missing = try FrameLoop(
            simulation: makeSimulation(), sink: NullSink(), timing: .simulated,
            script: try parse(#"{"steps": [{"at": 0, "activate": {"name": "Nobody"}}]}"#))
        assertThrows(try missing.run(), mentions: "script step 0: nothing called \"Nobody\"")
        let wrongAction = try FrameLoop(
            simulation: makeSimulation(), sink: NullSink(), timing: .simulated,
            script: try parse(#"{"steps": [{"at": 0, "activate": {"name": "photo-01", "action": "zoom in"}}]}"#))
        assertThrows(try wrongAction.run(), mentions: "has no action \"zoom in\"")
    }
}
