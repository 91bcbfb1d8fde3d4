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
        let details = l.detailsFrame(aspectRatio: 2)
        XCTAssertGreaterThan(details.minY, title.y)
        XCTAssertEqual(details.minX, 16)
        XCTAssertEqual(details.maxX, 1024 - 16)
        XCTAssertEqual(details.maxY, 768 - 16)
        XCTAssertEqual(l.closeButton, Rect(1024 - 60, 16, 44, 44))
    }

    func testEmptyList() {
        let l = DestinationsLayout(aspectRatios: [], config: DestinationsConfig(), top: 64, window: Size(800, 600))
        XCTAssertEqual(l.items, [])
        XCTAssertEqual(l.contentHeight, 0)
    }
}
