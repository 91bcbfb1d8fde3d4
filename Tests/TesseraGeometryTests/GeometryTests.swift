import Foundation
import XCTest

@testable import TesseraGeometry

/// The value vocabulary: rects as the state dump writes them, their set operations, and colours.
final class GeometryTests: XCTestCase {
    func testRectEdgesCentreAndEmptiness() {
        let r = Rect(10, 20, 30, 40)
        XCTAssertEqual([r.minX, r.minY, r.maxX, r.maxY], [10, 20, 40, 60])
        XCTAssertEqual(r.center, Point(25, 40))
        XCTAssertEqual(Rect(origin: r.origin, size: r.size), r)
        XCTAssertFalse(r.isEmpty)
        XCTAssertTrue(Rect(0, 0, 0, 5).isEmpty)
        XCTAssertTrue(Rect(0, 0, 5, -1).isEmpty)
    }

    func testContainsIsHalfOpen() {
        let r = Rect(0, 0, 10, 10)
        XCTAssertTrue(r.contains(Point(0, 0)))
        XCTAssertFalse(r.contains(Point(10, 5)), "the right edge is outside")
        XCTAssertTrue(r.contains(Rect(1, 1, 8, 8)))
        XCTAssertFalse(r.contains(Rect(-0.5, 0, 10, 10)))
        XCTAssertTrue(r.contains(Rect(-0.5, 0, 10, 10), tolerance: 0.5))
    }

    func testUnionIntersectionAndIntersects() {
        let a = Rect(0, 0, 10, 10)
        let b = Rect(5, 5, 10, 10)
        XCTAssertEqual(a.union(b), Rect(0, 0, 15, 15))
        XCTAssertEqual(a.intersection(b), Rect(5, 5, 5, 5))
        XCTAssertTrue(a.intersects(b))
        // Touching edges do not intersect; the intersection of apart rects is empty.
        XCTAssertFalse(a.intersects(Rect(10, 0, 5, 5)))
        XCTAssertTrue(a.intersection(Rect(20, 20, 5, 5)).isEmpty)
    }

    func testAspectFitCentresTheLargestRectOfThatAspect() {
        let frame = Rect(0, 0, 200, 100)
        XCTAssertEqual(frame.aspectFit(1), Rect(50, 0, 100, 100))
        XCTAssertEqual(frame.aspectFit(4), Rect(0, 25, 200, 50))
        XCTAssertEqual(frame.aspectFit(0), frame, "no aspect: unchanged")
    }

    func testScaleInsetOffsetAndInterpolation() {
        let r = Rect(10, 10, 20, 20)
        XCTAssertEqual(r.scaled(by: 2), Rect(0, 0, 40, 40))
        XCTAssertEqual(r.insetBy(dx: 5, dy: 2), Rect(15, 12, 10, 16))
        XCTAssertEqual(r.offsetBy(dx: -10, dy: 5), Rect(0, 15, 20, 20))
        XCTAssertEqual(r.interpolated(to: Rect(20, 30, 40, 60), 0.5), Rect(15, 20, 30, 40))
        XCTAssertEqual(Rect(components: r.components), r)
    }

    func testRectCodesAsTheDumpsFourNumbers() throws {
        let data = try JSONEncoder().encode(Rect(1, 2, 3, 4.5))
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "[1,2,3,4.5]")
        XCTAssertEqual(try JSONDecoder().decode(Rect.self, from: data), Rect(1, 2, 3, 4.5))
        XCTAssertThrowsError(try JSONDecoder().decode(Rect.self, from: Data("[1,2,3]".utf8)))
    }

    func testPointArithmeticAndDistance() {
        XCTAssertEqual(Point(1, 2) + Point(3, 4), Point(4, 6))
        XCTAssertEqual(Point(1, 2) - Point(3, 4), Point(-2, -2))
        XCTAssertEqual(Point(0, 0).distance(to: Point(3, 4)), 5)
    }

    func testColorWithAlphaScalesAndClampsAlpha() {
        let c = Color(10, 20, 30, 200)
        XCTAssertEqual(c.withAlpha(0.5), Color(10, 20, 30, 100))
        XCTAssertEqual(c.withAlpha(2), Color(10, 20, 30, 255))
        XCTAssertEqual(c.withAlpha(-1).a, 0)
        XCTAssertEqual(Color(1, 2, 3).a, 255, "opaque by default")
    }
}
