import TesseraGeometry
import XCTest

@testable import TesseraCore

final class ChromeTests: XCTestCase {
    func testWideWindowsShareOneRowNarrowOnesStack() {
        let chrome = Chrome(config: ChromeConfig())
        let tabs = TabBar(config: TabBarConfig(), chrome: ChromeConfig())
        let wide = Size(1024, 768)
        XCTAssertFalse(chrome.isStacked(window: wide))
        XCTAssertEqual(chrome.contentTop(window: wide), 64)
        XCTAssertEqual(tabs.segments(window: wide).last?.1.maxX, 1024 - 16)
        XCTAssertEqual(tabs.segments(window: wide)[0].1.midY, chrome.titleRow(window: wide).midY)

        let phone = Size(390, 844)
        XCTAssertTrue(chrome.isStacked(window: phone))
        XCTAssertEqual(chrome.contentTop(window: phone), 104)
        let title = chrome.titleRow(window: phone)
        for (_, frame) in tabs.segments(window: phone) {
            XCTAssertGreaterThanOrEqual(frame.minY, title.maxY, "under the title, not over it")
            XCTAssertLessThanOrEqual(frame.maxY, chrome.contentTop(window: phone))
            XCTAssertGreaterThanOrEqual(frame.minX, 16)
            XCTAssertLessThanOrEqual(frame.maxX, 390 - 16)
        }
    }

    /// The picker's grid scrolls from the header's top (its title is its first row) with its photos under
    /// the stacked band; the other scenes start below it.
    func testScenesLayOutBelowTheStackedChrome() {
        let sim = makeSimulation(window: Size(390, 844))
        XCTAssertEqual(sim.container("grid")?.frame.minY, 16)
        XCTAssertEqual(sim.dump().tiles.map(\.presented.minY).min(), 104)
        XCTAssertEqual(
            makeHeroSimulation(.named("waterfall"), window: Size(390, 844)).container("waterfall")?.frame.minY, 104)
    }
}
