import TesseraGeometry
import XCTest

@testable import TesseraCore

/// The detail view at 1024×400 (issue 43, item 5): it scrolls when image, title and paragraph do not fit,
/// the whole paragraph can be scrolled into view, and it closes by a swipe down from the top and by the
/// left-edge back swipe; a vertical drag away from the top scrolls rather than closes.
final class DestinationsDetailScrollTests: XCTestCase {
    let window = Size(1024, 400)

    /// The shipped catalog (its paragraphs are three lines at this width), Lofoten open and at rest.
    private func openLofoten() -> Simulation {
        let sim = Simulation(
            config: Config(), photos: sizedPhotos(), scene: .destinations, window: window, hz: 120,
            assets: shippedAssets)
        sim.tap("lofoten")
        sim.settle()
        XCTAssertEqual(sim.dump().overlay?.id, "lofoten")
        return sim
    }

    private func paragraphFrame(_ sim: Simulation) throws -> Rect {
        try XCTUnwrap(sim.semantics().node(SemanticsID(.text, "detail/details"))).frame
    }

    private func detailOffset(_ sim: Simulation) -> Double { sim.container("detail")!.offset.y }

    func testTheWholeParagraphCanBeScrolledIntoView() throws {
        let sim = openLofoten()
        let atTop = try paragraphFrame(sim)
        XCTAssertGreaterThan(atTop.maxY, window.height, "cut by the window at the top")
        sim.drag(from: Point(500, 380), to: Point(500, 100), seconds: 0.3)
        sim.settle()
        let scrolled = try paragraphFrame(sim)
        XCTAssertGreaterThan(detailOffset(sim), 0)
        XCTAssertEqual(scrolled.minY, atTop.minY - detailOffset(sim), accuracy: 1e-9, "the frame as presented")
        XCTAssertLessThanOrEqual(scrolled.maxY, window.height, "its last line inside the window")
        XCTAssertEqual(sim.dump().overlay?.id, "lofoten", "still open")
        // The image scrolled with it.
        let image = try XCTUnwrap(sim.tile("lofoten")).presented
        XCTAssertEqual(image.minY, -detailOffset(sim), accuracy: 0.5)
    }

    func testTheWheelScrollsItToo() {
        let sim = openLofoten()
        sim.handle(.wheel(at: Point(500, 300), dx: 0, dy: -3))
        sim.settle()
        XCTAssertGreaterThan(detailOffset(sim), 0)
        XCTAssertEqual(sim.container("list")!.offset.y, 0, "the list under it does not move")
    }

    func testASwipeDownFromTheTopCloses() throws {
        let sim = openLofoten()
        let start = try XCTUnwrap(sim.tile("lofoten")).presented
        sim.handle(.pointerDown(Point(500, 150), time: sim.time))
        for i in 1...12 {
            sim.step()
            sim.handle(.pointerMove(Point(500, 150 + Double(i) * 15), time: sim.time))
        }
        // Mid-swipe the image follows the finger down.
        let following = try XCTUnwrap(sim.tile("lofoten")).presented
        XCTAssertGreaterThan(following.midY, start.midY + 100)
        XCTAssertGreaterThan(sim.dump().overlay?.dismiss ?? 0, 0)
        sim.handle(.pointerUp(Point(500, 330), time: sim.time))
        sim.settle()
        XCTAssertNil(sim.dump().overlay, "closed")
    }

    func testAShortSlowSwipeDownSpringsBack() {
        let sim = openLofoten()
        sim.drag(from: Point(500, 150), to: Point(500, 190), seconds: 0.4, hold: 0.2)
        sim.settle()
        XCTAssertEqual(sim.dump().overlay?.id, "lofoten")
        XCTAssertEqual(sim.dump().overlay?.dismiss, 0)
    }

    func testTheLeftEdgeBackSwipeCloses() {
        let sim = openLofoten()
        sim.drag(from: Point(8, 200), to: Point(700, 210), seconds: 0.4)
        sim.settle()
        XCTAssertNil(sim.dump().overlay, "closed")
    }

    func testARightwardDragAwayFromTheEdgeDoesNotClose() {
        let sim = openLofoten()
        sim.drag(from: Point(200, 200), to: Point(900, 210), seconds: 0.4)
        sim.settle()
        XCTAssertEqual(sim.dump().overlay?.id, "lofoten")
    }

    func testAShortEdgeSwipeSpringsBack() throws {
        let sim = openLofoten()
        let home = try XCTUnwrap(sim.tile("lofoten")).presented
        sim.drag(from: Point(8, 200), to: Point(120, 200), seconds: 0.5, hold: 0.2)
        sim.settle()
        XCTAssertEqual(sim.dump().overlay?.id, "lofoten")
        assertRect(try XCTUnwrap(sim.tile("lofoten")).presented, home, accuracy: 0.5)
    }

    /// Scrolled away from the top, a drag down scrolls back rather than closing.
    func testAVerticalDragNotAtTheTopScrolls() {
        let sim = openLofoten()
        sim.drag(from: Point(500, 380), to: Point(500, 100), seconds: 0.3)
        sim.settle()
        let scrolled = detailOffset(sim)
        XCTAssertGreaterThan(scrolled, 20)
        sim.drag(from: Point(500, 100), to: Point(500, 115), seconds: 0.3, hold: 0.2)
        sim.settle()
        XCTAssertEqual(sim.dump().overlay?.id, "lofoten", "not closed")
        XCTAssertEqual(detailOffset(sim), scrolled - 15, accuracy: 0.5, "scrolled back by the drag")
        XCTAssertEqual(sim.dump().overlay?.dismiss, 0)
    }

    /// After closing, the list takes drags again (the detail container is nowhere).
    func testTheListScrollsAgainAfterClosing() {
        let sim = openLofoten()
        sim.handle(.key(.escape))
        sim.settle()
        sim.drag(from: Point(500, 380), to: Point(500, 200), seconds: 0.3)
        sim.settle()
        XCTAssertGreaterThan(sim.container("list")!.offset.y, 0)
        XCTAssertEqual(detailOffset(sim), 0)
    }
}
