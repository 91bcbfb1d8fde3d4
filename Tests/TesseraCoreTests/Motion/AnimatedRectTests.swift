import TesseraGeometry
import XCTest

@testable import TesseraCore

final class AnimatedRectTests: XCTestCase {
    func testAnimatesEveryComponentToTarget() {
        var r = AnimatedRect(Rect(0, 0, 100, 100))
        r.animate(to: Rect(200, 50, 40, 300), with: .snappy)
        XCTAssertEqual(r.target, Rect(200, 50, 40, 300))
        XCTAssertFalse(r.isSettled)
        for _ in 0..<1200 where !r.isSettled { r.step(1.0 / 120) }
        XCTAssertTrue(r.isSettled)
        XCTAssertEqual(r.presented, Rect(200, 50, 40, 300))
        XCTAssertEqual(r.velocity, .zero)
    }

    func testVelocityIsPerComponentDerivative() {
        var r = AnimatedRect(Rect(0, 0, 100, 100))
        r.animate(to: Rect(100, -100, 200, 100), with: .spring)
        r.step(0.1)
        let s = SpringSolution(.spring, displacement: -100, velocity: 0)
        XCTAssertEqual(r.velocity.x, s.velocity(at: 0.1), accuracy: 1e-9)
        XCTAssertEqual(r.velocity.y, -s.velocity(at: 0.1), accuracy: 1e-9)
        XCTAssertEqual(r.velocity.width, s.velocity(at: 0.1), accuracy: 1e-9)
        XCTAssertEqual(r.velocity.height, 0)
    }

    func testUnchangedComponentsKeepTheirClocks() {
        var r = AnimatedRect(Rect(0, 0, 100, 100))
        var referenceY = AnimatedValue(0)
        r.animate(to: Rect(100, 100, 100, 100), with: .spring)
        referenceY.animate(to: 100, with: .spring)
        r.step(0.1)
        referenceY.step(0.1)

        // Only x changes (and the parameters): y carries on undisturbed.
        r.animate(to: Rect(-100, 100, 100, 100), with: .bouncy)
        r.step(0.1)
        referenceY.step(0.1)
        XCTAssertEqual(r.y, referenceY)
        XCTAssertEqual(r.x.parameters, .bouncy)
    }

    func testRetargetIsContinuous() {
        var r = AnimatedRect(Rect(0, 0, 100, 100))
        r.animate(to: Rect(300, 200, 50, 50), with: .bouncy)
        r.step(0.08)
        let presented = r.presented
        let velocity = r.velocity
        r.animate(to: Rect(0, 400, 120, 80), with: .bouncy)
        XCTAssertEqual(r.presented, presented)
        XCTAssertEqual(r.velocity, velocity)
    }

    func testSetAndShift() {
        var r = AnimatedRect(Rect(0, 0, 10, 10))
        r.animate(to: Rect(100, 100, 10, 10), with: .spring)
        r.step(0.05)
        var shifted = r
        shifted.shift(by: Point(5, -7))
        XCTAssertEqual(shifted.presented, r.presented.offsetBy(dx: 5, dy: -7))
        XCTAssertEqual(shifted.target, Rect(105, 93, 10, 10))
        XCTAssertEqual(shifted.velocity, r.velocity)

        r.set(Rect(1, 2, 3, 4))
        XCTAssertTrue(r.isSettled)
        XCTAssertEqual(r.presented, Rect(1, 2, 3, 4))
        XCTAssertEqual(r.target, Rect(1, 2, 3, 4))
    }
}
