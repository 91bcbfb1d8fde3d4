import Foundation
import XCTest

@testable import TesseraCore

/// Scripts that would run until killed, or whose error named the wrong reason.
final class ScriptLimitTests: XCTestCase {
    private func assertError(_ json: String, is message: String, line: UInt = #line) {
        XCTAssertThrowsError(try Script.parse(Data(json.utf8)), line: line) {
            XCTAssertEqual("\($0)", message, line: line)
        }
    }

    func testTimesPastOneSimulatedDayAreRefusedNamingTheStep() {
        assertError(
            #"{"steps": [{"at": 0, "tap": "a"}, {"at": 1e12, "key": "Return"}]}"#,
            is: #"step 1: "at": expected seconds from 0 to 86400 (one simulated day); got 1000000000000"#)
        assertError(
            #"{"steps": [{"at": 0, "drag": {"from": [0, 0], "to": [1, 1], "seconds": 1e9}}]}"#,
            is: #"step 0: "drag.seconds": expected seconds from 0 to 86400 (one simulated day); got 1000000000"#)
        assertError(
            #"{"steps": [{"at": 0, "drag": {"from": [0, 0], "to": [1, 1], "seconds": 1, "hold": 1e9}}]}"#,
            is: #"step 0: "drag.hold": expected seconds from 0 to 86400 (one simulated day); got 1000000000"#)
        XCTAssertNoThrow(try Script.parse(Data(#"{"steps": [{"at": 86400, "key": "Return"}]}"#.utf8)))
    }

    func testSizesAboveTheCapSayTheRange() {
        assertError(
            #"{"window": [20000, 100], "steps": []}"#, is: #""window": expected [width, height], each from 1 to 16384"#)
        assertError(
            #"{"steps": [{"at": 0, "resize": [100, 1e9]}]}"#,
            is: #"step 0: "resize": expected [width, height], each from 0 to 16384"#)
    }

    func testAnUnknownKeyBesideAnActionIsNamedAsSuch() {
        assertError(
            #"{"steps": [{"at": 0, "tap": "photo-01", "repeat": 3}]}"#,
            is: #"step 0: unknown key "repeat" (a step has "at" and one action)"#)
        assertError(#"{"steps": [{"at": 0, "fly": 3}]}"#, is: #"step 0: unknown action "fly""#)
        assertError(#"{"steps": [{"at": 0, "tap": "a", "key": "b"}]}"#, is: "step 0: more than one action: key, tap")
    }
}
