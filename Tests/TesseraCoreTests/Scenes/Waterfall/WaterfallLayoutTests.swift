import TesseraGeometry
import XCTest

@testable import TesseraCore

final class WaterfallLayoutTests: XCTestCase {
    private func layout(
        _ aspects: [Double], config: WaterfallConfig = WaterfallConfig(), window: Size = Size(1024, 768)
    )
        -> WaterfallLayout
    {
        WaterfallLayout(aspectRatios: aspects, config: config, top: 64, window: window)
    }

    func testTheArticlesColumnsAndStacking() {
        let l = layout([1.5, 1, 0.5, 2])
        XCTAssertEqual(l.viewport, Rect(0, 64, 1024, 704))
        XCTAssertEqual(l.columns, 2)
        XCTAssertEqual(l.columnWidth, (1024 - 2 * 5 - 5) / 2)
        let w = l.columnWidth
        XCTAssertEqual(l.column, [0, 0, 1, 1])
        XCTAssertEqual(l.frames[0], Rect(5, 0, w, w / 1.5))
        XCTAssertEqual(l.frames[1], Rect(5, w / 1.5 + 5, w, w))
        XCTAssertEqual(l.frames[2], Rect(5 + w + 5, 0, w, w / 0.5))
        XCTAssertEqual(l.frames[3], Rect(5 + w + 5, w / 0.5 + 5, w, w / 2))
        XCTAssertEqual(l.contentHeight, w / 0.5 + 5 + w / 2)
    }

    func testBalancedEvensTheColumns() {
        var config = WaterfallConfig()
        config.distribution = .balanced
        let l = layout([0.5, 2, 2, 2, 2], config: config)
        let heights = (0..<2).map { c in l.frames.indices.filter { l.column[$0] == c }.map { l.frames[$0].maxY }.max()!
        }
        XCTAssertLessThan(abs(heights[0] - heights[1]), l.columnWidth)
    }

    func testWideWindowsGetMoreColumnsWhenAsked() {
        var config = WaterfallConfig()
        // Adaptive by default (`GridItem(.adaptive(minimum: 400))`): the article's two up to 1024 points.
        XCTAssertEqual(layout([1], config: config, window: Size(1024, 768)).columns, 2)
        XCTAssertEqual(layout([1], config: config, window: Size(3000, 768)).columns, 7)  // (2990 + 5) / 405
        config.minimumColumnWidth = 0
        XCTAssertEqual(layout([1], config: config, window: Size(3000, 768)).columns, 2, "0 turns it off")
        config.minimumColumnWidth = 300
        XCTAssertEqual(layout([1], config: config, window: Size(1600, 768)).columns, 5)  // (1590 + 5) / 305
        XCTAssertEqual(layout([1], config: config, window: Size(400, 768)).columns, 2)
        config.columns = 3
        XCTAssertEqual(layout([1], config: config, window: Size(400, 768)).columns, 3)
    }

    func testTinyWindowNeverGoesNegative() {
        let l = layout([1, 1], window: Size(4, 10))
        XCTAssertEqual(l.columnWidth, 0)
        XCTAssertEqual(l.viewport.height, 0)
    }
}
