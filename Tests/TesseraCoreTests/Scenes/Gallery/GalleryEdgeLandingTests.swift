import TesseraGeometry
import XCTest

@testable import TesseraCore

/// A snapping row flung into its start or end lands there within a second of the release, as a fling
/// to a card in the middle lands on it (issue 43, item 4; `ScrollAxis.edgeLanding`). Times are the
/// simulation's steps, never the wall clock.
final class GalleryEdgeLandingTests: XCTestCase {
    /// Tall enough that every row is on screen without scrolling the outer view.
    let window = Size(1024, 1400)

    /// Flings row `r` hard (800 points in 0.05 s, towards its end when `towardsEnd`) and steps until it
    /// rests; returns the seconds from the release to rest (nil if not at rest within 5 s).
    private func fling(_ sim: Simulation, row r: Int, towardsEnd: Bool) -> Double? {
        let scene = sim.scene as! GalleryScene
        let frame = sim.container(scene.rows[r].containerID.name)!.frame
        let (from, to) = towardsEnd ? (frame.maxX - 74, frame.minX + 74) : (frame.minX + 74, frame.maxX - 74)
        sim.drag(from: Point(from, frame.midY), to: Point(to, frame.midY), seconds: 0.05)
        let release = sim.time
        while scene.rowScroll(r).isMoving {
            sim.step()
            if sim.time - release > 5 { return nil }
        }
        return sim.time - release
    }

    private func assertEveryFlingIntoAnEndLandsWithinASecond(
        config: Config, file: StaticString = #filePath, line: UInt = #line
    ) {
        let sim = makeGallery(window: window, config: config)
        let scene = sim.scene as! GalleryScene
        for r in scene.rows.indices where scene.rowScroll(r).targetBehavior != nil {
            let name = scene.rows[r].containerID.name
            for towardsEnd in [true, false] {
                let end = towardsEnd ? scene.rowScroll(r).maxOffset : 0
                // A paging row turns one page per swipe: swipe until it rests on the end.
                for _ in 0..<12 where scene.rowScroll(r).offset != end {
                    let seconds = fling(sim, row: r, towardsEnd: towardsEnd)
                    XCTAssertNotNil(seconds, "\(name) at rest within 5 s", file: file, line: line)
                    guard let seconds else { return }
                    if scene.rowScroll(r).offset == end {
                        XCTAssertLessThanOrEqual(
                            seconds, 1, "\(name) flung to its \(towardsEnd ? "end" : "start")", file: file, line: line)
                    }
                }
                let dumped = sim.container(name)!
                XCTAssertEqual(
                    dumped.offset.x, end, "\(name) rests on its \(towardsEnd ? "end" : "start")", file: file, line: line
                )
                XCTAssertEqual(scene.rowScroll(r).phase, .idle, file: file, line: line)
            }
        }
    }

    func testAFlingIntoEitherEndOfEachSnappingRowRestsWithinASecond() {
        assertEveryFlingIntoAnEndLandsWithinASecond(config: Config())
    }

    func testAFlingIntoEitherEndOfPagingRowsRestsWithinASecond() {
        var config = Config()
        config.gallery.featured.targetBehavior = .paging
        config.gallery.recent.targetBehavior = .paging
        assertEveryFlingIntoAnEndLandsWithinASecond(config: config)
    }

    /// The issue's reproduction: the Featured row flung from its start rests on the end, not 15 points off
    /// the margin 3 s later.
    func testTheIssuesFlingRestsOnTheEndWithinASecond() {
        let sim = makeGallery()
        let y = sim.container("featured")!.frame.midY
        sim.drag(from: Point(950, y), to: Point(150, y), seconds: 0.05)
        let release = sim.time
        let scene = sim.scene as! GalleryScene
        while scene.rowScroll(GalleryScene.featured).isMoving && sim.time - release < 5 { sim.step() }
        XCTAssertLessThanOrEqual(sim.time - release, 1)
        XCTAssertEqual(sim.container("featured")!.offset.x, scene.rowScroll(GalleryScene.featured).maxOffset)
    }

    /// A fling to the middle still lands on a card, its leading edge on the margin.
    func testAMiddleFlingStillLandsOnACard() {
        let sim = makeGallery()
        let y = sim.container("featured")!.frame.midY
        sim.drag(from: Point(800, y), to: Point(500, y), seconds: 0.06)
        sim.settle()
        let row = sim.container("featured")!
        XCTAssertGreaterThan(row.offset.x, 0)
        XCTAssertLessThan(row.offset.x, row.contentSize.width - row.frame.width)
        let atMargin = sim.dump().tiles.filter {
            $0.container == "featured" && abs($0.presented.minX - (row.frame.minX + 20)) <= 0.5
        }
        XCTAssertEqual(atMargin.count, 1, "one card at the margin")
    }
}
