import TesseraGeometry
import XCTest

@testable import TesseraCore

/// Drag, rubber band, release, fling and the target behaviour of `ScrollAxis`.
final class ScrollAxisDragTests: XCTestCase {
    func testDragFollowsExactlyInBounds() {
        var axis = ScrollAxis.sample(offset: 200)
        axis.beginDrag()
        axis.drag(by: 100)
        XCTAssertEqual(axis.offset, 300)
        axis.drag(by: -50.25)
        XCTAssertEqual(axis.offset, 249.75)
        XCTAssertEqual(axis.phase, .dragging)
        XCTAssertTrue(axis.isMoving)
    }

    func testRubberBandsPastEitherEdge() {
        var axis = ScrollAxis.sample(offset: 50)
        axis.beginDrag()
        axis.drag(by: -150)  // 100 past the leading edge
        XCTAssertEqual(axis.offset, -RubberBand.displayed(overscroll: 100, dimension: 600), accuracy: 1e-9)
        XCTAssertTrue(axis.isOutOfBounds)
        axis.drag(by: 100)  // the raw drag is kept: back exactly to the edge
        XCTAssertEqual(axis.offset, 0, accuracy: 1e-9)

        axis.drag(by: 1600)  // 200 past the trailing edge
        XCTAssertEqual(axis.offset, 1400 + RubberBand.displayed(overscroll: 200, dimension: 600), accuracy: 1e-9)
    }

    func testReleaseOutOfBoundsSpringsBackAndSettles() {
        var axis = ScrollAxis.sample()
        axis.beginDrag()
        axis.drag(by: -300)
        XCTAssertLessThan(axis.offset, 0)
        axis.endDrag(velocity: 0)
        XCTAssertEqual(axis.phase, .springing)
        XCTAssertEqual(axis.projectedOffset, 0)
        let offsets = axis.runUntilIdle()
        XCTAssertEqual(axis.offset, 0)
        XCTAssertEqual(axis.velocity, 0)
        XCTAssertEqual(axis.phase, .idle)
        XCTAssertLessThanOrEqual(offsets.max() ?? 0, 0, "critically damped from rest: no overshoot into content")
    }

    func testReleaseOutOfBoundsKeepsItsVelocity() {
        var axis = ScrollAxis.sample(offset: 1400)
        axis.beginDrag()
        axis.drag(by: 100)
        let released = axis.offset
        axis.endDrag(velocity: 800)  // still moving outwards
        XCTAssertEqual(axis.velocity, 800)
        axis.step(1.0 / 120)
        XCTAssertGreaterThan(axis.offset, released)
        axis.runUntilIdle()
        XCTAssertEqual(axis.offset, 1400)
    }

    func testFlingRestsAtTheDecelerationPoint() {
        var axis = ScrollAxis.sample(offset: 200)
        axis.beginDrag()
        axis.endDrag(velocity: 1000)
        XCTAssertEqual(axis.phase, .decelerating)
        XCTAssertEqual(axis.projectedOffset, 200 + 499.5, accuracy: 0.01)
        let offsets = axis.runUntilIdle()
        XCTAssertEqual(axis.phase, .idle)
        XCTAssertEqual(axis.offset, Deceleration.normal.restingOffset(from: 200, velocity: 1000), accuracy: 1)
        XCTAssertEqual(zip(offsets, offsets.dropFirst()).filter { $0 > $1 }.count, 0, "monotonic")
    }

    func testFlingBackwardsRests() {
        var axis = ScrollAxis.sample(offset: 1000)
        axis.endDrag(velocity: -1500)
        axis.runUntilIdle()
        XCTAssertEqual(axis.offset, 1000 - 1.5 * 499.5, accuracy: 1)
    }

    func testFlingAcrossTheEndOvershootsThenSettlesExactly() {
        var axis = ScrollAxis.sample(offset: 1200)
        axis.beginDrag()
        axis.endDrag(velocity: 2500)
        XCTAssertGreaterThan(axis.projectedOffset, 1400)
        var sawBounce = false
        var offsets: [Double] = []
        while axis.isMoving && offsets.count < 5000 {
            axis.step(1.0 / 120)
            offsets.append(axis.offset)
            if axis.phase == .springing { sawBounce = true }
        }
        XCTAssertTrue(sawBounce)
        let peak = offsets.max() ?? 0
        XCTAssertGreaterThan(peak, 1400, "overshoots the end")
        XCTAssertLessThan(peak, 1400 + 600, "by less than a viewport")
        XCTAssertEqual(axis.offset, 1400)
        XCTAssertEqual(axis.phase, .idle)
    }

    func testFlingAcrossTheStartOvershootsThenSettlesExactly() {
        var axis = ScrollAxis.sample(offset: 100)
        axis.endDrag(velocity: -3000)
        let offsets = axis.runUntilIdle()
        XCTAssertLessThan(offsets.min() ?? 0, 0)
        XCTAssertEqual(axis.offset, 0)
    }

    func testSlowReleaseStaysWhereItIs() {
        var axis = ScrollAxis.sample(offset: 300)
        axis.beginDrag()
        axis.drag(by: 12.5)
        axis.endDrag(velocity: 9)
        XCTAssertEqual(axis.phase, .idle)
        XCTAssertEqual(axis.offset, 312.5)
        XCTAssertEqual(axis.velocity, 0)
    }

    func testBeginDragCatchesAFling() {
        var axis = ScrollAxis.sample(offset: 0)
        axis.endDrag(velocity: 2000)
        for _ in 0..<24 { axis.step(1.0 / 120) }
        let caught = axis.offset
        axis.beginDrag()
        XCTAssertEqual(axis.phase, .dragging)
        XCTAssertEqual(axis.offset, caught)
        XCTAssertEqual(axis.velocity, 0)
        axis.step(0.5)
        XCTAssertEqual(axis.offset, caught)
        axis.endDrag(velocity: 0)
        XCTAssertEqual(axis.offset, caught)
        XCTAssertFalse(axis.isMoving)
    }

    func testBeginDragDuringBounceDoesNotJump() {
        var axis = ScrollAxis.sample(offset: 0)
        axis.beginDrag()
        axis.drag(by: -400)
        axis.endDrag(velocity: 0)
        axis.step(0.05)
        let caught = axis.offset
        XCTAssertLessThan(caught, 0)
        axis.beginDrag()
        axis.drag(by: 0)
        XCTAssertEqual(axis.offset, caught, accuracy: 1e-9)
        axis.drag(by: -10)
        XCTAssertLessThan(axis.offset, caught)
        XCTAssertGreaterThan(axis.offset, caught - 10, "still resisted")
    }

    func testTargetBehaviorMovesTheRestingPoint() {
        var axis = ScrollAxis.sample(offset: 230)
        axis.targetBehavior = RoundToHundreds()
        axis.endDrag(velocity: 500)
        XCTAssertEqual(axis.projectedOffset, 230 + 249.75, accuracy: 0.01)
        XCTAssertEqual(axis.phase, .springing)
        XCTAssertEqual(axis.targetOffset, 500)
        XCTAssertEqual(axis.velocity, 500, "starts with the release velocity")
        axis.runUntilIdle()
        XCTAssertEqual(axis.offset, 500)
    }

    func testTargetBehaviorSettlesASlowRelease() {
        var axis = ScrollAxis.sample(offset: 230)
        axis.targetBehavior = RoundToHundreds()
        axis.endDrag(velocity: 0)
        XCTAssertEqual(axis.targetOffset, 200)
        axis.runUntilIdle()
        XCTAssertEqual(axis.offset, 200)
    }

    func testTargetBehaviorResultIsClamped() {
        var axis = ScrollAxis.sample(offset: 1300)
        axis.targetBehavior = FixedTarget(offset: 5000)
        axis.endDrag(velocity: 100)
        XCTAssertEqual(axis.targetOffset, 1400)
        axis.runUntilIdle()
        XCTAssertEqual(axis.offset, 1400)
    }

    func testTargetBehaviorSeesTheReleaseAndItsContext() {
        var axis = ScrollAxis.sample(offset: 300)
        let recorder = ContextRecorder()
        axis.targetBehavior = recorder
        axis.beginDrag()
        axis.drag(by: 40)
        axis.endDrag(velocity: 1000)
        let context = try! XCTUnwrap(recorder.contexts.last)
        XCTAssertEqual(context.event, .dragEnded)
        XCTAssertEqual(context.currentOffset, 340, "where the finger let go")
        XCTAssertEqual(context.velocity, Point(0, 1000))
        let projected = Deceleration.normal.restingOffset(from: 340, velocity: 1000)
        XCTAssertEqual(context.originalTarget.rect, Rect(0, projected, 0, 600), "the projection")
        XCTAssertEqual(context.containerSize.height, 600)
        XCTAssertEqual(context.contentSize.height, 2000)
    }

    func testAnUnmovedTargetIsAPlainFling() {
        var axis = ScrollAxis.sample(offset: 200)
        axis.targetBehavior = FixedTarget(offset: nil)
        axis.endDrag(velocity: 1000)
        XCTAssertEqual(axis.phase, .decelerating)
    }

    func testReleasedPastTheEdgeMovingInwardGlidesBackIntoTheContent() {
        var axis = ScrollAxis.sample(offset: 0)
        axis.targetBehavior = RoundToHundreds()
        axis.beginDrag()
        axis.drag(by: -100)
        XCTAssertLessThan(axis.offset, 0)
        axis.endDrag(velocity: 1500)
        XCTAssertEqual(axis.projectedOffset, 1.5 * 499.5, accuracy: 0.01, "projected from the edge")
        XCTAssertEqual(axis.targetOffset, 700)
        axis.runUntilIdle()
        XCTAssertEqual(axis.offset, 700)
    }
}

/// Rests on multiples of 100 points.
struct RoundToHundreds: ScrollTargetBehavior {
    func updateTarget(_ target: inout ScrollTarget, context: ScrollTargetContext) {
        target.setOffset((target.offset(along: context.axis) / 100).rounded() * 100, along: context.axis)
    }
}

/// Rests at `offset` points, or leaves the target alone when nil.
struct FixedTarget: ScrollTargetBehavior {
    var offset: Double?
    func updateTarget(_ target: inout ScrollTarget, context: ScrollTargetContext) {
        if let offset { target.setOffset(offset, along: context.axis) }
    }
}

/// Leaves targets alone and records every context it is asked with.
final class ContextRecorder: ScrollTargetBehavior, @unchecked Sendable {
    var contexts: [ScrollTargetContext] = []
    func updateTarget(_ target: inout ScrollTarget, context: ScrollTargetContext) { contexts.append(context) }
}
