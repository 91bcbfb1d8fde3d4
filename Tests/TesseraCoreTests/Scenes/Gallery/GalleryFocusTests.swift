import TesseraGeometry
import XCTest

@testable import TesseraCore

/// Keyboard focus in the gallery (FocusTests has the other scenes'): rows, arrows along a row and
/// between rows, the paddles as the last Tab stop.
final class GalleryFocusTests: XCTestCase {
    func testGalleryRowsAndPaddles() throws {
        let sim = makeGallery()
        try sim.pressKeys(["Tab", "Right"])
        XCTAssertEqual(sim.dump().focus, "featured-1")
        try sim.pressKeys(["Right", "Right"])
        XCTAssertEqual(sim.dump().focus, "featured-3")
        XCTAssertGreaterThan(sim.container("featured")!.offset.x, 0, "the row scrolled to show it")
        try sim.pressKeys(["Down"])
        XCTAssertTrue(sim.dump().focus?.hasPrefix("recent-") == true, "\(sim.dump().focus ?? "nil")")
        try sim.pressKeys(["Shift+Tab", "Space"])
        XCTAssertEqual(sim.dump().focus, "featured-0")
        XCTAssertEqual(sim.container("featured")!.offset.x, 0, accuracy: 0.5, "Space scrolled the row to the card")
        // The last Tab stop is the paddles; Space presses one.
        let groups = try XCTUnwrap(sim.scene as? GalleryScene).focusGroups
        XCTAssertEqual(groups.last, [GalleryScene.forwardPaddle], "\(groups.map(\.count))")
        try sim.pressKeys(Array(repeating: "Tab", count: 4))
        XCTAssertEqual(sim.dump().focus, GalleryScene.forwardPaddle.name)
        try sim.pressKeys(["Space"])
        XCTAssertEqual(sim.dump().position, "featured-1")
    }
}
