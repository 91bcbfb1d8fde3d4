import TesseraGeometry
import XCTest

@testable import TesseraCore

/// A picked target on the content's start or end is landed on within `edgeLanding` seconds, and a glide
/// that just misses a middle target still finishes (`ScrollAxis+Settle.swift`, `ScrollAxis.finishIfSlow`;
/// issue 43, item 4).
final class ScrollAxisEdgeLandingTests: XCTestCase {
    /// A target on the content's end or start, short of or just past where the fling would rest, is
    /// reached within `edgeLanding` seconds, never overshooting nor backing up, landing exactly.
    func testATargetAtEitherEndLandsWithinEdgeLanding() {
        // maxOffset 1400; a 3000 pt/s fling from 200 would rest at ≈ 1700, one at 1200 at ≈ 800.
        for (start, v, target) in [
            (200.0, 3000.0, 1400.0), (0, 2400, 1400), (1300, 1000, 1400), (1000, -3000, 0),
            (600, -1150, 0),
        ] {
            var axis = ScrollAxis.sample(offset: start)
            axis.targetBehavior = FixedTarget(offset: target)
            axis.endDrag(velocity: v)
            let offsets = axis.runUntilIdle()
            XCTAssertLessThanOrEqual(
                Double(offsets.count) / 120, axis.physics.edgeLanding + 1.0 / 120, "\(start) → \(target)")
            XCTAssertEqual(axis.offset, target)
            for (a, b) in zip([start] + offsets, offsets) {
                XCTAssertGreaterThanOrEqual((b - a) * (v > 0 ? 1 : -1), -1e-9, "never backs up: \(start) → \(target)")
            }
            XCTAssertTrue(offsets.allSatisfy { $0 >= 0 && $0 <= 1400 }, "never overshoots")
        }
    }

    /// A landing the fling would reach sooner is its constant deceleration: 2·D/v, the glide's finish.
    func testAnEdgeLandingTheFlingReachesSoonerIsConstantDeceleration() {
        var axis = ScrollAxis.sample(offset: 1200)
        axis.targetBehavior = FixedTarget(offset: 1400)
        axis.endDrag(velocity: 2000)
        XCTAssertEqual(axis.phase, .finishing)
        XCTAssertEqual(axis.targetOffset, 1400)
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let T = 2 * 200 / 2000.0  // the finish's T (ScrollAxis.finishMotion)
        axis.step(T / 2)
        XCTAssertEqual(axis.offset, 1200 + 2000 * T / 2 - 2000 * (T / 2) * (T / 2) / (2 * T), accuracy: 1e-9)
        XCTAssertEqual(axis.velocity, 1000, accuracy: 1e-9)
    }

    /// A middle target is still the settle spring, and an edge the release moves away from the bounce.
    func testOnlyAnEdgeTheReleaseHeadsForLands() {
        var axis = ScrollAxis.sample(offset: 200)
        axis.targetBehavior = FixedTarget(offset: 900)
        axis.endDrag(velocity: 3000)
        XCTAssertEqual(axis.phase, .springing)
        XCTAssertNil(axis.edgeLanding(from: 200, velocity: -100, to: 1400))
        XCTAssertNil(axis.edgeLanding(from: 200, velocity: 0, to: 0))
    }

    /// A fling that just fails to reach a middle target glides on a spring a little slower than the
    /// fling's own decay; it still finishes instead of creeping for seconds (it crept ~7 s before).
    func testANearMissGlideStillFinishes() {
        for share in [0.9, 0.95, 0.97, 0.99] {
            var axis = ScrollAxis.sample(offset: 0)
            axis.setLengths(content: 100_000, viewport: 800)
            axis.targetBehavior = FixedTarget(offset: 4000 / share)
            axis.endDrag(velocity: 8000)
            let offsets = axis.runUntilIdle()
            XCTAssertLessThan(Double(offsets.count) / 120, 3.2, "share \(share)")
            XCTAssertEqual(axis.offset, 4000 / share)
        }
    }
}
