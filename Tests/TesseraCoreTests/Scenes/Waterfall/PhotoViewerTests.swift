import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraCore

/// The fullscreen photo under the fingers (docs/SCENES.md, "Zoom and swipe to dismiss"), driven through script
/// steps: pinch, double tap, pan, swipe down, and a tap during each spring.
final class PhotoViewerTests: XCTestCase {
    private let window = Size(1024, 768)
    /// photo-09 is 960×640: aspect-fit into 1024×768.
    private let fit = Rect(0, 128.0 / 3, 1024, 2048.0 / 3)

    /// The waterfall with photo-09 open and at rest fullscreen.
    private func opened(config: Config = Config()) -> Simulation {
        let sim = makeHeroSimulation(.waterfall, config: config)
        sim.tap("photo-09")
        sim.settle()
        XCTAssertEqual(sim.tile("photo-09")?.layer, "overlay")
        assertRect(sim.tile("photo-09")!.presented, fit, accuracy: 0.01)
        return sim
    }

    private func photo(_ sim: Simulation) -> TileDump { sim.tile("photo-09")! }

    /// Where window point `p` lies on the photo drawn at `frame`, as fractions of its size.
    private func onPhoto(_ p: Point, _ frame: Rect) -> Point {
        Point((p.x - frame.x) / frame.width, (p.y - frame.y) / frame.height)
    }

    // MARK: Pinch

    func testPinchZoomsAboutTheMidpointFollowingTheFingers() throws {
        let sim = opened()
        let centre = Point(600, 300)
        let under = onPhoto(centre, fit)
        let run = try sim.play(
            #"{"at": 0, "pinch": {"center": [600, 300], "from": 100, "to": 250, "seconds": 0.5}}"#, for: 0.45)
        // Mid-pinch: the fingers are 100 + 150·(0.45 − 1/120)/0.5 apart or so; the zoom is their ratio.
        let zoom = try XCTUnwrap(sim.overlay).zoom
        XCTAssertGreaterThan(zoom, 2.2)
        XCTAssertLessThan(zoom, 2.5)
        let frame = photo(sim).presented
        XCTAssertEqual(frame.width, fit.width * zoom, accuracy: 0.01, "the drawn frame is the zoomed one")
        let still = onPhoto(centre, frame)
        XCTAssertEqual(still.x, under.x, accuracy: 1e-3, "the point under the fingers stays under them")
        XCTAssertEqual(still.y, under.y, accuracy: 1e-3)
        run.play(until: 1, noJumps: true)
        sim.settle()
        let rest = try XCTUnwrap(sim.overlay)
        XCTAssertEqual(rest.zoom, 2.5, accuracy: 1e-3)
        XCTAssertEqual(rest.id, "photo-09")
        XCTAssertEqual(photo(sim).layer, "overlay")
        let settled = onPhoto(centre, photo(sim).presented)
        XCTAssertEqual(settled.x, under.x, accuracy: 1e-3)
        XCTAssertEqual(settled.y, under.y, accuracy: 1e-3)
    }

    func testPinchPastTheMaximumResistsAndSpringsBack() throws {
        let sim = opened()
        let run = try sim.play(
            #"{"at": 0, "pinch": {"center": [512, 384], "from": 50, "to": 400, "seconds": 0.4}}"#, for: 0.39)
        let stretched = try XCTUnwrap(sim.overlay).zoom
        XCTAssertGreaterThan(stretched, 4, "past the limit while the fingers hold it")
        XCTAssertLessThan(stretched, 6, "but resisting: the fingers ask for nearly 8×")
        run.play(until: 1.4, noJumps: true)
        sim.settle()
        XCTAssertEqual(try XCTUnwrap(sim.overlay).zoom, 4, accuracy: 1e-3, "zoom.maxScale")
        XCTAssertEqual(photo(sim).presented.width, fit.width * 4, accuracy: 0.05)
    }

    func testPinchBelowFitResistsAndSpringsBack() throws {
        let sim = opened()
        let run = try sim.play(
            #"{"at": 0, "pinch": {"center": [300, 300], "from": 300, "to": 100, "seconds": 0.3}}"#, for: 0.29)
        let squeezed = try XCTUnwrap(sim.overlay).zoom
        XCTAssertLessThan(squeezed, 1)
        XCTAssertGreaterThan(squeezed, 0.5, "the fingers ask for a third")
        run.play(until: 1.3, noJumps: true)
        sim.settle()
        let rest = try XCTUnwrap(sim.overlay)
        XCTAssertEqual(rest.zoom, 1, accuracy: 1e-4)
        XCTAssertEqual(rest.pan, .zero)
        assertRect(photo(sim).presented, fit, accuracy: 0.05)
    }

    // MARK: Double tap and Ctrl+wheel

    func testDoubleTapTogglesFitAndTwiceAboutTheTappedPoint() throws {
        let sim = opened()
        let p = Point(600, 350)
        let under = onPhoto(p, fit)
        try sim.play(#"{"at": 0, "doubleTap": [600, 350]}"#, for: 0.2)
        XCTAssertNotNil(sim.overlay, "a double tap does not close")
        sim.settle()
        XCTAssertEqual(try XCTUnwrap(sim.overlay).zoom, 2, accuracy: 1e-3, "zoom.doubleTapScale")
        let still = onPhoto(p, photo(sim).presented)
        XCTAssertEqual(still.x, under.x, accuracy: 1e-3)
        XCTAssertEqual(still.y, under.y, accuracy: 1e-3)
        try sim.play(#"{"at": 0, "doubleTap": "photo-09"}"#, for: 0.2)
        sim.settle()
        XCTAssertEqual(try XCTUnwrap(sim.overlay).zoom, 1, accuracy: 1e-4)
        assertRect(photo(sim).presented, fit, accuracy: 0.05)
    }

    /// Near an edge the zoom keeps the photo covering the window instead of keeping the point still: the
    /// top would come down to 25 pt about (5, 60), so it stops flush at 0.
    func testDoubleTapNearAnEdgeLeavesNoEmptyBand() throws {
        let sim = opened()
        try sim.play(#"{"at": 0, "doubleTap": [5, 60]}"#, for: 0.2)
        sim.settle()
        let frame = photo(sim).presented
        XCTAssertEqual(frame.minX, -5, accuracy: 0.05, "about the tapped point")
        XCTAssertEqual(frame.minY, 0, accuracy: 0.05, "flush, not 25 pt down")
    }

    func testCtrlWheelZoomsAboutThePointer() throws {
        let sim = opened()
        let p = Point(700, 400)
        let under = onPhoto(p, fit)
        sim.handle(.magnify(at: p, scale: 1.5))
        sim.settle()
        XCTAssertEqual(try XCTUnwrap(sim.overlay).zoom, 1.5, accuracy: 1e-3)
        let still = onPhoto(p, photo(sim).presented)
        XCTAssertEqual(still.x, under.x, accuracy: 1e-3)
        XCTAssertEqual(still.y, under.y, accuracy: 1e-3)
        for _ in 0..<20 { sim.handle(.magnify(at: p, scale: 1.5)) }
        sim.settle()
        XCTAssertEqual(try XCTUnwrap(sim.overlay).zoom, 4, accuracy: 1e-3, "never past zoom.maxScale")
    }

    // MARK: Pan

    /// At 2× the photo covers the whole window: dragged past any edge it rubber-bands (an empty band shows
    /// while the finger holds it, smaller than the drag) and settles with that edge flush.
    func testPanPastEachEdgeRubberBandsAndSettlesFlush() throws {
        for (name, dx, dy) in [
            ("left", 900.0, 0.0), ("right", -900.0, 0.0), ("top", 0.0, 600.0), ("bottom", 0.0, -600.0),
        ] {
            let sim = opened()
            try sim.play(#"{"at": 0, "doubleTap": [512, 384]}"#, for: 0.2)
            sim.settle()
            let from = Point(512, 384)
            let run = try sim.play(
                #"{"at": 0, "drag": {"from": [512, 384], "to": [\#(from.x + dx), \#(from.y + dy)], "seconds": 0.3, "hold": 0.2, "touch": true}}"#,
                for: 0.45)
            let held = photo(sim).presented
            let band: Double =
                switch name {
                case "left": held.minX
                case "right": window.width - held.maxX
                case "top": held.minY
                default: window.height - held.maxY
                }
            XCTAssertGreaterThan(band, 10, "\(name): rubber-banding shows the edge")
            XCTAssertLessThan(band, abs(dx + dy) / 2, "\(name): resisting the finger")
            run.play(until: 2, noJumps: true)
            sim.settle()
            let rest = photo(sim).presented
            switch name {
            case "left": XCTAssertEqual(rest.minX, 0, accuracy: 0.05, name)
            case "right": XCTAssertEqual(rest.maxX, window.width, accuracy: 0.05, name)
            case "top": XCTAssertEqual(rest.minY, 0, accuracy: 0.05, name)
            default: XCTAssertEqual(rest.maxY, window.height, accuracy: 0.05, name)
            }
            XCTAssertEqual(try XCTUnwrap(sim.overlay).zoom, 2, accuracy: 1e-3, name)
        }
    }

    /// A fling when zoomed glides on after the finger lifts (the scroll deceleration), then rests inside.
    func testPanFlingGlides() throws {
        let sim = opened()
        sim.handle(.magnify(at: Point(512, 384), scale: 4))
        sim.settle()
        try sim.play(
            #"{"at": 0, "drag": {"from": [500, 400], "to": [560, 400], "seconds": 0.05, "touch": true}}"#, for: 0.07)
        let released = try XCTUnwrap(sim.overlay).pan.x
        try sim.play("", for: 0.5, noJumps: true)
        sim.settle()
        let rested = try XCTUnwrap(sim.overlay).pan.x
        XCTAssertGreaterThan(rested - released, 100, "glided on after release")
        let frame = photo(sim).presented
        XCTAssertLessThanOrEqual(frame.minX, 0.05)
        XCTAssertGreaterThanOrEqual(frame.maxX, window.width - 0.05)
    }

    // MARK: Swipe down to dismiss

    func testSlowShortSwipeFollowsTheFingerAndSpringsBack() throws {
        let sim = opened()
        let run = try sim.play(
            #"{"at": 0, "drag": {"from": [500, 400], "to": [520, 490], "seconds": 0.5, "hold": 0.3, "touch": true}}"#,
            for: 0.7)
        let overlay = try XCTUnwrap(sim.overlay)
        XCTAssertEqual(overlay.dismiss, 90.0 / 300, accuracy: 1e-3, "90 pt of zoom.dismissDistance")
        let frame = photo(sim).presented
        let k = 1 - 0.25 * 0.3
        XCTAssertEqual(frame.width, fit.width * k, accuracy: 0.05, "shrinks as it goes down")
        // Shrunk about where the finger went down, then moved with it.
        XCTAssertEqual(frame.minX, 500 + (fit.minX - 500) * k + 20, accuracy: 0.05)
        XCTAssertEqual(frame.minY, 400 + (fit.minY - 400) * k + 90, accuracy: 0.05)
        XCTAssertEqual(sim.dump().chromeOpacity, 0.3, accuracy: 1e-3, "the chrome comes back with the swipe")
        run.play(until: 1.8, noJumps: true)
        sim.settle()
        XCTAssertEqual(try XCTUnwrap(sim.overlay).dismiss, 0)
        XCTAssertEqual(photo(sim).layer, "overlay")
        assertRect(photo(sim).presented, fit, accuracy: 0.05)
        XCTAssertEqual(sim.dump().chromeOpacity, 0)
    }

    /// A fast swipe flies home at once, its release velocity carried into the flight (no pause, no jump).
    func testFastSwipeFliesHomeCarryingItsVelocity() throws {
        let sim = opened()
        let slot = try XCTUnwrap(makeHeroSimulation(.waterfall).tile("photo-09")).presented
        try sim.play(
            #"{"at": 0, "drag": {"from": [500, 300], "to": [500, 360], "seconds": 0.05, "touch": true}}"#, for: 0.06)
        let tile = photo(sim)
        XCTAssertEqual(tile.layer, "flight", "on its way home")
        XCTAssertGreaterThan(tile.velocity.y, 600, "still moving down as fast as the finger")
        try sim.play("", for: 1.5, noJumps: true)
        sim.settle()
        XCTAssertNil(sim.overlay)
        assertRect(photo(sim).presented, slot, accuracy: 0.5)
        XCTAssertEqual(sim.dump().chromeOpacity, 1)
    }

    func testFarSlowSwipeDismisses() throws {
        let sim = opened()
        try sim.play(
            #"{"at": 0, "drag": {"from": [500, 300], "to": [500, 480], "seconds": 0.6, "hold": 0.2, "touch": true}}"#,
            for: 0.85)
        XCTAssertEqual(photo(sim).layer, "flight", "past zoom.dismissThreshold")
        sim.settle()
        XCTAssertNil(sim.overlay)
    }

    /// The flight home lands in the slot even when the waterfall scrolls while it flies.
    func testSwipeWhileTheWaterfallScrolledLandsInItsSlot() throws {
        let sim = makeHeroSimulation(.waterfall)
        sim.scrollDown(notches: 3)
        sim.tap("photo-09")
        sim.settle()
        let before = sim.container("waterfall")!.offset.y
        try sim.play(
            #"{"at": 0, "drag": {"from": [500, 300], "to": [500, 380], "seconds": 0.05, "touch": true}}, {"at": 0.1, "wheel": {"at": [512, 400], "dx": 0, "dy": -2}}"#,
            for: 0.3)
        XCTAssertEqual(photo(sim).layer, "flight")
        XCTAssertNotEqual(sim.container("waterfall")!.offset.y, before, "scrolled while it flies")
        sim.settle()
        XCTAssertNil(sim.overlay)
        let waterfall = try XCTUnwrap(sim.scene as? WaterfallScene)
        let offset = sim.container("waterfall")!.offset.y
        let tile = photo(sim)
        XCTAssertEqual(tile.layer, "container")
        assertRect(tile.presented, tile.target, accuracy: 0.5)
        XCTAssertEqual(tile.presented.minY, waterfall.field.tile("photo-09")!.home.minY - offset, accuracy: 0.5)
    }

    // MARK: Interruptions

    /// A tap during each spring closes the photo (once no double tap follows), flying home from where it
    /// is at the speed it was going; a double tap during a zoom spring turns it round.
    func testATapDuringEachSpringTurnsRoundWithoutAJump() throws {
        let springs: [(String, String)] = [
            ("double-tap zoom", #"{"at": 0, "doubleTap": [600, 350]}"#),
            (
                "pinch spring-back",
                #"{"at": 0, "pinch": {"center": [512, 384], "from": 50, "to": 400, "seconds": 0.2}}"#
            ),
            (
                "swipe spring-back",
                #"{"at": 0, "drag": {"from": [500, 300], "to": [500, 380], "seconds": 0.3, "hold": 0.1, "touch": true}}"#
            ),
        ]
        for (name, gesture) in springs {
            let sim = opened()
            try sim.play(gesture, for: 0.45, noJumps: true)
            XCTAssertFalse(sim.scene.isSettled, "\(name): still springing")
            try sim.play(#"{"at": 0, "click": [40, 40]}"#, for: 0.5, noJumps: true)
            XCTAssertEqual(photo(sim).layer, "flight", name)
            try sim.play("", for: 1.5, noJumps: true)
            sim.settle()
            XCTAssertNil(sim.overlay, name)
        }
        // A double tap in the middle of the double tap's spring turns it round from where it is.
        let sim = opened()
        try sim.play(#"{"at": 0, "doubleTap": [600, 350]}"#, for: 0.2)
        let midway = try XCTUnwrap(sim.overlay).zoom
        XCTAssertGreaterThan(midway, 1.05)
        XCTAssertLessThan(midway, 1.98)
        try sim.play(#"{"at": 0, "doubleTap": [600, 350]}"#, for: 1.5, noJumps: true)
        sim.settle()
        XCTAssertEqual(try XCTUnwrap(sim.overlay).zoom, 1, accuracy: 1e-4)
        assertRect(photo(sim).presented, fit, accuracy: 0.05)
    }

    /// A finger on a gliding pan stops it where it is (and then, as a tap, closes the photo).
    func testAPressCatchesAGlidingPan() throws {
        let sim = opened()
        sim.handle(.magnify(at: Point(512, 384), scale: 4))
        sim.settle()
        try sim.play(
            #"{"at": 0, "drag": {"from": [500, 400], "to": [560, 400], "seconds": 0.05, "touch": true}}"#, for: 0.1)
        sim.handle(.fingerDown(0, Point(300, 300), time: sim.time))
        let caught = try XCTUnwrap(sim.overlay).pan
        sim.steps(10)
        XCTAssertEqual(try XCTUnwrap(sim.overlay).pan.x, caught.x, accuracy: 0.5, "stopped under the finger")
        sim.handle(.fingerUp(0, Point(300, 300), time: sim.time))
        sim.settle()
        XCTAssertNil(sim.overlay, "the tap closed it")
    }

    // MARK: Chrome

    func testChromeFadesWithTheHero() throws {
        let sim = makeHeroSimulation(.waterfall)
        XCTAssertEqual(sim.dump().chromeOpacity, 1)
        sim.tap("photo-09")
        sim.steps(12)
        let midway = sim.dump().chromeOpacity
        XCTAssertGreaterThan(midway, 0.05)
        XCTAssertLessThan(midway, 0.95)
        sim.settle()
        XCTAssertEqual(sim.dump().chromeOpacity, 0)
        sim.key(.escape)
        sim.steps(12)
        XCTAssertGreaterThan(sim.dump().chromeOpacity, 0.05)
        sim.settle()
        XCTAssertEqual(sim.dump().chromeOpacity, 1)
    }
}

extension PhotoViewerTests {
    /// A resize while zoomed animates (no jump) and leaves no empty band where the photo covers the window.
    func testResizeWhileZoomedAnimatesAndStaysInside() throws {
        let sim = makeHeroSimulation(.waterfall)
        sim.tap("photo-09")
        sim.settle()
        try sim.play(#"{"at": 0, "doubleTap": [1000, 700]}"#, for: 0.2)
        sim.settle()
        try sim.play(#"{"at": 0, "resize": [800, 900]}"#, for: 1.5, noJumps: true)
        sim.settle()
        let frame = try XCTUnwrap(sim.tile("photo-09")).presented
        XCTAssertEqual(try XCTUnwrap(sim.overlay).zoom, 2, accuracy: 1e-3)
        XCTAssertLessThanOrEqual(frame.minX, 0.05)
        XCTAssertGreaterThanOrEqual(frame.maxX, 800 - 0.05)
        XCTAssertLessThanOrEqual(frame.minY, 0.05, "2× of the 533-pt-high fit covers 900 pt")
        XCTAssertGreaterThanOrEqual(frame.maxY, 900 - 0.05)
    }
}
