import XCTest

@testable import TesseraCore

/// Lengths, bounds and stepping of `ScrollAxis`.
final class ScrollAxisTests: XCTestCase {
    func testBoundsFollowLengths() {
        var axis = ScrollAxis()
        XCTAssertEqual(axis.maxOffset, 0)
        axis.setLengths(content: 2000, viewport: 600)
        XCTAssertEqual(axis.maxOffset, 1400)
        axis.setLengths(content: 300, viewport: 600)
        XCTAssertEqual(axis.maxOffset, 0)
        XCTAssertEqual(axis.phase, .idle)
        XCTAssertFalse(axis.isMoving)
    }

    func testShrinkingContentSpringsBackIntoBounds() {
        var axis = ScrollAxis.sample(offset: 1400)
        axis.setLengths(content: 1000, viewport: 600)
        XCTAssertEqual(axis.offset, 1400, "no jump")
        XCTAssertEqual(axis.phase, .springing)
        XCTAssertEqual(axis.targetOffset, 400)
        let offsets = axis.runUntilIdle()
        XCTAssertEqual(axis.offset, 400)
        XCTAssertEqual(axis.phase, .idle)
        // Critically damped from rest: no overshoot past the new edge.
        XCTAssertGreaterThanOrEqual(offsets.min() ?? 0, 400)
    }

    func testShrinkingContentWhileDraggingKeepsTheOffset() {
        var axis = ScrollAxis.sample(offset: 1200)
        axis.beginDrag()
        axis.drag(by: 100)
        axis.setLengths(content: 1500, viewport: 600)
        XCTAssertEqual(axis.offset, 1300)
        XCTAssertEqual(axis.phase, .dragging)
        axis.drag(by: 0)
        XCTAssertEqual(axis.offset, 1300, accuracy: 1e-9)
        axis.endDrag(velocity: 0)
        axis.runUntilIdle()
        XCTAssertEqual(axis.offset, 900)
    }

    func testSpringRetargetsWhenItsTargetLeavesTheBounds() {
        var axis = ScrollAxis.sample(offset: 0)
        axis.scroll(to: 1400, animated: .interactiveSpring)
        axis.step(0.05)
        let velocity = axis.velocity
        axis.setLengths(content: 1000, viewport: 600)
        XCTAssertEqual(axis.targetOffset, 400)
        XCTAssertEqual(axis.velocity, velocity)
        axis.runUntilIdle()
        XCTAssertEqual(axis.offset, 400)
    }

    func testStepSizeDoesNotChangeAFling() {
        var fine = ScrollAxis.sample(offset: 100)
        var coarse = fine
        fine.endDrag(velocity: 900)
        coarse.endDrag(velocity: 900)
        for _ in 0..<60 { fine.step(1.0 / 120) }
        coarse.step(0.5)
        XCTAssertEqual(fine.phase, .decelerating)
        XCTAssertEqual(fine.offset, coarse.offset, accuracy: 1e-9)
        XCTAssertEqual(fine.velocity, coarse.velocity, accuracy: 1e-9)
    }

    func testIdleStepDoesNothing() {
        var axis = ScrollAxis.sample(offset: 250)
        axis.step(1)
        XCTAssertEqual(axis.offset, 250)
        XCTAssertFalse(axis.isMoving)
    }
}
