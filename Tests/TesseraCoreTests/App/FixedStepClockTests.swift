import XCTest

@testable import TesseraCore

final class FixedStepClockTests: XCTestCase {
    func testBanksTimeAndSpendsWholeSteps() {
        var clock = FixedStepClock(hz: 100)
        XCTAssertEqual(clock.advance(by: 0.025), 2)
        XCTAssertEqual(clock.alpha, 0.5, accuracy: 1e-9)
        XCTAssertEqual(clock.advance(by: 0.005), 1)
        XCTAssertEqual(clock.alpha, 0, accuracy: 1e-9)
    }

    func testClampsTheBacklogAfterAStall() {
        var clock = FixedStepClock(hz: 120, maxBacklog: 0.25)
        XCTAssertEqual(clock.advance(by: 5), 30)
        XCTAssertEqual(clock.advance(by: -1), 0)
    }
}
