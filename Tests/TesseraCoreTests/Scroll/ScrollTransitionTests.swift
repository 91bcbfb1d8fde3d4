import TesseraGeometry
import XCTest

@testable import TesseraCore

/// `scrollTransition`: phase value by how much of a view is outside, scale interpolated to 0.8.
final class ScrollTransitionTests: XCTestCase {
    let visible = Rect(0, 100, 1000, 300)

    private func phase(_ x: Double, width: Double = 400) -> Double {
        ScrollTransition.phaseValue(of: Rect(x, 120, width, 200), in: visible, axis: .horizontal)
    }

    func testAWhollyVisibleViewIsInTheIdentityPhase() {
        XCTAssertEqual(phase(0), 0)
        XCTAssertEqual(phase(600), 0)
        XCTAssertEqual(ScrollTransition.scale(phaseValue: 0, edgeScale: 0.8), 1)
    }

    func testThePhaseValueIsTheShareOutsideWithItsSide() {
        XCTAssertEqual(phase(-200), -0.5)
        XCTAssertEqual(phase(900), 0.75)
        XCTAssertEqual(phase(-400), -1)
        XCTAssertEqual(phase(-4000), -1)
        XCTAssertEqual(phase(5000), 1)
    }

    func testTheScaleIsInterpolatedNotSwitched() {
        XCTAssertEqual(ScrollTransition.scale(phaseValue: -0.5, edgeScale: 0.8), 0.9, accuracy: 1e-12)
        XCTAssertEqual(ScrollTransition.scale(phaseValue: 0.25, edgeScale: 0.8), 0.95, accuracy: 1e-12)
        XCTAssertEqual(ScrollTransition.scale(phaseValue: 1, edgeScale: 0.8), 0.8, accuracy: 1e-12)
        var previous = 1.0
        for x in stride(from: 600.0, through: 1000, by: 10) {
            let s = ScrollTransition.scale(phaseValue: phase(x), edgeScale: 0.8)
            XCTAssertLessThanOrEqual(s, previous)
            XCTAssertGreaterThanOrEqual(s, 0.8)
            previous = s
        }
    }

    func testVerticalAxis() {
        let frame = Rect(10, 50, 100, 100)  // half above the visible region's top (100)
        XCTAssertEqual(ScrollTransition.phaseValue(of: frame, in: visible, axis: .vertical), -0.5)
        XCTAssertEqual(ScrollTransition.phaseValue(of: frame, in: visible, axis: .horizontal), 0)
    }
}
