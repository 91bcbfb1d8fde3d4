import TesseraGeometry
import XCTest

@testable import TesseraCore

final class DestinationsLayoutTests: XCTestCase {
    func testListAndDetail() {
        let l = DestinationsLayout(
            aspectRatios: [2, 1.5], config: DestinationsConfig(), top: 64, window: Size(1024, 768))
        XCTAssertEqual(l.viewport, Rect(0, 64, 1024, 704))
        XCTAssertEqual(l.items, [Rect(20, 20, 984, 492), Rect(20, 532, 984, 656)])
        XCTAssertEqual(l.contentHeight, 20 + 492 + 20 + 656 + 20)
        XCTAssertEqual(l.detailImage(aspectRatio: 2), Rect(0, 0, 1024, 512), "full width at the top")
        // A 3:2 image would take 683 of 768 points: capped at 75 % of the height, centred.
        XCTAssertEqual(l.detailImage(aspectRatio: 1.5), Rect((1024 - 864) / 2, 0, 864, 576))
        let title = l.titleAnchor(aspectRatio: 2)
        XCTAssertEqual(title.x, 512)
        XCTAssertGreaterThan(title.y, 512 + 8)
        let details = l.detailsFrame(aspectRatio: 2, details: "Short.")
        XCTAssertGreaterThan(details.minY, title.y)
        XCTAssertEqual(details.minX, 16)
        XCTAssertEqual(details.maxX, 1024 - 16)
        XCTAssertEqual(details.height, DestinationsLayout.lineHeight(16), "one line")
        XCTAssertEqual(l.detailContentHeight(aspectRatio: 2, details: "Short."), 768, "fits: no scrolling")
        XCTAssertEqual(l.closeButton, Rect(1024 - 60, 16, 44, 44))
    }

    func testEmptyList() {
        let l = DestinationsLayout(aspectRatios: [], config: DestinationsConfig(), top: 64, window: Size(800, 600))
        XCTAssertEqual(l.items, [])
        XCTAssertEqual(l.contentHeight, 0)
    }

    /// The paragraph's box is as tall as its wrapped lines, so the detail view can scroll all of it into
    /// view (issue 43, item 5): at 1024×400 the image and title leave it one line of the window.
    func testTheParagraphsBoxHoldsEveryWrappedLine() {
        let l = DestinationsLayout(aspectRatios: [2], config: DestinationsConfig(), top: 64, window: Size(1024, 400))
        let text = String(repeating: "word ", count: 100)  // 500 characters, 4800 pt at 0.6 em of 16 pt
        let box = l.detailsFrame(aspectRatio: 2, details: text)
        let lines = DestinationsLayout.wrappedLineCount(text, width: box.width, size: 16)
        XCTAssertGreaterThanOrEqual(Double(lines), 4800 / box.width)
        XCTAssertEqual(box.height, Double(lines) * DestinationsLayout.lineHeight(16))
        XCTAssertEqual(l.detailContentHeight(aspectRatio: 2, details: text), box.maxY + 16)
        XCTAssertGreaterThan(box.maxY, 400, "taller than the window: it scrolls")
    }

    func testWrappingBreaksAtWordsAndSplitsLongWords() {
        // 0.6 em of 10 pt: 6 pt a character, a space included.
        XCTAssertEqual(DestinationsLayout.wrappedLineCount("", width: 60, size: 10), 0)
        XCTAssertEqual(DestinationsLayout.wrappedLineCount("aaaa bbbb", width: 60, size: 10), 1, "9 characters, 54 pt")
        XCTAssertEqual(DestinationsLayout.wrappedLineCount("aaaa bbbbbb", width: 60, size: 10), 2)
        XCTAssertEqual(DestinationsLayout.wrappedLineCount(String(repeating: "a", count: 25), width: 60, size: 10), 3)
        XCTAssertEqual(DestinationsLayout.wrappedLineCount("a\nb", width: 60, size: 10), 2, "a newline breaks")
    }
}
