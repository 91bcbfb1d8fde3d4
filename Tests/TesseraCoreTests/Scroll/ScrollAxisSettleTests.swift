import TesseraGeometry
import XCTest

@testable import TesseraCore

/// How a fling reaches the target its behaviour picked: a critically damped spring from the release
/// velocity (`ScrollAxis+Settle.swift`).
final class ScrollAxisSettleTests: XCTestCase {
    let axis = ScrollAxis.sample()

    /// A target within the fling's reach is approached by an exact exponential deceleration.
    func testAReachableTargetIsApproachedByTheFlingsOwnDeceleration() {
        var axis = ScrollAxis.sample(offset: 100)
        axis.targetBehavior = FixedTarget(offset: 400)  // a 1000 pt/s fling would go 499.5
        axis.endDrag(velocity: 1000)
        let rate = 1000.0 / 300
        XCTAssertEqual(axis.settleSpring(from: 100, velocity: 1000, to: 400).response, 2 * .pi / rate, accuracy: 1e-9)
        var t = 0.0
        // Exactly exponential while faster than finishSpeed (200 pt/s: until t = ln 5 / rate = 0.48 s)…
        while 1000 * exp(-rate * (t + 1.0 / 120)) >= axis.physics.finishSpeed {
            axis.step(1.0 / 120)
            t += 1.0 / 120
            XCTAssertEqual(axis.offset, 400 - 300 * exp(-rate * t), accuracy: 1e-6)
            XCTAssertEqual(axis.velocity, 1000 * exp(-rate * t), accuracy: 1e-6)
        }
        XCTAssertGreaterThan(t, 0.4)
        // …then the last stretch at constant deceleration, landing exactly on the target.
        var previous = axis.velocity
        while axis.isMoving {
            axis.step(1.0 / 120)
            XCTAssertLessThanOrEqual(axis.velocity, previous + 1e-9, "never speeds up")
            XCTAssertLessThanOrEqual(axis.offset, 400 + 1e-9, "never overshoots")
            previous = axis.velocity
            t += 1.0 / 120
        }
        XCTAssertEqual(axis.offset, 400)
        XCTAssertLessThan(t, 1.2)
    }

    /// The hardest fling (capped at maxFlingVelocity) is at rest within 3 s, landing exactly: the
    /// monkey's "everything settles within 3 s of the last input".
    func testTheHardestFlingRestsWithinThreeSeconds() {
        for target in [nil, 3000.0] as [Double?] {
            var axis = ScrollAxis.sample(offset: 0)
            axis.setLengths(content: 100_000, viewport: 800)
            if let target { axis.targetBehavior = FixedTarget(offset: target) }
            axis.endDrag(velocity: 50_000)
            XCTAssertEqual(axis.velocity, axis.physics.maxFlingVelocity)
            var t = 0.0
            while axis.isMoving && t < 10 {
                axis.step(1.0 / 120)
                t += 1.0 / 120
            }
            XCTAssertLessThan(t, 3, "target \(String(describing: target))")
            if let target { XCTAssertEqual(axis.offset, target) }
        }
    }

    /// A fling that falls a little short still glides in without ever speeding up.
    func testAFlingThatNearlyReachesNeverSpeedsUp() {
        for share in [0.75, 0.85, 0.95, 0.999, 1.0, 1.5] {
            let v = 1000.0
            let reach = v / 2.0  // |1000·ln 0.998| ≈ 2.0 per second
            var axis = ScrollAxis.sample(offset: 0)
            axis.targetBehavior = FixedTarget(offset: reach / share)
            axis.endDrag(velocity: v)
            var fastest = 0.0
            var previous = axis.offset
            while axis.isMoving {
                axis.step(1.0 / 120)
                fastest = max(fastest, axis.velocity)
                XCTAssertGreaterThanOrEqual(axis.offset, previous - 1e-9, "never backs up")
                previous = axis.offset
            }
            XCTAssertLessThanOrEqual(fastest, v * 1.0001, "share \(share)")
            XCTAssertEqual(axis.offset, min(reach / share, 1400))
        }
    }

    func testAFeebleFlingSnapsIn() {
        var axis = ScrollAxis.sample(offset: 0)
        axis.targetBehavior = FixedTarget(offset: 300)
        axis.endDrag(velocity: 40)
        let offsets = axis.runUntilIdle()
        XCTAssertLessThan(Double(offsets.count) / 120, 1.2, "settles within about a second")
        XCTAssertEqual(axis.offset, 300)
        XCTAssertLessThanOrEqual(offsets.max()!, 300, "critically damped: no overshoot")
    }

    func testTheSpringIsContinuousInTheReleaseVelocity() {
        // Around the boundary where the fling stops reaching the target (share 1).
        let below = axis.settleSpring(from: 0, velocity: 599.9, to: 300).response
        let above = axis.settleSpring(from: 0, velocity: 600.1, to: 300).response
        XCTAssertEqual(below, above, accuracy: 0.01)
        // And towards a standstill it becomes the bounce spring.
        XCTAssertEqual(axis.settleSpring(from: 0, velocity: 0.001, to: 300).response, 0.4, accuracy: 0.001)
    }

    func testStandingStillOrMovingAwayUsesTheBounceSpring() {
        XCTAssertEqual(axis.settleSpring(from: 0, velocity: 0, to: 300), axis.physics.bounce)
        XCTAssertEqual(axis.settleSpring(from: 0, velocity: -500, to: 300), axis.physics.bounce)
    }

    func testTheHardestFlingStopsNoFasterThanQuickestSettle() {
        XCTAssertEqual(axis.settleSpring(from: 0, velocity: 1e6, to: 10).response, 0.1, accuracy: 1e-12)
    }

    func testTheBehavioursDecelerationSetsTheProjection() {
        var axis = ScrollAxis.sample(offset: 0)
        let recorder = ContextRecorder()
        axis.targetBehavior = recorder
        axis.endDrag(velocity: 1000)
        XCTAssertEqual(axis.projectedOffset, 499.5, accuracy: 0.05)
        axis = ScrollAxis.sample(offset: 0)
        axis.targetBehavior = PagingScrollTargetBehavior()
        axis.endDrag(velocity: 1000)
        XCTAssertEqual(axis.projectedOffset, Deceleration.fast.restingOffset(from: 0, velocity: 1000))
        XCTAssertEqual(axis.projectedOffset, 99.5, accuracy: 0.05, "0.99 per ms: 1000 pt/s rests ≈ 99.5 pt on")
    }
}

/// The container-resize half of the behaviour protocol.
final class ScrollAxisResizeTests: XCTestCase {
    func testAResizeAsksTheBehaviourWithNoVelocity() {
        var axis = ScrollAxis.sample(offset: 300)
        let recorder = ContextRecorder()
        axis.targetBehavior = recorder
        axis.setLengths(content: 2000, viewport: 500)
        let context = try! XCTUnwrap(recorder.contexts.last)
        XCTAssertEqual(context.event, .containerResized)
        XCTAssertEqual(context.velocity, .zero)
        XCTAssertEqual(context.currentOffset, 300)
        XCTAssertEqual(context.originalTarget.rect.minY, 300)
        XCTAssertEqual(context.containerSize.height, 500)
    }

    func testAResizeMovesToTheNewTargetAtOnceOrAnimated() {
        var axis = ScrollAxis.sample(offset: 230)
        axis.targetBehavior = RoundToHundreds()
        axis.setLengths(content: 2000, viewport: 500)
        XCTAssertEqual(axis.offset, 200)
        XCTAssertFalse(axis.isMoving)

        axis = ScrollAxis.sample(offset: 230)
        axis.targetBehavior = RoundToHundreds()
        var g = axis.geometry
        g.containerSize.height = 500
        axis.setGeometry(g, restingAt: 460, animation: .smooth)
        XCTAssertEqual(axis.offset, 230, "no jump")
        XCTAssertEqual(axis.targetOffset, 500, "from the preferred rest, 460 → 500")
        axis.runUntilIdle()
        XCTAssertEqual(axis.offset, 500)
    }

    func testSameSizeDoesNotAskAgain() {
        var axis = ScrollAxis.sample(offset: 230)
        let recorder = ContextRecorder()
        axis.targetBehavior = recorder
        axis.setLengths(content: 3000, viewport: 600)
        XCTAssertTrue(recorder.contexts.isEmpty)
    }

    func testADragIsNotRetargetedByAResize() {
        var axis = ScrollAxis.sample(offset: 230)
        axis.targetBehavior = RoundToHundreds()
        axis.beginDrag()
        axis.setLengths(content: 2000, viewport: 500)
        XCTAssertEqual(axis.offset, 230)
        XCTAssertEqual(axis.phase, .dragging)
    }
}
