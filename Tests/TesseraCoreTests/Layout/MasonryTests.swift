import TesseraGeometry
import XCTest

@testable import TesseraCore

final class MasonryTests: XCTestCase {
    /// An odd count loses no item (the articles' `prefix(n/2)` / `suffix(n/2)` would drop the middle one;
    /// docs/BEHAVIOUR.md#waterfall).
    func testSplitKeepsEveryItem() {
        XCTAssertEqual(
            Masonry.distribute(heights: [1, 1, 1, 1, 1], columns: 2, spacing: 5, by: .split), [0, 0, 0, 1, 1])
        XCTAssertEqual(
            Masonry.distribute(heights: Array(repeating: 1, count: 16), columns: 5, spacing: 5, by: .split),
            [0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4])
        XCTAssertEqual(Masonry.distribute(heights: [], columns: 2, spacing: 5, by: .split), [])
        XCTAssertEqual(Masonry.distribute(heights: [3], columns: 3, spacing: 5, by: .split), [0])
    }

    func testBalancedFillsTheShortestColumn() {
        XCTAssertEqual(
            Masonry.distribute(heights: [300, 100, 100, 100, 50], columns: 2, spacing: 5, by: .balanced),
            [0, 1, 1, 1, 0])
    }

    func testColumnsStackAtTheirWidth() {
        let m = Masonry(aspectRatios: [2, 1, 1], columns: 2, width: 200, padding: 5, spacing: 10, distribution: .split)
        XCTAssertEqual(m.columnWidth, 90)
        XCTAssertEqual(m.frames, [Rect(5, 0, 90, 45), Rect(5, 55, 90, 90), Rect(105, 0, 90, 90)])
        XCTAssertEqual(m.contentHeight, 145)
    }

    func testAdaptiveColumnCount() {
        XCTAssertEqual(Masonry.columnCount(width: 3000, columns: 2, minimumColumnWidth: 0, padding: 5, spacing: 5), 2)
        XCTAssertEqual(
            Masonry.columnCount(width: 1600, columns: 2, minimumColumnWidth: 300, padding: 5, spacing: 5), 5)
        XCTAssertEqual(Masonry.columnCount(width: 400, columns: 3, minimumColumnWidth: 300, padding: 5, spacing: 5), 3)
    }
}

final class VerticalListTests: XCTestCase {
    func testItemsOneUnderAnotherAtTheirAspectRatios() {
        let list = VerticalList(aspectRatios: [2, 1.5], width: 1024, padding: 20, spacing: 20)
        XCTAssertEqual(list.items, [Rect(20, 20, 984, 492), Rect(20, 532, 984, 656)])
        XCTAssertEqual(list.contentHeight, 20 + 492 + 20 + 656 + 20)
        XCTAssertEqual(VerticalList(aspectRatios: [], width: 100, padding: 20, spacing: 20).contentHeight, 0)
    }
}
