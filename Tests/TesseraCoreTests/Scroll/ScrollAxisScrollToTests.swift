import XCTest

@testable import TesseraCore

/// Programmatic scrolling of `ScrollAxis`: scroll(to:), scroll(by:), minimalOffset.
final class ScrollAxisScrollToTests: XCTestCase {
    func testScrollToAnimatesAndSettles() {
        var axis = ScrollAxis.sample(offset: 0)
        axis.scroll(to: 800, animated: .interactiveSpring)
        XCTAssertEqual(axis.phase, .springing)
        XCTAssertEqual(axis.offset, 0)
        axis.step(1.0 / 120)
        XCTAssertGreaterThan(axis.offset, 0)
        XCTAssertLessThan(axis.offset, 800)
        axis.runUntilIdle()
        XCTAssertEqual(axis.offset, 800)
        XCTAssertEqual(axis.phase, .idle)
    }

    func testScrollToJumpsWithoutAnimationAndClamps() {
        var axis = ScrollAxis.sample(offset: 100)
        axis.scroll(to: 5000, animated: nil)
        XCTAssertEqual(axis.offset, 1400)
        XCTAssertFalse(axis.isMoving)
        axis.scroll(to: -20, animated: .smooth)
        XCTAssertEqual(axis.targetOffset, 0)
    }

    func testScrollToRetargetsContinuously() {
        var axis = ScrollAxis.sample(offset: 0)
        axis.scroll(to: 1000, animated: .smooth)
        for _ in 0..<10 { axis.step(1.0 / 120) }
        let offset = axis.offset
        let velocity = axis.velocity
        axis.scroll(to: 200, animated: .smooth)
        XCTAssertEqual(axis.offset, offset)
        XCTAssertEqual(axis.velocity, velocity)
        axis.runUntilIdle()
        XCTAssertEqual(axis.offset, 200)
    }

    func testScrollToDuringAFlingStartsFromItsVelocity() {
        var axis = ScrollAxis.sample(offset: 0)
        axis.endDrag(velocity: 1500)
        axis.step(0.1)
        let velocity = axis.velocity
        axis.scroll(to: 100, animated: .smooth)
        XCTAssertEqual(axis.velocity, velocity)
        axis.runUntilIdle()
        XCTAssertEqual(axis.offset, 100)
    }

    func testWheelNotchesAccumulate() {
        var axis = ScrollAxis.sample(offset: 0)
        for _ in 0..<3 {
            axis.scroll(by: 120, animated: .interactiveSpring)
            axis.step(1.0 / 120)
        }
        XCTAssertEqual(axis.targetOffset, 360)
        axis.runUntilIdle()
        XCTAssertEqual(axis.offset, 360)
        for _ in 0..<20 { axis.scroll(by: 120, animated: .interactiveSpring) }
        XCTAssertEqual(axis.targetOffset, 1400, "clamped")
        axis.scroll(by: -100, animated: nil)
        XCTAssertEqual(axis.offset, 1300)
    }

    func testMinimalOffsetRevealing() {
        let axis = ScrollAxis.sample(offset: 500)  // shows 500...1100
        XCTAssertEqual(axis.minimalOffset(revealing: 600...700), 500, "already visible")
        XCTAssertEqual(axis.minimalOffset(revealing: 500...1100), 500, "exactly visible")
        XCTAssertEqual(axis.minimalOffset(revealing: 300...400), 300, "above: align leading")
        XCTAssertEqual(axis.minimalOffset(revealing: 450...550), 450, "partly above")
        XCTAssertEqual(axis.minimalOffset(revealing: 1100...1200), 600, "below: align trailing")
        XCTAssertEqual(axis.minimalOffset(revealing: 1050...1150), 550, "partly below")
        XCTAssertEqual(axis.minimalOffset(revealing: 1000...1800), 1000, "longer than the viewport: leading edge")
        XCTAssertEqual(axis.minimalOffset(revealing: 1900...2100), 1400, "clamped to the end")
        XCTAssertEqual(axis.minimalOffset(revealing: -50...10), 0, "clamped to the start")
    }
}
