import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraCore

final class ScriptTests: XCTestCase {
    private func parse(_ json: String) throws -> Script { try Script.parse(Data(json.utf8)) }

    private func assertError(_ json: String, mentions text: String, file: StaticString = #filePath, line: UInt = #line)
    {
        assertThrows(try parse(json), mentions: text, file: file, line: line)
    }

    func testTheREADMEExampleParses() throws {
        let script = try parse(
            """
            {"scene": "picker", "window": [1024, 768], "steps": [
              {"at": 0.00, "tap": "photo-03"},
              {"at": 0.05, "click": [120, 340]},
              {"at": 0.50, "drag": {"from": [500, 600], "to": [500, 200], "seconds": 0.12}},
              {"at": 0.70, "drag": {"from": [500, 600], "to": [500, 450], "seconds": 0.3, "hold": 0.2}},
              {"at": 0.80, "wheel": {"at": [500, 400], "dx": 0, "dy": -3}},
              {"at": 1.00, "key": "Right"},
              {"at": 1.20, "resize": [800, 600]},
              {"at": 1.50, "scene": "gallery"},
              {"at": 2.00, "screenshot": "out/flight.png"},
              {"at": 2.00, "dump": "out/flight.json"}
            ]}
            """)
        XCTAssertEqual(script.scene, .named("picker"))
        XCTAssertEqual(script.window, Size(1024, 768))
        XCTAssertEqual(script.steps.count, 10)
        XCTAssertEqual(script.steps[0].action, .tap("photo-03"))
        XCTAssertEqual(
            script.steps[3].action, .drag(from: Point(500, 600), to: Point(500, 450), seconds: 0.3, hold: 0.2))
        XCTAssertEqual(script.steps[4].action, .wheel(at: Point(500, 400), dx: 0, dy: -3))
        XCTAssertEqual(script.steps[7].action, .scene(.named("gallery")))
    }

    func testBadStepsAreNamedByIndex() {
        assertError(
            #"{"steps": [{"at": 0, "tap": "a"}, {"at": 1, "jump": 3}]}"#, mentions: "step 1: unknown action \"jump\"")
        assertError(#"{"steps": [{"at": 0, "click": [1]}]}"#, mentions: "step 0: \"click\"")
        assertError(#"{"steps": [{"tap": "a"}]}"#, mentions: "step 0: \"at\"")
        assertError(#"{"steps": [{"at": 0}]}"#, mentions: "step 0: no action")
        assertError(#"{"steps": [{"at": 0, "tap": "a", "key": "b"}]}"#, mentions: "step 0: more than one action")
        assertError(
            #"{"steps": [{"at": 0, "drag": {"from": [0,0], "to": [1,1]}}]}"#, mentions: "step 0: \"drag.seconds\"")
        assertError(#"{"steps": [{"at": 0, "scene": "nowhere"}]}"#, mentions: "step 0: \"scene\"")
        assertError(#"{"steps": [{"at": 1, "tap": "a"}, {"at": 0.5, "tap": "b"}]}"#, mentions: "step 1")
        assertError(#"{"steps": [{"at": true, "tap": "a"}]}"#, mentions: "step 0: \"at\"")
    }

    /// A key step names a key Tessera knows (any case), checked when the script is read.
    func testKeyStepsAreKeys() throws {
        let script = try parse(#"{"steps": [{"at": 0, "key": "Right"}, {"at": 0, "key": "keypad enter"}]}"#)
        XCTAssertEqual(script.steps.map(\.action), [.key(.right), .key(.keypadEnter)])
        assertError(
            #"{"steps": [{"at": 0, "key": "Right"}, {"at": 1, "key": "NoSuchKey"}]}"#,
            mentions: #"step 1: "key": "NoSuchKey" is not a key Tessera knows"#)
        assertError(#"{"steps": [{"at": 0, "key": ""}]}"#, mentions: #"step 0: "key""#)
        var player = ScriptPlayer(script: script)
        var events: [ScriptPlayer.Event] = []
        player.events(at: 0, into: &events)
        XCTAssertEqual(events, [.input(.key(.right)), .input(.key(.keypadEnter))])
    }

    func testTruncatedAndOddFiles() {
        assertError(#"{"steps": [{"at": 0, "tap": "#, mentions: "not valid JSON")
        assertError("[]", mentions: "expected a JSON object")
        assertError(#"{"steps": 3}"#, mentions: "\"steps\"")
        assertError(#"{"steps": [], "speed": 2}"#, mentions: "unknown top-level key \"speed\"")
    }

    func testPlayerSpreadsADragOverStepsAndHolds() {
        let script = Script(steps: [
            .init(at: 0.1, action: .drag(from: Point(0, 0), to: Point(0, 100), seconds: 0.1, hold: 0.05))
        ])
        var player = ScriptPlayer(script: script)
        var all: [ScriptPlayer.Event] = []
        var step = 0
        while !player.isFinished, step < 1000 {
            player.events(at: Double(step) / 100, into: &all)
            step += 1
        }
        guard case .input(.pointerDown(Point(0, 0), _)) = all.first else {
            return XCTFail("starts with a press: \(all)")
        }
        guard case .input(.pointerUp(Point(0, 100), let releaseTime)) = all.last else {
            return XCTFail("ends released")
        }
        XCTAssertEqual(releaseTime, 0.25, accuracy: 1e-9)
        let moves = all.compactMap { event -> Point? in
            if case .input(.pointerMove(let p, _)) = event { return p }
            return nil
        }
        XCTAssertEqual(moves.first?.y ?? 0, 10, accuracy: 1e-9, "one move per step")
        XCTAssertEqual(moves.last, Point(0, 100))
        XCTAssertEqual(player.endTime, 0.25, accuracy: 1e-9)
    }
}

/// The touch steps (docs/REFERENCE.md, "Scripts"): pinch, doubleTap, and drag with `"touch": true`.
final class ScriptTouchStepTests: XCTestCase {
    private func parse(_ json: String) throws -> Script { try Script.parse(Data(json.utf8)) }

    func testTouchStepsParseAndRoundTrip() throws {
        let script = try parse(
            """
            {"steps": [
              {"at": 0.5, "pinch": {"center": [400, 300], "from": 120, "to": 330, "seconds": 0.4}},
              {"at": 1.0, "doubleTap": "photo-03"},
              {"at": 1.5, "doubleTap": [10, 20]},
              {"at": 2.0, "drag": {"from": [1, 2], "to": [3, 4], "seconds": 0.2, "touch": true}},
              {"at": 2.5, "drag": {"from": [1, 2], "to": [3, 4], "seconds": 0.2, "touch": false}}
            ]}
            """)
        XCTAssertEqual(
            script.steps.map(\.action),
            [
                .touch(.pinch(center: Point(400, 300), from: 120, to: 330, seconds: 0.4)),
                .touch(.doubleTap(id: "photo-03", at: .zero)), .touch(.doubleTap(id: nil, at: Point(10, 20))),
                .touch(.drag(from: Point(1, 2), to: Point(3, 4), seconds: 0.2, hold: 0)),
                .drag(from: Point(1, 2), to: Point(3, 4), seconds: 0.2, hold: 0),
            ])
        XCTAssertEqual(try Script.parse(script.jsonData()), script)
    }

    func testBadTouchStepsAreNamed() {
        assertThrows(
            try parse(#"{"steps": [{"at": 0, "pinch": {"center": [1, 2], "to": 3, "seconds": 1}}]}"#),
            mentions: "pinch.from")
        assertThrows(
            try parse(
                #"{"steps": [{"at": 0, "pinch": {"center": [1, 2], "from": 1, "to": 3, "seconds": 1, "x": 1}}]}"#),
            mentions: "unknown key")
        assertThrows(try parse(#"{"steps": [{"at": 0, "doubleTap": 3}]}"#), mentions: "doubleTap")
        assertThrows(
            try parse(#"{"steps": [{"at": 0, "drag": {"from": [1, 2], "to": [3, 4], "seconds": 1, "touch": 1}}]}"#),
            mentions: "drag.touch")
    }

    /// A pinch is two real fingers on a horizontal line through the centre; a double tap two taps 0.1 s
    /// apart; both as finger events.
    func testTouchStepsPlayAsFingers() throws {
        let script = try parse(
            """
            {"steps": [
              {"at": 0, "pinch": {"center": [400, 300], "from": 100, "to": 200, "seconds": 0.05}},
              {"at": 1, "doubleTap": [10, 20]}
            ]}
            """)
        var player = ScriptPlayer(script: script)
        var all: [ScriptPlayer.Event] = []
        for step in 0..<150 { player.events(at: Double(step) / 120, into: &all) }
        let inputs = all.compactMap { if case .input(let e) = $0 { return e } else { return nil } }
        XCTAssertEqual(inputs.first, .fingerDown(1, Point(350, 300), time: 0))
        XCTAssertEqual(inputs[1], .fingerDown(2, Point(450, 300), time: 0))
        let lifts = inputs.filter { if case .fingerUp = $0 { return true } else { return false } }
        XCTAssertEqual(lifts.count, 4)
        XCTAssertTrue(inputs.contains(.fingerUp(1, Point(300, 300), time: 6.0 / 120)))
        XCTAssertTrue(inputs.contains(.fingerDown(0, Point(10, 20), time: 1)))
        XCTAssertTrue(inputs.contains(.fingerDown(0, Point(10, 20), time: 1.1)), "the second tap, 0.1 s later")
        XCTAssertEqual(player.endTime, 1.1, accuracy: 1e-9)
    }
}
