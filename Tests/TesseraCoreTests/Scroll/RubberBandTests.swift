import XCTest

@testable import TesseraCore

final class RubberBandTests: XCTestCase {
    func testFormulaValues() {
        XCTAssertEqual(RubberBand.displayed(overscroll: 0, dimension: 600), 0)
        // (1 − 1/(100·0.55/600 + 1))·600
        XCTAssertEqual(RubberBand.displayed(overscroll: 100, dimension: 600), 50.382, accuracy: 0.001)
        XCTAssertEqual(RubberBand.displayed(overscroll: 600, dimension: 600), 212.903, accuracy: 0.001)
        XCTAssertEqual(RubberBand.displayed(overscroll: 100, dimension: 600, coefficient: 1), 85.714, accuracy: 0.001)
    }

    func testStartsWithSlopeCoefficient() {
        XCTAssertEqual(RubberBand.displayed(overscroll: 0.001, dimension: 800) / 0.001, 0.55, accuracy: 1e-5)
    }

    func testBoundedByDimensionAndMonotonic() {
        var previous = 0.0
        for x in stride(from: 10.0, through: 1e7, by: 9973) {
            let b = RubberBand.displayed(overscroll: x, dimension: 500)
            XCTAssertLessThan(b, 500)
            XCTAssertGreaterThan(b, previous)
            previous = b
        }
    }

    func testOddSymmetry() {
        for x in [1.0, 37, 400, 5000] {
            XCTAssertEqual(
                RubberBand.displayed(overscroll: -x, dimension: 700),
                -RubberBand.displayed(overscroll: x, dimension: 700))
        }
    }

    func testInverseRoundTrip() {
        for x in [-3000.0, -250, -1, 0, 0.5, 80, 600, 12000] {
            let b = RubberBand.displayed(overscroll: x, dimension: 640, coefficient: 0.55)
            XCTAssertEqual(
                RubberBand.overscroll(displayed: b, dimension: 640, coefficient: 0.55), x,
                accuracy: 1e-6 * max(1, abs(x)))
        }
        XCTAssertEqual(RubberBand.overscroll(displayed: 640, dimension: 640), .infinity)
    }

    func testEmptyDimension() {
        XCTAssertEqual(RubberBand.displayed(overscroll: 100, dimension: 0), 0)
        XCTAssertEqual(RubberBand.overscroll(displayed: 10, dimension: 0), 0)
    }
}
