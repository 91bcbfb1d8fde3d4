import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore

/// Keyboard focus driven by script keys in every scene: Tab and Shift+Tab between groups, arrows in the
/// layout's geometry, Space activating, Escape letting go, the ring drawn where the item is, the focused
/// item scrolled into view and followed by its id through reflows, flights and resizes. The gallery's and
/// the destinations' own cases are in their folders (GalleryFocusTests, DestinationsFocusTests).
final class FocusTests: XCTestCase {
    private func keys(_ names: [String], _ sim: Simulation, gap: Double = 0.05, settle: Double = 1) throws {
        try sim.pressKeys(names, gap: gap, settle: settle)
    }

    private func ring(_ sim: Simulation) -> Rect? {
        sim.drawList().commands.compactMap { command -> Rect? in
            if case .ring(let frame, _, _, _, _) = command { return frame }
            return nil
        }.first
    }

    func testPickerTabArrowsSpaceAndAReflow() throws {
        let sim = makeHeroSimulation(.named("picker"), photos: 24)
        XCTAssertNil(sim.dump().focus)
        XCTAssertNil(ring(sim), "no ring before Tab")
        try keys(["Tab"], sim)
        XCTAssertEqual(sim.dump().focus, "photo-01")
        // 11 columns at 1024: Right twice, Down once is the third photo of the second row.
        try keys(["Right", "Right", "Down"], sim)
        XCTAssertEqual(sim.dump().focus, "photo-14")
        let frame = try XCTUnwrap(sim.tile("photo-14")).presented
        let drawn = try XCTUnwrap(ring(sim))
        XCTAssertEqual(drawn.center.x, frame.center.x, accuracy: 1e-6)
        XCTAssertGreaterThan(drawn.width, frame.width, "outside the photo")
        // Space selects it: it flies to the dock and the focus goes with it, the ring on it mid-flight.
        try sim.play(#"{"at": 0, "key": "Space"}"#, for: 0.05)
        XCTAssertEqual(sim.dump().selection, ["photo-14"])
        XCTAssertEqual(sim.dump().focus, "photo-14")
        let flying = try XCTUnwrap(sim.tile("photo-14"))
        XCTAssertEqual(flying.layer, "flight")
        XCTAssertEqual(try XCTUnwrap(ring(sim)).center.y, flying.presented.center.y, accuracy: 1e-6)
        sim.settle()
        // A reflow: a photo before it leaves the grid; the focus stays on photo-14 in the dock.
        sim.tap("photo-01")
        sim.settle()
        XCTAssertEqual(sim.dump().focus, "photo-14")
        // Shift+Tab goes back a group (from the dock to the grid), Tab forward again.
        try keys(["Shift+Tab"], sim)
        XCTAssertEqual(sim.dump().focus, sim.container("grid")?.items.first?.rawValue)
        try keys(["Tab"], sim)
        XCTAssertEqual(sim.dump().focus, "photo-14", "the dock's first photo")
        // Space deselects; Escape lets go of the focus.
        try keys(["Space"], sim)
        XCTAssertEqual(sim.dump().selection, ["photo-01"])
        try keys(["Escape"], sim)
        XCTAssertNil(sim.dump().focus)
        XCTAssertNil(ring(sim))
    }

    func testTheFocusedPhotoIsScrolledIntoViewAndFollowsAResize() throws {
        let sim = makeHeroSimulation(.named("picker"), photos: 80)
        try keys(["Tab"] + Array(repeating: "Down", count: 6), sim, settle: 2)
        let focused = try XCTUnwrap(sim.dump().focus)
        XCTAssertEqual(focused, "photo-67", "six rows down in 11 columns")
        let tile = try XCTUnwrap(sim.tile(PhotoID(focused)))
        let grid = try XCTUnwrap(sim.container("grid"))
        XCTAssertGreaterThan(grid.offset.y, 0, "scrolled to show it")
        XCTAssertLessThanOrEqual(tile.presented.maxY, grid.frame.maxY + 0.01)
        // A resize reflows the grid: the focus stays on the same photo and the ring follows it.
        sim.handle(.resize(Size(700, 768)))
        sim.settle()
        XCTAssertEqual(sim.dump().focus, focused)
        let moved = try XCTUnwrap(sim.tile(PhotoID(focused))).presented
        XCTAssertEqual(try XCTUnwrap(ring(sim)).center.x, moved.center.x, accuracy: 1e-6)
    }

    func testWaterfallArrowsFollowItsColumnsAndSpaceOpens() throws {
        let sim = makeHeroSimulation(.named("waterfall"))
        try keys(["Tab", "Down"], sim)
        XCTAssertEqual(sim.dump().focus, "photo-02", "down the first column")
        try keys(["Right"], sim)
        let focused = PhotoID(try XCTUnwrap(sim.dump().focus))
        XCTAssertTrue(sim.container("waterfall")!.items.firstIndex(of: focused)! >= 8, "into the second column")
        try keys(["Space"], sim, settle: 2)
        XCTAssertEqual(sim.overlay?.id, focused)
        XCTAssertNil(ring(sim), "no ring over the open photo")
        try keys(["Right"], sim, settle: 2)
        XCTAssertNotEqual(sim.overlay?.id, focused, "in the viewer Right pages")
        try keys(["Escape"], sim, settle: 2)
        XCTAssertNil(sim.overlay)
    }

    func testAKioskWithoutKeyboardFocusShowsNoRing() throws {
        let sim = makeHeroSimulation(.named("picker"))
        var kiosk = KioskConfig()
        kiosk.keyboardFocus = false
        sim.kiosk = Simulation.KioskMode(kiosk)
        try keys(["Tab", "Right", "Space"], sim)
        XCTAssertNil(sim.dump().focus)
        XCTAssertEqual(sim.dump().selection, [])
    }

    func testGeometryPicksTheNearestInLine() {
        let from = Rect(100, 100, 50, 50)
        let candidates: [(target: FocusTarget, frame: Rect)] = [
            (.tile("right"), Rect(200, 100, 50, 50)), (.tile("diagonal"), Rect(160, 160, 50, 50)),
            (.tile("left"), Rect(0, 100, 50, 50)), (.control(ControlID("below")), Rect(100, 300, 50, 50)),
        ]
        XCTAssertEqual(FocusModel.nearest(to: from, towards: .right, in: candidates), .tile("right"))
        XCTAssertEqual(FocusModel.nearest(to: from, towards: .left, in: candidates), .tile("left"))
        XCTAssertEqual(
            FocusModel.nearest(to: from, towards: .down, in: candidates), .control(ControlID("below")),
            "in its column first")
        XCTAssertNil(FocusModel.nearest(to: from, towards: .up, in: candidates))
    }
}
