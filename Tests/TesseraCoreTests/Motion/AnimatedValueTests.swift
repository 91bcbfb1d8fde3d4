import XCTest

@testable import TesseraCore

/// `AnimatedValue`: a scalar on a spring. (Named `…SpringTests` so the motion
/// filter `Spring|…` picks it up.)
final class AnimatedValueSpringTests: XCTestCase {
    func testStartsSettled() {
        var v = AnimatedValue(42)
        XCTAssertTrue(v.isSettled)
        v.step(1)
        XCTAssertEqual(v.value, 42)
        XCTAssertEqual(v.velocity, 0)
    }

    func testFollowsTheClosedForm() {
        var v = AnimatedValue(0)
        v.animate(to: 100, with: .spring)
        XCTAssertFalse(v.isSettled)
        v.step(0.2)
        let s = SpringSolution(.spring, displacement: -100, velocity: 0)
        XCTAssertEqual(v.value, 100 + s.displacement(at: 0.2), accuracy: 1e-12)
        XCTAssertEqual(v.velocity, s.velocity(at: 0.2), accuracy: 1e-12)
    }

    func testRetargetKeepsValueAndVelocityContinuous() {
        var v = AnimatedValue(0)
        v.animate(to: 100, with: .bouncy)
        for _ in 0..<12 { v.step(1.0 / 120) }
        let before = (value: v.value, velocity: v.velocity)
        XCTAssertGreaterThan(before.velocity, 100)

        v.animate(to: -50, with: .snappy)
        XCTAssertEqual(v.value, before.value)
        XCTAssertEqual(v.velocity, before.velocity)
        XCTAssertEqual(v.target, -50)

        // One more small step follows the new spring's force from the old state
        // (Taylor: x + v·dt + a·dt²/2, v + a·dt with a = −k·x₀ − c·v₀): no jump.
        let p = SpringParameters.snappy
        let acceleration = -p.stiffness * (before.value + 50) - p.damping * before.velocity
        let dt = 1.0 / 1000
        v.step(dt)
        XCTAssertEqual(v.value, before.value + before.velocity * dt + acceleration * dt * dt / 2, accuracy: 1e-3)
        XCTAssertEqual(v.velocity, before.velocity + acceleration * dt, accuracy: 1)
    }

    func testSameTargetAndParametersIsANoOp() {
        var a = AnimatedValue(0)
        a.animate(to: 100, with: .spring)
        a.step(0.1)
        var b = a
        b.animate(to: 100, with: .spring)  // must not restart the clock
        a.step(0.1)
        b.step(0.1)
        XCTAssertEqual(a, b)

        var c = AnimatedValue(0)
        c.animate(to: 100, with: .spring)
        c.step(0.1)
        let before = (value: c.value, velocity: c.velocity)
        c.animate(to: 100, with: .snappy)  // new parameters: restarts from the current state
        XCTAssertEqual(c.parameters, .snappy)
        XCTAssertEqual(c.value, before.value)
        XCTAssertEqual(c.velocity, before.velocity)
    }

    func testSettleSnapsToTargetAndSleeps() {
        var v = AnimatedValue(0)
        v.animate(to: 300, with: .bouncy)
        var steps = 0
        while !v.isSettled && steps < 10_000 {
            v.step(1.0 / 120)
            steps += 1
        }
        XCTAssertTrue(v.isSettled)
        XCTAssertLessThan(steps, 600)  // a 0.5 s spring rests within 5 s
        XCTAssertEqual(v.value, 300)
        XCTAssertEqual(v.velocity, 0)
        let settled = v
        v.step(1.0 / 120)
        XCTAssertEqual(v, settled)
    }

    func testManySmallStepsEqualOneBigStep() {
        var small = AnimatedValue(10)
        var big = AnimatedValue(10)
        small.animate(to: 250, with: .bouncy)
        big.animate(to: 250, with: .bouncy)
        for _ in 0..<48 { small.step(1.0 / 120) }
        big.step(0.4)
        XCTAssertFalse(big.isSettled)
        XCTAssertEqual(small.value, big.value, accuracy: 1e-9)
        XCTAssertEqual(small.velocity, big.velocity, accuracy: 1e-9)
    }

    func testSetJumpsAndSettles() {
        var v = AnimatedValue(0)
        v.animate(to: 100, with: .spring)
        v.step(0.1)
        v.set(-20)
        XCTAssertTrue(v.isSettled)
        XCTAssertEqual(v.value, -20)
        XCTAssertEqual(v.target, -20)
        XCTAssertEqual(v.velocity, 0)
    }

    func testShiftRebasesWithoutChangingTheMotion() {
        var a = AnimatedValue(0)
        a.animate(to: 100, with: .spring)
        a.step(0.1)
        var b = a
        b.shift(by: 37)
        XCTAssertEqual(b.value, a.value + 37)
        XCTAssertEqual(b.velocity, a.velocity)
        a.step(0.1)
        b.step(0.1)
        XCTAssertEqual(b.value, a.value + 37, accuracy: 1e-9)
        XCTAssertEqual(b.target, 137)
    }

    func testHandOverStartsFromGivenState() {
        var v = AnimatedValue(0)
        v.animate(from: 50, velocity: 800, to: 0, with: .smooth)
        XCTAssertEqual(v.value, 50)
        XCTAssertEqual(v.velocity, 800)
        v.step(1e-4)
        XCTAssertEqual(v.value, 50 + 800 * 1e-4, accuracy: 1e-3)
    }
}
