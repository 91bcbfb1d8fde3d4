import TesseraGeometry
import XCTest

@testable import TesseraCore

final class DockRowTests: XCTestCase {
    func testTilesSitSideBySideWithSpacing() {
        let row = DockRow(height: 100, spacing: 8, fallbackWidth: 100)
        let frames = row.frames(widths: [100, 150, 75, 100])
        XCTAssertEqual(frames[0], Rect(0, 0, 100, 100))
        XCTAssertEqual(frames[1], Rect(108, 0, 150, 100))
        XCTAssertEqual(frames[3], Rect(108 + 158 + 83, 0, 100, 100))
        XCTAssertEqual(row.contentWidth(widths: []), 0)
        XCTAssertEqual(row.contentWidth(widths: [100]), 100)
        XCTAssertEqual(row.contentWidth(widths: Array(repeating: 100, count: 10)), 1072)
    }

    /// `.frame(height: 100)` in a `LazyHGrid` row: the cell's ideal width is 100 × the photo's aspect
    /// ratio, not a 100 × 100 square.
    func testEachTileIsItsPhotosAspectRatioWide() {
        let row = DockRow(height: 100, spacing: 8, fallbackWidth: 90)
        XCTAssertEqual(row.width(aspectRatio: 1.5), 150)
        XCTAssertEqual(row.width(aspectRatio: 0.75), 75)
        XCTAssertEqual(row.width(aspectRatio: nil), 90, "a photo of unknown size takes the fallback width")
        XCTAssertEqual(row.width(aspectRatio: .nan), 90)
    }
}
