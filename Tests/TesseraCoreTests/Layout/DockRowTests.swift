import XCTest

@testable import TesseraCore

final class DockRowTests: XCTestCase {
    func testTilesSitSideBySideWithSpacing() {
        let row = DockRow(tileSize: Size(100, 100), spacing: 8)
        XCTAssertEqual(row.frame(at: 0), Rect(0, 0, 100, 100))
        XCTAssertEqual(row.frame(at: 3), Rect(324, 0, 100, 100))
        XCTAssertEqual(row.contentWidth(count: 0), 0)
        XCTAssertEqual(row.contentWidth(count: 1), 100)
        XCTAssertEqual(row.contentWidth(count: 10), 1072)
    }
}
