import TesseraGeometry
import XCTest

@testable import TesseraCore

/// `.paging`: page = offset / pageLength, ±0.5 in the fling's direction, rounded (docs/BEHAVIOUR.md#paging).
final class PagingScrollTargetBehaviorTests: XCTestCase {
    let paging = PagingScrollTargetBehavior()
    /// Pages of 1000 points over 12 cards of 240 + 10 (content 3010, max offset 2010).
    let row = SampleRow(cards: 12, cardWidth: 240, spacing: 10, margin: 5, container: 1000)

    func testThePublishedFormula() {
        // 1.1 pages: at rest rounds to 1; flung forwards 1.6 → 2; backwards 0.6 → 1.
        XCTAssertEqual(row.target(paging, released: 1100, velocity: 0), 1000)
        XCTAssertEqual(row.target(paging, released: 1100, velocity: 50), 2000)
        XCTAssertEqual(row.target(paging, released: 1100, velocity: -50), 1000)
        // 1.6 pages: at rest 2; backwards 1.1 → 1; forwards 2.1 → 2.
        XCTAssertEqual(row.target(paging, released: 1600, velocity: 0), 2000)
        XCTAssertEqual(row.target(paging, released: 1600, velocity: -50), 1000)
        XCTAssertEqual(row.target(paging, released: 1600, velocity: 50), 2000)
        // Below the threshold a release does not turn the page.
        XCTAssertEqual(row.target(paging, released: 1100, velocity: 9), 1000)
    }

    func testTheHardestFlingTurnsOnePageAndTheProjectionDoesNotCount() {
        XCTAssertEqual(row.target(paging, released: 100, velocity: 1e6), 1000)
        XCTAssertEqual(row.target(paging, released: 100, velocity: 50, projected: 9000), 1000)
        XCTAssertEqual(row.target(paging, released: 1900, velocity: -1e6), 1000)
    }

    func testPagingDeceleratesFast() {
        XCTAssertEqual(paging.deceleration, .fast)
    }

    func testFlingsThroughTheAxisEndOnWholePagesOrTheEnd() {
        for (start, velocity) in [(0.0, 3000.0), (1000, 200), (1000, -4000), (1700, 20000), (30, 0)] {
            var axis = row.axis(paging, offset: start)
            axis.endDrag(velocity: velocity)
            axis.runUntilIdle()
            let pages = axis.offset / 1000
            XCTAssertTrue(
                pages == pages.rounded() || axis.offset == axis.maxOffset, "\(start) at \(velocity) → \(axis.offset)")
            XCTAssertLessThanOrEqual(abs(axis.offset - start), 1000 + 0.5, "at most one page")
        }
    }

    func testAResizeRestsOnTheNearestPage() {
        var axis = row.axis(paging, offset: 1000)
        var g = row.geometry
        g.containerSize.width = 800
        axis.setGeometry(g)
        XCTAssertEqual(axis.offset, 800, "1000 / 800 = 1.25 pages → page 1")
    }
}
