import TesseraGeometry
import XCTest

@testable import TesseraCore

final class PickerLayoutTests: XCTestCase {
    func testDefaultWindowMatchesTheREADMEExample() {
        let layout = PickerLayout(config: PickerConfig(), chrome: ChromeConfig(), window: Size(1024, 768))
        // The grid's scroll holds the title's row: it starts at the header's top.
        XCTAssertEqual(layout.gridViewport, Rect(16, 16, 992, 588))
        XCTAssertEqual(layout.titleRow, Rect(0, 0, 992, 48))
        XCTAssertEqual(layout.gridFrame(at: 0).minY, 48, "the photos start under the title")
        XCTAssertEqual(layout.dockPanel, Rect(16, 620, 992, 132))
        XCTAssertEqual(layout.dockViewport, Rect(32, 636, 960, 100))
        XCTAssertEqual(layout.dock.frames(widths: [150])[0], Rect(0, 0, 150, 100))
    }

    func testRelayoutOnResizeKeepsTheDockAtTheBottom() {
        let layout = PickerLayout(config: PickerConfig(), chrome: ChromeConfig(), window: Size(600, 900))
        XCTAssertEqual(layout.dockPanel.maxY, 900 - 16)
        XCTAssertEqual(layout.gridViewport.width, 568)
        XCTAssertEqual(layout.grid.columns, 6)  // (568 + 8) / 88 = 6.5
    }

    func testTinyWindowHasNoNegativeSizes() {
        let layout = PickerLayout(config: PickerConfig(), chrome: ChromeConfig(), window: Size(1, 1))
        XCTAssertGreaterThanOrEqual(layout.gridViewport.width, 0)
        XCTAssertGreaterThanOrEqual(layout.gridViewport.height, 0)
        XCTAssertTrue(layout.dockViewport.isEmpty)
    }
}
