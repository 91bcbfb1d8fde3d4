import XCTest

@testable import TesseraRaster

/// A soft shadow's nine-slice alpha (`ShadowMask`): outside the shape only, fading as a Gaussian does.
final class ShadowMaskTests: XCTestCase {
    func testMaskIsOutsideOnlyAndFades() {
        let mask = ShadowMask(radius: 6, blur: 5)
        XCTAssertEqual(mask.extent, 8)  // ⌈3σ⌉, σ = 2.5
        XCTAssertEqual(mask.size, 2 * (6 + 8) + 1)
        let n = mask.size
        let mid = n / 2
        func a(_ x: Int, _ y: Int) -> Int { Int(mask.alpha[y * n + x]) }
        XCTAssertEqual(a(mid, mid), 0, "nothing under the shape")
        XCTAssertEqual(a(mid, mask.extent + 2), 0)
        // Along the middle column, from the edge outwards: strongest at the edge, fading to nothing.
        let column = (0..<mask.extent).map { a(mid, mask.extent - 1 - $0) }
        XCTAssertEqual(column, column.sorted(by: >))
        // Half a pixel out a Gaussian edge of σ = 2.5 px has Φ(−0.2) ≈ 0.42 of its strength.
        XCTAssertEqual(Double(column[0]) / 255, 0.4, accuracy: 0.06)
        XCTAssertLessThan(a(mid, 0), 4)
        // Symmetric.
        for (x, y) in [(2, 5), (7, 1), (3, 3)] {
            XCTAssertEqual(a(x, y), a(n - 1 - x, y))
            XCTAssertEqual(a(x, y), a(x, n - 1 - y))
            XCTAssertEqual(a(x, y), a(y, x))
        }
    }
}
