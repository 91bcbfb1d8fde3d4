import TesseraGeometry
import XCTest

@testable import TesseraCore

final class AdaptiveGridTests: XCTestCase {
    func testColumnsFollowTheAdaptiveFormula() {
        // columns = max(1, floor((W + s) / (m + s))): (992 + 8) / 88 = 11.36 → 11.
        let grid = AdaptiveGrid(width: 992, minimumColumnWidth: 80, spacing: 8, rowHeight: 150)
        XCTAssertEqual(grid.columns, 11)
        XCTAssertEqual(grid.columnWidth, (992 - 10 * 8) / 11, accuracy: 1e-9)
    }

    func testExactFitAndNarrowWidths() {
        // 3 columns of 80 with two gaps of 8 fit exactly in 256.
        XCTAssertEqual(AdaptiveGrid(width: 256, minimumColumnWidth: 80, spacing: 8, rowHeight: 1).columns, 3)
        XCTAssertEqual(AdaptiveGrid(width: 255.9, minimumColumnWidth: 80, spacing: 8, rowHeight: 1).columns, 2)
        // Narrower than one column still has one column, as wide as the container.
        let tiny = AdaptiveGrid(width: 40, minimumColumnWidth: 80, spacing: 8, rowHeight: 1)
        XCTAssertEqual(tiny.columns, 1)
        XCTAssertEqual(tiny.columnWidth, 40)
        XCTAssertEqual(AdaptiveGrid(width: 0, minimumColumnWidth: 80, spacing: 8, rowHeight: 1).columnWidth, 0)
    }

    func testFramesFillRowsLeftToRight() {
        let grid = AdaptiveGrid(width: 256, minimumColumnWidth: 80, spacing: 8, rowHeight: 150)
        XCTAssertEqual(grid.frame(at: 0), Rect(0, 0, 80, 150))
        XCTAssertEqual(grid.frame(at: 2), Rect(176, 0, 80, 150))
        XCTAssertEqual(grid.frame(at: 3), Rect(0, 158, 80, 150))
        XCTAssertEqual(grid.contentHeight(count: 0), 0)
        XCTAssertEqual(grid.contentHeight(count: 3), 150)
        XCTAssertEqual(grid.contentHeight(count: 4), 308)
    }

    func testSeed000Preset() {
        // The first picker article's preset (Configs/seed-000.json, docs/BEHAVIOUR.md#picker):
        // adaptive(minimum: 50) on a 343-pt iPhone content width: (343 + 8) / 58 = 6.05 → 6
        // columns of (343 − 40) / 6 = 50.5.
        let grid = AdaptiveGrid(width: 343, minimumColumnWidth: 50, spacing: 8, rowHeight: 60)
        XCTAssertEqual(grid.columns, 6)
        XCTAssertEqual(grid.columnWidth, 50.5, accuracy: 1e-9)
    }
}
