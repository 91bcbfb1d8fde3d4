import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore

/// Swiping between photos in the fullscreen viewer, driven through script steps: at fit a horizontal drag
/// pages in the waterfall's order with the paging behaviour (a fling or half a page turns it, the rubber
/// band at the ends), Left and Right turn pages, the current photo is `overlay.id` with its own slot the
/// empty one, and a dismiss after paging far flies it into its slot, scrolled into view.
final class PhotoPagingTests: XCTestCase {
    /// 16 photos at 1024 × 768, photo `first` open at fit and at rest.
    private func openViewer(_ first: PhotoID = "photo-03") throws -> Simulation {
        let sim = makeHeroSimulation(.waterfall)
        try sim.play(#"{"at": 0, "tap": "\#(first)"}"#, for: 2)
        XCTAssertEqual(sim.overlay?.id, first)
        XCTAssertEqual(sim.tile(first)?.layer, "overlay")
        return sim
    }

    private var page: Double { 1024 + 20 }

    /// The current photo rests fullscreen at fit; the one it came from is back in its slot.
    private func assertShowing(_ id: PhotoID, _ sim: Simulation, after old: PhotoID, line: UInt = #line) throws {
        XCTAssertEqual(sim.overlay?.id, id, line: line)
        let scene = try XCTUnwrap(sim.scene as? WaterfallScene)
        let tile = try XCTUnwrap(sim.tile(id))
        assertRect(tile.presented, scene.fullscreenFrame(of: id), accuracy: 0.01, "fullscreen at fit")
        XCTAssertEqual(tile.layer, "overlay", line: line)
        let left = try XCTUnwrap(sim.tile(old))
        XCTAssertEqual(left.layer, "container", "the photo paged away from is home", line: line)
        assertRect(left.presented, left.target, accuracy: 0.01)
    }

    /// The photos drawn above the backdrop (the pages), by id.
    private func pages(_ sim: Simulation) -> [PhotoID: Rect] {
        let commands = sim.drawList().commands
        guard let backdrop = commands.firstIndex(where: { if case .backdropBlur = $0 { true } else { false } })
        else { return [:] }
        var frames: [PhotoID: Rect] = [:]
        for case .photo(let id, let frame, _, _, _) in commands[backdrop...] { frames[id] = frame }
        return frames
    }

    func testADragPastHalfAPageTurnsItAndAShortOneSpringsBack() throws {
        let sim = try openViewer()
        let scene = try XCTUnwrap(sim.scene as? WaterfallScene)
        // 300 points and held: less than half a page, no fling.
        try sim.play(#"{"at": 0, "drag": {"from": [700, 400], "to": [400, 400], "seconds": 0.3, "hold": 0.2}}"#, for: 2)
        XCTAssertEqual(sim.overlay?.id, "photo-03")
        // 600 points: the pages follow the finger, photo-04 a page to the right of photo-03, and what is
        // drawn never jumps, not even when photo-04 becomes the current photo halfway.
        let run = try sim.play(
            #"{"at": 0, "drag": {"from": [900, 400], "to": [300, 400], "seconds": 0.4, "hold": 0.3}}"#, for: 0)
        var last = pages(sim)
        for _ in 0..<(3 * 120) {
            run.play(until: sim.time + sim.dt - run.startTime)
            let now = pages(sim)
            for (id, frame) in now {
                guard let before = last[id] else { continue }
                XCTAssertLessThanOrEqual(abs(frame.midX - before.midX), 40, "\(id) jumped at \(sim.time)")
            }
            if abs(run.elapsed - 0.45) < sim.dt / 2 {
                let three = try XCTUnwrap(now["photo-03"])
                let four = try XCTUnwrap(now["photo-04"])
                XCTAssertEqual(three.midX, scene.fullscreenFrame(of: "photo-03").midX - 600, accuracy: 1, "follows")
                XCTAssertEqual(four.midX - three.midX, page, accuracy: 1, "photo-04 a page on")
                XCTAssertEqual(sim.overlay?.id, "photo-04", "past half a page it is the current photo")
            }
            last = now
        }
        try assertShowing("photo-04", sim, after: "photo-03")
    }

    func testAFlingTurnsOnePageWhateverItsSpeed() throws {
        let sim = try openViewer()
        try sim.play(#"{"at": 0, "drag": {"from": [600, 400], "to": [500, 400], "seconds": 0.05}}"#, for: 2)
        try assertShowing("photo-04", sim, after: "photo-03")
        try sim.play(#"{"at": 0, "drag": {"from": [100, 400], "to": [1000, 400], "seconds": 0.03}}"#, for: 2)
        try assertShowing("photo-03", sim, after: "photo-04")
    }

    /// A press on gliding pages holds them until its tap or the horizontal drag it becomes; a vertical
    /// drag instead (or a pinch, or a second press) lets them go to a page. They stayed held for ever,
    /// "still moving" with no finger on them (monkey seed 4428, issue 44).
    func testPagesCaughtByAPressThatBecomesAVerticalDragComeToRest() throws {
        for second in [
            #"{"at": 0.15, "drag": {"from": [500, 300], "to": [500, 340], "seconds": 0.2}}"#,
            #"{"at": 0.15, "pinch": {"center": [500, 400], "from": 100, "to": 140, "seconds": 0.2}}"#,
            #"{"at": 0.15, "key": "Escape"}"#,
        ] {
            let sim = try openViewer()
            try sim.play(
                #"{"at": 0, "drag": {"from": [600, 400], "to": [500, 400], "seconds": 0.05}}, \#(second)"#, for: 4)
            XCTAssertTrue(sim.isSettled, "\(second): at rest")
            XCTAssertFalse(sim.dump().tiles.contains { $0.moving }, second)
        }
    }

    func testKeysTurnPagesAndTheEndsRubberBand() throws {
        let sim = try openViewer("photo-01")
        try sim.play(#"{"at": 0, "key": "Left"}"#, for: 1)
        XCTAssertEqual(sim.overlay?.id, "photo-01", "nothing before the first photo")
        // Dragged right at the first photo: it resists and comes back.
        let run = try sim.play(
            #"{"at": 0, "drag": {"from": [200, 400], "to": [600, 400], "seconds": 0.3, "hold": 0.1}}"#, for: 0.35)
        let stretched = try XCTUnwrap(sim.tile("photo-01")).presented.midX - 512
        XCTAssertGreaterThan(stretched, 10)
        XCTAssertLessThan(stretched, 300, "the rubber band gives less than the finger's 400")
        run.play(until: 2)
        XCTAssertEqual(sim.overlay?.id, "photo-01")
        try sim.play(#"{"at": 0, "key": "Right"}, {"at": 0.8, "key": "Right"}"#, for: 2)
        try assertShowing("photo-03", sim, after: "photo-02")
        try sim.play(#"{"at": 0, "key": "Left"}"#, for: 1.5)
        try assertShowing("photo-02", sim, after: "photo-03")
    }

    func testPagingFarThenDismissingFliesIntoTheSlotScrolledIntoView() throws {
        let sim = try openViewer("photo-01")
        let keys = (0..<14).map { #"{"at": \#(Double($0) * 0.6), "key": "Right"}"# }.joined(separator: ", ")
        try sim.play(keys, for: 14 * 0.6 + 1)
        XCTAssertEqual(sim.overlay?.id, "photo-15")
        // Photo 15 sits low in the second column, out of the waterfall's view.
        let slot = try XCTUnwrap(sim.tile("photo-15")).target
        XCTAssertEqual(sim.container("waterfall")?.offset.y, 0)
        try sim.play(#"{"at": 0, "key": "Escape"}"#, for: 3, noJumps: true)
        XCTAssertNil(sim.overlay)
        let home = try XCTUnwrap(sim.tile("photo-15"))
        XCTAssertEqual(home.layer, "container")
        XCTAssertTrue(home.visible, "landed in view")
        let viewport = try XCTUnwrap(sim.container("waterfall")).frame
        XCTAssertGreaterThan(try XCTUnwrap(sim.container("waterfall")).offset.y, 0, "the waterfall scrolled")
        XCTAssertLessThanOrEqual(home.presented.maxY, viewport.maxY + 0.01, "the least scroll that shows it whole")
        XCTAssertNotEqual(home.presented, slot)
        assertRect(home.presented, home.target, accuracy: 0.01)
    }

    /// Zoomed, a horizontal drag pans the photo instead of paging.
    func testZoomedADragPansInsteadOfPaging() throws {
        let sim = try openViewer()
        try sim.play(#"{"at": 0, "doubleTap": [512, 384]}"#, for: 1)
        XCTAssertEqual(sim.overlay?.zoom ?? 1, 2, accuracy: 1e-3)
        try sim.play(#"{"at": 0, "drag": {"from": [700, 400], "to": [200, 400], "seconds": 0.3, "hold": 0.2}}"#, for: 2)
        XCTAssertEqual(sim.overlay?.id, "photo-03")
    }
}
