import XCTest

@testable import TesseraCore

final class SpringSolutionTests: XCTestCase {
    /// Flutter's `spring_simulation` test: m = 1, k = 100, critically damped, 0 → 500.
    func testFlutterCriticallyDampedValues() {
        let s = SpringSolution(stiffness: 100, damping: 20, displacement: -500, velocity: 0)
        guard case .critical = s.regime else { return XCTFail("expected critical, got \(s.regime)") }
        XCTAssertEqual(floor(500 + s.displacement(at: 0.25)), 356)
        XCTAssertEqual(floor(s.velocity(at: 0.25)), 1026)
        XCTAssertEqual(floor(500 + s.displacement(at: 0.5)), 479)
    }

    /// Flutter's underdamped case: m = 1, k = 100, ζ = 0.25, 0 → 300.
    func testFlutterUnderdampedValue() {
        let s = SpringSolution(stiffness: 100, damping: 2 * 0.25 * 10, displacement: -300, velocity: 0)
        guard case .underdamped = s.regime else { return XCTFail("expected underdamped, got \(s.regime)") }
        XCTAssertEqual(floor(300 + s.displacement(at: 1.0)), 325)
    }

    func testOverdampedMatchesNumericalIntegration() {
        let k = 100.0
        let c = 30.0  // ζ = 1.5
        let s = SpringSolution(stiffness: k, damping: c, displacement: -200, velocity: 300)
        guard case .overdamped = s.regime else { return XCTFail("expected overdamped, got \(s.regime)") }
        for (t, state) in rk4(k: k, c: c, x0: -200, v0: 300, until: 1.2, samples: [0.05, 0.3, 0.7, 1.2]) {
            XCTAssertEqual(s.displacement(at: t), state.x, accuracy: 1e-6, "x at \(t)")
            XCTAssertEqual(s.velocity(at: t), state.v, accuracy: 1e-6, "v at \(t)")
        }
    }

    func testUnderdampedMatchesNumericalIntegration() {
        let s = SpringSolution(SpringParameters.bouncy, displacement: 80, velocity: -1200)
        let p = SpringParameters.bouncy
        for (t, state) in rk4(k: p.stiffness, c: p.damping, x0: 80, v0: -1200, until: 0.8, samples: [0.1, 0.4, 0.8]) {
            XCTAssertEqual(s.displacement(at: t), state.x, accuracy: 1e-6, "x at \(t)")
            XCTAssertEqual(s.velocity(at: t), state.v, accuracy: 1e-6, "v at \(t)")
        }
    }

    func testVelocityIsTheDerivativeInAllThreeRegimes() {
        let springs = [
            SpringSolution(stiffness: 100, damping: 5, displacement: -300, velocity: 40),  // under
            SpringSolution(stiffness: 100, damping: 20, displacement: 120, velocity: -900),  // critical
            SpringSolution(stiffness: 100, damping: 45, displacement: -60, velocity: 700),  // over
        ]
        let h = 1e-6
        for s in springs {
            for t in [0.0, 0.07, 0.31, 0.9] {
                let numerical = (s.displacement(at: t + h) - s.displacement(at: t - h)) / (2 * h)
                XCTAssertEqual(s.velocity(at: t), numerical, accuracy: 1e-4, "\(s.regime) at \(t)")
            }
        }
    }

    func testStartsAtInitialConditions() {
        for c in [4.0, 20, 60] {
            let s = SpringSolution(stiffness: 100, damping: c, displacement: 37, velocity: -250)
            XCTAssertEqual(s.displacement(at: 0), 37, accuracy: 1e-12)
            XCTAssertEqual(s.velocity(at: 0), -250, accuracy: 1e-9)
        }
    }

    func testNearlyCriticalIsCritical() {
        let s = SpringSolution(stiffness: 100, damping: 20 * (1 + 1e-12), displacement: 1, velocity: 0)
        guard case .critical = s.regime else { return XCTFail("expected critical, got \(s.regime)") }
        XCTAssertEqual(s.dampingRatio, 1, accuracy: 1e-9)
        guard case .critical = SpringSolution(.smooth, displacement: 1, velocity: 0).regime else {
            return XCTFail("smooth (bounce 0) should be critically damped")
        }
    }

    /// Classic RK4 on x'' = −k·x − c·x' with a 1e-5 s step (test only).
    private func rk4(k: Double, c: Double, x0: Double, v0: Double, until end: Double, samples: [Double])
        -> [(Double, (x: Double, v: Double))]
    {
        let h = 1e-5
        var x = x0
        var v = v0
        var t = 0.0
        var pending = samples.sorted()
        var out: [(Double, (x: Double, v: Double))] = []
        func a(_ x: Double, _ v: Double) -> Double { -k * x - c * v }
        while let next = pending.first {
            if t >= next - h / 2 {
                out.append((next, (x, v)))
                pending.removeFirst()
                continue
            }
            let step = min(h, next - t)
            let k1x = v
            let k1v = a(x, v)
            let k2x = v + step / 2 * k1v
            let k2v = a(x + step / 2 * k1x, v + step / 2 * k1v)
            let k3x = v + step / 2 * k2v
            let k3v = a(x + step / 2 * k2x, v + step / 2 * k2v)
            let k4x = v + step * k3v
            let k4v = a(x + step * k3x, v + step * k3v)
            x += step / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            t += step
        }
        XCTAssertLessThanOrEqual(out.last?.0 ?? 0, end)
        return out
    }
}
