import Foundation
import XCTest

@testable import TesseraCore

/// A script's steps are counted in its bytes before any JSON object is made (issue 44: 600,000 steps
/// under the 16 MB cap peaked at 1.8 GB).
final class ScriptStepCountTests: XCTestCase {
    private func count(_ json: String, limit: Int = 100) -> Int? {
        ScriptStepCount.count(Data(json.utf8), limit: limit)
    }

    func testCountsTheElementsOfTheRootStepsArrayOnly() {
        XCTAssertEqual(count(#"{"steps": []}"#), 0)
        XCTAssertEqual(
            count(
                #"{"scene": "steps", "window": [1, 2], "steps": [{"at": 0, "tap": "a,b]"}, {"at": 1, "drag": {"from": [0, 0], "to": [1, 1]}}, 3, "x\"]"]}"#
            ), 4)
        XCTAssertEqual(count(#"{"window": [{"steps": [1, 2, 3]}], "steps": [{"at": 0, "key": "Tab"}]}"#), 1)
        XCTAssertNil(count("[1, 2]"), "not an object: the parser says what is wrong")
    }

    func testStopsCountingPastTheLimit() {
        let steps = Array(repeating: #"{"at": 0, "key": "Tab"}"#, count: 50).joined(separator: ",")
        XCTAssertEqual(count(#"{"steps": [\#(steps)]}"#, limit: 10), 11)
    }

    func testAScriptOfMoreThanTheMostStepsIsRefusedWithOneLine() {
        let step = #"{"at":0,"key":"Tab"}"#
        let json = #"{"steps": ["# + Array(repeating: step, count: Script.maxSteps + 1).joined(separator: ",") + "]}"
        XCTAssertThrowsError(try Script.parse(Data(json.utf8))) {
            XCTAssertEqual("\($0)", #""steps": more than 100000 steps (at most 100000; split the script)"#)
        }
    }
}
