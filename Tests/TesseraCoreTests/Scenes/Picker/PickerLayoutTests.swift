import XCTest

@testable import TesseraCore

final class PickerLayoutTests: XCTestCase {
    func testDefaultWindowMatchesTheREADMEExample() {
        let layout = PickerLayout(config: PickerConfig(), chrome: ChromeConfig(), window: Size(1024, 768))
        XCTAssertEqual(layout.gridViewport, Rect(16, 64, 992, 540))
        XCTAssertEqual(layout.dockPanel, Rect(16, 620, 992, 132))
        XCTAssertEqual(layout.dockViewport, Rect(32, 636, 960, 100))
        XCTAssertEqual(layout.dock.frame(at: 0), Rect(0, 0, 100, 100))
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
