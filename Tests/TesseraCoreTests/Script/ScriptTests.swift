import Foundation
import XCTest

@testable import TesseraCore

final class ScriptTests: XCTestCase {
    private func parse(_ json: String) throws -> Script { try Script.parse(Data(json.utf8)) }

    private func assertError(_ json: String, mentions text: String, file: StaticString = #filePath, line: UInt = #line)
    {
        assertThrows(try parse(json), mentions: text, file: file, line: line)
    }

    func testTheContractExampleParses() throws {
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
        XCTAssertEqual(script.scene, .picker)
        XCTAssertEqual(script.window, Size(1024, 768))
        XCTAssertEqual(script.steps.count, 10)
        XCTAssertEqual(script.steps[0].action, .tap("photo-03"))
        XCTAssertEqual(
            script.steps[3].action, .drag(from: Point(500, 600), to: Point(500, 450), seconds: 0.3, hold: 0.2))
        XCTAssertEqual(script.steps[4].action, .wheel(at: Point(500, 400), dx: 0, dy: -3))
        XCTAssertEqual(script.steps[7].action, .scene(.gallery))
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
