import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraCore

/// The picker's section as the shipped files and the text scale leave it.
final class PickerConfigTests: XCTestCase {
    func testTheSeedConfigSetsTheGrid() throws {
        let seed000 = try ConfigLoader.load(path: repositoryResources.resolve("Configs/seed-000.json"))
        XCTAssertEqual(seed000.picker.grid.minimumColumnWidth, 50)
        XCTAssertEqual(seed000.picker.grid.rowHeight, 60)
        XCTAssertEqual(seed000.picker.grid.cornerRadius, 3)
    }

    /// The Done button holds text, so it grows with the text scale (and its row with it).
    func testTheDoneButtonGrowsWithTheTextScale() {
        var config = Config()
        config.textScale = 1.5
        config.picker.dock.doneButton = true
        let scaled = config.applyingTextScale()
        XCTAssertEqual(scaled.picker.dock.doneButtonHeight, 54)
        XCTAssertGreaterThanOrEqual(scaled.picker.dock.height, 54)
    }

    /// The kiosk shows the Done button, at least 44 points each way (Apple's Human Interface Guidelines:
    /// "provide ample touch targets", 44 × 44 pt).
    func testTheKioskConfigShowsAFortyFourPointDoneButton() throws {
        let config = try ConfigLoader.load(path: repositoryResources.resolve("Configs/kiosk.json"))
        XCTAssertTrue(config.picker.dock.doneButton)
        let picker = PickerLayout(config: config.picker, chrome: config.chrome, window: Size(1280, 800))
        let done = try XCTUnwrap(picker.doneButton)
        XCTAssertGreaterThanOrEqual(min(done.width, done.height), 44, "Done")
    }
}
