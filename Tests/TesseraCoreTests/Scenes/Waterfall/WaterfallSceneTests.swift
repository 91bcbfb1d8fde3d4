import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore

/// The waterfall's must-shows (docs/BEHAVIOUR.md#waterfall), driven through the same input path as SDL and scripts.
final class WaterfallSceneTests: XCTestCase {
    private let window = Rect(0, 0, 1024, 768)

    func testSixteenPhotosInTwoColumnsOfTheArticlesWidth() {
        let sim = makeHeroSimulation(.waterfall)
        let dump = sim.dump()
        XCTAssertEqual(dump.containers.map(\.id), ["waterfall"])
        XCTAssertEqual(dump.containers[0].items, sizedPhotos(16).ids)
        XCTAssertEqual(dump.tiles.count, 16)
        let width = (1024.0 - 2 * 5 - 5) / 2
        let xs = Set(dump.tiles.map(\.target.x))
        XCTAssertEqual(xs, [5, 5 + width + 5])
        for (tile, photo) in zip(dump.tiles, sizedPhotos(16).photos) {
            XCTAssertEqual(tile.target.width, width, accuracy: 1e-9)
            XCTAssertEqual(tile.target.height, width / photo.aspectRatio!, accuracy: 1e-9, "own aspect ratio")
            XCTAssertEqual(tile.layer, "container")
        }
        // The article's split: the first eight in column 1, the rest in column 2.
        XCTAssertEqual(dump.tiles.prefix(8).map(\.target.x), Array(repeating: 5, count: 8))
        XCTAssertEqual(dump.overlay == nil, true)
    }

    /// Every photo is shown: scrolling to the end brings the last ones into view, each exactly once in the draw list.
    func testEveryPhotoIsShownOnceWhenScrolledTo() {
        let sim = makeHeroSimulation(.waterfall)
        var seen = Set<PhotoID>()
        for _ in 0..<40 {
            let list = sim.drawList()
            let ids = list.photoCommands.map(\.id)
            XCTAssertEqual(ids.count, Set(ids).count, "no photo drawn twice")
            seen.formUnion(ids)
            sim.scrollDown(notches: 3)
        }
        XCTAssertEqual(seen, Set(sizedPhotos(16).ids))
    }

    func testTapOpensFullscreenAspectFitAndHidesTheChrome() throws {
        let sim = makeHeroSimulation(.waterfall)
        sim.scrollDown(notches: 8)  // brings the middle of photo-02, a portrait, into view
        sim.tap("photo-02")
        sim.steps(3)
        XCTAssertEqual(sim.dump().overlay, OverlayDump(id: "photo-02", kind: "fullscreen"))
        XCTAssertEqual(sim.tile("photo-02")?.layer, "flight")
        XCTAssertTrue(sim.scene.hidesChrome)
        let opened = sim.time
        sim.settle()
        XCTAssertTrue(sim.isSettled, "a fullscreen photo at rest is settled")
        XCTAssertLessThan(sim.time - opened, 3)
        let tile = try XCTUnwrap(sim.tile("photo-02"))
        XCTAssertEqual(sim.dump().overlay, OverlayDump(id: "photo-02", kind: "fullscreen"))
        assertRect(tile.presented, window.aspectFit(720.0 / 1080), accuracy: 1.5)
        XCTAssertEqual(tile.layer, "overlay")
        XCTAssertEqual(tile.target, window.aspectFit(720.0 / 1080))
        XCTAssertFalse(tile.moving)
    }

    func testSlotStaysEmptyAndTheBackdropBlursBehindTheHero() {
        let sim = makeHeroSimulation(.waterfall)
        sim.tap("photo-01")
        sim.steps(10)
        let list = sim.drawList()
        let drawn = list.photoCommands.filter { $0.id == "photo-01" }
        XCTAssertEqual(drawn.count, 1, "drawn once, as the hero")
        XCTAssertNil(drawn.first?.clip, "above every container, unclipped")
        let blurIndex = list.commands.firstIndex {
            if case .backdropBlur = $0 { return true }
            return false
        }
        let heroIndex = list.commands.lastIndex {
            if case .photo(let id, _, _, _, _) = $0 { return id == "photo-01" }
            return false
        }
        XCTAssertNotNil(blurIndex)
        XCTAssertLessThan(blurIndex!, heroIndex!, "the backdrop blurs what is under the hero")
        if case .backdropBlur(let region, let radius, _, let opacity) = list.commands[blurIndex!] {
            XCTAssertEqual(region, window)
            XCTAssertEqual(radius, 16)
            XCTAssertGreaterThan(opacity, 0)
            XCTAssertLessThan(opacity, 1, "fades in with the transition")
        }
        sim.settle()
        XCTAssertEqual(blurOpacity(sim.drawList()), 1)
    }

    private func blurOpacity(_ list: DrawList) -> Double? {
        for command in list.commands {
            if case .backdropBlur(_, _, _, let opacity) = command { return opacity }
        }
        return nil
    }

    func testTapAndEscapeCloseBackIntoTheSlot() throws {
        for close in ["tap", "Escape"] {
            let sim = makeHeroSimulation(.waterfall)
            let slot = try XCTUnwrap(sim.tile("photo-09")).presented
            sim.tap("photo-09")
            sim.settle()
            if close == "tap" {
                sim.click(Point(3, 760))
                // A single tap closes once a double tap can no longer follow (`zoom.doubleTapInterval`).
                XCTAssertFalse(sim.scene.isSettled, "a tap is pending")
                sim.steps(Int((Config().zoom.doubleTapInterval * sim.hz).rounded(.up)))
            } else {
                sim.key(.escape)
            }
            sim.steps(5)
            XCTAssertEqual(sim.tile("photo-09")?.layer, "flight", close)
            XCTAssertEqual(sim.dump().overlay?.id, "photo-09", "still animating: \(close)")
            sim.settle()
            let tile = try XCTUnwrap(sim.tile("photo-09"))
            XCTAssertNil(sim.dump().overlay, close)
            assertRect(tile.presented, slot, accuracy: 0.5, close)
            XCTAssertEqual(tile.layer, "container", close)
            XCTAssertFalse(sim.scene.hidesChrome)
            XCTAssertNil(blurOpacity(sim.drawList()), "no backdrop at rest")
        }
    }

    /// `.spring()` (response 0.5, dampingFraction 0.825), closed form, within 3 % of the distance.
    func testFlightFollowsSpring() throws {
        let sim = makeHeroSimulation(.waterfall)
        let start = try XCTUnwrap(sim.tile("photo-09")).presented
        sim.tap("photo-09")
        let target = window.aspectFit(960.0 / 640)
        let unit = SpringSolution(.spring, displacement: 1, velocity: 0)
        for ms in [50, 150, 300] {
            while sim.time < Double(ms) / 1000 - 1e-9 { sim.step() }
            let expected = start.interpolated(to: target, 1 - unit.displacement(at: Double(ms) / 1000))
            let presented = try XCTUnwrap(sim.tile("photo-09")).presented
            XCTAssertLessThan(
                presented.center.distance(to: expected.center), 0.03 * start.center.distance(to: target.center),
                "at \(ms) ms")
        }
    }

    /// Scrolled first (so the container's space and the window's differ), then interrupted every way.
    func testInterruptionsNeverJumpDuplicateOrVanish() throws {
        let sim = makeHeroSimulation(.waterfall)
        sim.scrollDown(notches: 6)
        XCTAssertGreaterThan(sim.container("waterfall")!.offset.y, 200)
        let id = try XCTUnwrap(sim.dump().tiles.first { $0.visible && $0.presented.minY > 100 }?.id)
        let slot = sim.tile(id)!.presented

        sim.tap(id)
        assertNoJumps(sim, steps: 8)
        sim.tap(id)  // mid-flight: turns round towards its slot
        XCTAssertNil(sim.dump().tiles.first { $0.id == id && $0.layer == "container" })
        assertNoJumps(sim, steps: 8)
        sim.tap(id)  // flying home: turns round again, towards the overlay
        XCTAssertEqual(sim.dump().overlay?.id, id)
        assertNoJumps(sim, steps: 6)
        sim.key(.escape)  // mid-flight
        assertNoJumps(sim, steps: 4)
        sim.tap(id)
        assertNoJumps(sim, steps: 4)
        sim.handle(.resize(Size(800, 600)))  // mid-flight: the overlay target moves
        assertNoJumps(sim, steps: 20, slack: 8)
        sim.settle()
        let open = sim.tile(id)!
        assertRect(
            open.presented, Rect(0, 0, 800, 600).aspectFit(open.presented.width / open.presented.height), accuracy: 1.5)
        XCTAssertEqual(open.target, Rect(0, 0, 800, 600).aspectFit(open.target.width / open.target.height))
        sim.key(.escape)
        sim.steps(6)
        sim.handle(.resize(Size(1024, 768)))  // the slot moves mid-flight: retargeted
        assertNoJumps(sim, steps: 30, slack: 8)
        sim.settle()
        let home = sim.tile(id)!
        XCTAssertEqual(home.layer, "container")
        assertRect(home.presented, home.target, accuracy: 0.5)
        assertRect(home.presented, slot, accuracy: 0.5, "same window, same scroll: same slot")
        XCTAssertNil(sim.dump().overlay)
    }

    func testEveryStepDrawsEachPhotoAtMostOnceAndTheHeroAlways() {
        let sim = makeHeroSimulation(.waterfall)
        sim.tap("photo-09")
        for step in 0..<200 {
            if step == 20 { sim.key(.escape) }
            if step == 30 { sim.tap("photo-09") }
            if step == 45 { sim.click(Point(512, 384)) }
            sim.step()
            let ids = sim.drawList().photoCommands.map(\.id)
            XCTAssertEqual(ids.count, Set(ids).count, "step \(step)")
            XCTAssertTrue(ids.contains("photo-09"), "the hero never vanishes (step \(step))")
        }
    }

    /// Scrolling while the photo flies home does not make it miss its slot (it flies in unscrolled space).
    func testScrollingWhileFlyingHomeLandsExactly() throws {
        let sim = makeHeroSimulation(.waterfall)
        sim.tap("photo-10")
        sim.settle()
        sim.key(.escape)
        sim.steps(4)
        sim.handle(.wheel(at: Point(512, 400), dx: 0, dy: -4))
        sim.settle()
        let tile = try XCTUnwrap(sim.tile("photo-10"))
        XCTAssertGreaterThan(sim.container("waterfall")!.offset.y, 100)
        assertRect(tile.presented, tile.target, accuracy: 0.5)
        XCTAssertEqual(tile.layer, "container")
    }

    func testWhileOpenTheWaterfallNeitherScrollsNorAnswersTaps() {
        let sim = makeHeroSimulation(.waterfall)
        sim.tap("photo-01")
        sim.settle()
        sim.handle(.wheel(at: Point(512, 400), dx: 0, dy: -5))
        sim.settle()
        XCTAssertEqual(sim.container("waterfall")!.offset.y, 0)
        // A tap on the tab bar's place closes the hero rather than switching scenes.
        sim.click(Point(900, 40))
        XCTAssertEqual(sim.currentScene, .waterfall)
        sim.settle()
        XCTAssertNil(sim.dump().overlay)
    }

    /// Tapping another photo while one flies home presents the new one; the first lands by itself.
    func testAnotherPhotoWhileOneFliesHome() throws {
        let sim = makeHeroSimulation(.waterfall)
        let firstSlot = try XCTUnwrap(sim.tile("photo-01")).presented
        sim.tap("photo-01")
        sim.settle()
        sim.key(.escape)
        sim.steps(24)  // most of the way home: photo-09's centre is clear of it
        sim.tap("photo-09")
        XCTAssertEqual(sim.dump().overlay?.id, "photo-09")
        assertNoJumps(sim, steps: 10)
        sim.settle()
        XCTAssertEqual(sim.tile("photo-01")?.layer, "container")
        assertRect(sim.tile("photo-01")!.presented, firstSlot, accuracy: 0.5)
        XCTAssertEqual(sim.tile("photo-09")?.layer, "overlay")
    }

    /// A photo whose header cannot be read is laid out square (`fallbackAspectRatio`), still listed.
    func testUnreadablePhotoSizesFallBackToSquare() {
        let sim = Simulation(
            config: Config(), photos: samplePhotos(4), scene: .waterfall, window: Size(1024, 768), hz: 120)
        let tiles = sim.dump().tiles
        XCTAssertEqual(tiles.count, 4)
        for tile in tiles { XCTAssertEqual(tile.target.width, tile.target.height) }
    }

    func testWideWindowsCanHaveMoreColumns() {
        var config = Config()
        config.waterfall.minimumColumnWidth = 300
        let sim = makeHeroSimulation(.waterfall, window: Size(1600, 900), config: config)
        XCTAssertEqual(Set(sim.dump().tiles.map(\.target.x)).count, 5)
        sim.handle(.resize(Size(700, 900)))
        sim.settle()
        XCTAssertEqual(Set(sim.dump().tiles.map(\.target.x)).count, 2, "never fewer than `columns`")
    }

    /// A resize relays out every photo, but animates only those whose move could be seen: the few near
    /// the screen glide to their new places, the thousands beyond are put there at once (a resize of a
    /// 100,000-photo waterfall took 47 ms a frame, every spring in the library going).
    func testAResizeAnimatesOnlyWhatCouldBeSeen() {
        let sim = makeHeroSimulation(.waterfall, photos: 5_000)
        sim.scrollDown(notches: 6)
        sim.settle()
        let before = tilesByID(sim)
        sim.handle(.resize(Size(700, 900)))
        sim.step()
        XCTAssertGreaterThan(sim.animatingTileCount, 0, "the photos near the screen move")
        XCTAssertLessThan(sim.animatingTileCount, 200, "not the 5,000")
        let shown = sim.dump().tiles.filter(\.visible)
        XCTAssertFalse(shown.isEmpty)
        for tile in shown where tile.moving {
            let old = try! XCTUnwrap(before[tile.id])
            XCTAssertLessThan(abs(tile.presented.minY - old.presented.minY), 60, "\(tile.id) glides, it does not jump")
        }
        sim.settle()
        for tile in sim.dump().tiles { XCTAssertEqual(tile.presented, tile.target, tile.id.rawValue) }
    }

    func testRendersTheSameStateWhateverTheSceneSwitching() {
        let sim = makeHeroSimulation(.named("picker"))
        sim.key(.digit(2)!)
        XCTAssertEqual(sim.currentScene, .waterfall)
        sim.tap("photo-09")
        sim.settle()
        XCTAssertTrue(sim.scene.hidesChrome)
        sim.key(.digit(1)!)
        XCTAssertEqual(sim.currentScene, .named("picker"), "number keys still switch scenes")
        sim.key(.digit(2)!)
        XCTAssertEqual(sim.dump().overlay?.id, "photo-09", "each scene keeps its state")
    }
}
