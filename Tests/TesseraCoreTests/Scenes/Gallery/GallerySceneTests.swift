import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore

/// The gallery in process: sizes, snapping, positions, paddles, transitions, the outer behaviour.
final class GallerySceneTests: XCTestCase {
    /// The middle of the Featured row at 1024×768 (its top is 64 + 10 + 28 + 2 + 20 + 8 = 132).
    let featuredY = 132 + 273.9375 / 2

    private func featuredTiles(_ sim: Simulation) -> [TileDump] {
        sim.dump().tiles.filter { $0.container == "featured" }
    }

    /// Asserts that the card named by `position` rests with its leading edge on the content margin and
    /// that every card's scale matches how much of it is visible.
    private func assertRestingAligned(
        _ sim: Simulation, row: String = "featured", file: StaticString = #filePath, line: UInt = #line
    ) {
        let dump = sim.dump()
        let container = try! XCTUnwrap(dump.containers.first { $0.id == row })
        let tiles = dump.tiles.filter { $0.container == row }
        let atMargin = tiles.filter { abs($0.presented.minX - (container.frame.minX + 20)) <= 0.5 }
        XCTAssertEqual(atMargin.count, 1, "one card at the margin", file: file, line: line)
        if row == "featured" {
            XCTAssertEqual(dump.position, atMargin.first?.id, "position names it", file: file, line: line)
        }
        for tile in tiles where tile.visible {
            let inside = container.frame.contains(tile.presented, tolerance: 1e-9)
            if inside {
                XCTAssertEqual(tile.scale, 1, "\(tile.id) wholly visible", file: file, line: line)
            } else {
                XCTAssertGreaterThanOrEqual(tile.scale, 0.8, tile.id.rawValue, file: file, line: line)
                XCTAssertLessThan(tile.scale, 1, "\(tile.id) partly visible", file: file, line: line)
            }
        }
    }

    func testRegularCardsAtRest() {
        let sim = makeGallery()
        let dump = sim.dump()
        XCTAssertEqual(dump.scene, "gallery")
        XCTAssertEqual(dump.containers.map(\.id), ["gallery", "featured", "recent", "collections", "swatches"])
        let first = featuredTiles(sim)[0]
        XCTAssertEqual(first.id, "featured-0")
        XCTAssertEqual(first.presented, Rect(20, 132, (1024 - 40 - 10) / 2, 487 * 9 / 16))
        XCTAssertEqual(dump.position, "featured-0")
        assertRestingAligned(sim)
        XCTAssertTrue(sim.isSettled)
    }

    func testTheFirstFrameDrawsEverythingInPlaceAtAnyInterpolation() {
        let sim = makeGallery()
        var atZero = DrawList()
        var atOne = DrawList()
        sim.draw(into: &atZero, alpha: 0)
        sim.draw(into: &atOne, alpha: 1)
        XCTAssertEqual(atZero.commands, atOne.commands)
    }

    func testCompactCardsAtRest() {
        let sim = makeGallery(window: Size(600, 900))
        let first = featuredTiles(sim)[0]
        XCTAssertEqual(first.presented.width, 600 - 40)
        XCTAssertEqual(first.presented.height, 560 * 9 / 16)
        XCTAssertEqual(first.presented.minX, 20)
        XCTAssertEqual(sim.dump().position, "featured-0")
    }

    func testEveryCardIsOnceInTilesAndOnceInItsRowsItems() {
        let dump = makeGallery().dump()
        let ids = dump.tiles.map(\.id)
        XCTAssertEqual(Set(ids).count, ids.count)
        let items = dump.containers.flatMap(\.items)
        XCTAssertEqual(items.sorted(), ids.sorted())
        for tile in dump.tiles {
            XCTAssertEqual(dump.containers.first { $0.items.contains(tile.id) }?.id, tile.container)
        }
    }

    func testAFastFlingEndsWithALaterCardAtTheMargin() {
        let sim = makeGallery()
        sim.drag(from: Point(800, featuredY), to: Point(400, featuredY), seconds: 0.06)
        sim.steps(12)
        XCTAssertTrue(sim.container("featured")!.offset.x > 400, "still flinging after the release")
        XCTAssertTrue(featuredTiles(sim).contains { $0.visible && $0.scale < 1 }, "edge cards shrink while moving")
        sim.settle()
        XCTAssertTrue(sim.isSettled)
        let position = try! XCTUnwrap(sim.dump().position)
        XCTAssertGreaterThan(Int(position.rawValue.split(separator: "-").last!)!, 2, "several cards on: \(position)")
        assertRestingAligned(sim)
    }

    func testThePositionFollowsTheScrollLive() {
        let sim = makeGallery()
        var seen: [PhotoID] = []
        handleDrag: do {
            sim.handle(.pointerDown(Point(900, featuredY), time: sim.time))
            for i in 1...60 {
                sim.step()
                sim.handle(.pointerMove(Point(900 - Double(i) * 12, featuredY), time: sim.time))
                if let p = sim.dump().position, seen.last != p { seen.append(p) }
            }
        }
        XCTAssertEqual(seen, ["featured-0", "featured-1"], "720 points dragged: past half of card 1")
    }

    func testTwoRightPressesMoveTwoCardsOn() {
        let sim = makeGallery()
        sim.handle(.key(.right))
        XCTAssertEqual(sim.dump().position, "featured-1", "written at once, as SwiftUI's binding")
        sim.steps(6)
        sim.handle(.key(.right))
        XCTAssertEqual(sim.dump().position, "featured-2")
        sim.steps(3)
        XCTAssertEqual(sim.dump().position, "featured-2", "no flicker back while it animates")
        XCTAssertTrue(sim.container("featured")!.offset.x < 994, "animated, not jumped")
        sim.settle()
        XCTAssertEqual(sim.container("featured")!.offset.x, 2 * 497)
        assertRestingAligned(sim)
        sim.handle(.key(.left))
        sim.settle()
        XCTAssertEqual(sim.dump().position, "featured-1")
    }

    /// The `palettes` look's discs over the row's ends.
    func testPaddlesAreClickableAndHiddenAtTheEnds() {
        var config = Config()
        config.gallery.look = .palettes
        let sim = makeGallery(config: config)
        let scene = sim.scene as! GalleryScene
        XCTAssertNil(scene.paddleFrames().back, "nothing before the first card")
        let forward = try! XCTUnwrap(scene.paddleFrames().forward)
        XCTAssertEqual(forward.midY, featuredY, accuracy: 1e-9)
        sim.handle(.pointerDown(forward.center, time: sim.time))
        sim.handle(.pointerUp(forward.center, time: sim.time))
        sim.settle()
        XCTAssertEqual(sim.dump().position, "featured-1")
        XCTAssertNotNil(scene.paddleFrames().back)
        for _ in 0..<20 { sim.handle(.key(.right)) }
        sim.settle()
        // Regular: two cards fill the row, so the last one can never reach the margin.
        XCTAssertEqual(sim.dump().position, "featured-10")
        XCTAssertNil(scene.paddleFrames().forward)
        XCTAssertEqual(sim.container("featured")!.offset.x, sim.container("featured")!.contentSize.width - 1024)
    }

    func testTheHardestCompactSwipeMovesExactlyOneCard() {
        let sim = makeGallery(window: Size(600, 900))
        let y = 132 + 315 / 2.0
        for expected in 1...3 {
            sim.drag(from: Point(560, y), to: Point(40, y), seconds: 1.0 / 60)
            sim.settle()
            XCTAssertEqual(sim.dump().position, "featured-\(expected)")
            XCTAssertEqual(sim.container("featured")!.offset.x, Double(expected) * 570)
        }
        sim.drag(from: Point(40, y), to: Point(560, y), seconds: 1.0 / 60)
        sim.settle()
        XCTAssertEqual(sim.dump().position, "featured-2")
    }

    func testAVerticalDragOnARowScrollsTheOuterView() {
        let sim = makeGallery()
        sim.drag(from: Point(500, featuredY + 60), to: Point(503, featuredY - 90), seconds: 0.3, hold: 0.2)
        sim.settle()
        XCTAssertEqual(sim.container("gallery")!.offset.y, 150, accuracy: 0.5)
        XCTAssertEqual(sim.container("featured")!.offset.x, 0)
    }

    func testAGentleFlickTowardsTheTopSnapsToTheTop() {
        for (towardsTop, rests) in [(true, 0.0...0.0), (false, 200.0...400.0)] {
            let sim = makeGallery()
            sim.drag(from: Point(500, 600), to: Point(500, 450), seconds: 0.4, hold: 0.2)
            sim.settle()
            XCTAssertEqual(sim.container("gallery")!.offset.y, 150, accuracy: 0.5)
            let (from, to) = towardsTop ? (450.0, 490.0) : (490.0, 450.0)
            sim.drag(from: Point(500, from), to: Point(500, to), seconds: 0.25)
            sim.settle()
            let offset = sim.container("gallery")!.offset.y
            XCTAssertTrue(rests.contains(offset), "towards the top: \(towardsTop), rests at \(offset)")
        }
    }

    func testWithoutTheCustomBehaviourTheSameFlickRestsShortOfTheTop() {
        var config = Config()
        config.gallery.outerTargetBehavior = .none
        let sim = makeGallery(config: config)
        sim.drag(from: Point(500, 600), to: Point(500, 450), seconds: 0.4, hold: 0.2)
        sim.drag(from: Point(500, 450), to: Point(500, 490), seconds: 0.25)
        sim.settle()
        XCTAssertGreaterThan(sim.container("gallery")!.offset.y, 10)
    }

    func testPagingFlingsEndOnWholePages() {
        var config = Config()
        config.gallery.featured.targetBehavior = .paging
        let sim = makeGallery(config: config)
        for (from, to) in [(800.0, 400.0), (800, 700), (300, 900), (900, 100)] {
            sim.drag(from: Point(from, featuredY), to: Point(to, featuredY), seconds: 0.06)
            sim.settle()
            let c = sim.container("featured")!
            let pages = c.offset.x / 1024
            XCTAssertTrue(
                pages == pages.rounded() || c.offset.x == c.contentSize.width - 1024, "rests at \(c.offset.x)")
        }
    }

    func testAResizeKeepsThePositionAtTheMarginAndRelaysOut() {
        let sim = makeGallery()
        sim.handle(.key(.right))
        sim.handle(.key(.right))
        sim.handle(.key(.right))
        sim.settle()
        XCTAssertEqual(sim.dump().position, "featured-3")
        sim.handle(.resize(Size(600, 900)))
        sim.step()
        XCTAssertFalse(sim.isSettled, "cards spring to their new frames")
        sim.settle()
        XCTAssertEqual(sim.dump().position, "featured-3")
        XCTAssertEqual(sim.tile("featured-3")!.presented.width, 560)
        assertRestingAligned(sim)
        sim.handle(.resize(Size(1024, 768)))
        sim.settle()
        XCTAssertEqual(sim.dump().position, "featured-3")
        assertRestingAligned(sim)
    }

    func testAResizeKeepsAPagingRowsPage() {
        let sim = makeGallery()
        let scene = sim.scene as! GalleryScene
        let collectionsY = sim.container("collections")!.frame.midY
        sim.handle(.wheel(at: Point(500, min(collectionsY, 700)), dx: 0, dy: -4))
        sim.settle()
        let y = sim.container("collections")!.frame.midY
        sim.handle(.wheel(at: Point(500, y), dx: -1, dy: 0))
        sim.settle()
        XCTAssertEqual(sim.container("collections")!.offset.x, 1024)
        sim.handle(.resize(Size(900, 768)))
        sim.settle()
        XCTAssertEqual(sim.container("collections")!.offset.x, 900)
        _ = scene
    }

    func testWheelDyScrollsTheOuterViewAndDxStepsTheRowUnderThePointer() {
        let sim = makeGallery()
        sim.handle(.wheel(at: Point(500, featuredY), dx: 0, dy: -2))
        sim.settle()
        XCTAssertEqual(sim.container("gallery")!.offset.y, 96)
        XCTAssertEqual(sim.container("featured")!.offset.x, 0)
        let y = sim.container("featured")!.frame.midY
        sim.handle(.wheel(at: Point(500, y), dx: -1, dy: 0))
        sim.settle()
        XCTAssertEqual(sim.dump().position, "featured-1")
        // A trackpad's small deltas add up to one card per notch of travel.
        for _ in 0..<9 { sim.handle(.wheel(at: Point(500, y), dx: -0.1, dy: 0)) }
        sim.settle()
        XCTAssertEqual(sim.dump().position, "featured-1")
        sim.handle(.wheel(at: Point(500, y), dx: -0.1, dy: 0))
        sim.settle()
        XCTAssertEqual(sim.dump().position, "featured-2")
        assertRestingAligned(sim)
    }

    func testATapCatchesAMovingRowWhichThenRestsAligned() {
        let sim = makeGallery()
        sim.drag(from: Point(800, featuredY), to: Point(400, featuredY), seconds: 0.06)
        sim.steps(20)
        let moving = sim.container("featured")!.offset.x
        sim.handle(.pointerDown(Point(500, featuredY), time: sim.time))
        sim.handle(.pointerUp(Point(500, featuredY), time: sim.time))
        sim.settle()
        let rest = sim.container("featured")!.offset.x
        XCTAssertLessThanOrEqual(abs(rest - moving), 497 / 2 + 0.5, "stopped at the nearest card")
        assertRestingAligned(sim)
    }

    /// A paddle's write holds the position while its animation runs, until a finger takes hold of the
    /// row: then the position is the card nearest the offset again, at once.
    func testAFingerOnTheRowVoidsAPaddleWrite() {
        let sim = makeGallery()
        sim.handle(.key(.right))
        sim.steps(2)
        XCTAssertEqual(sim.dump().position, "featured-1")
        sim.tap(at: Point(500, featuredY))
        XCTAssertEqual(sim.dump().position, "featured-0", "caught near the start")
        sim.settle()
        XCTAssertEqual(sim.dump().position, "featured-0")
        assertRestingAligned(sim)
    }

    /// The paddles are controls above the row: pressing one while the row glides does not catch it.
    func testAPaddleAboveAMovingRowDoesNotCatchIt() throws {
        let sim = makeGallery()
        let scene = try XCTUnwrap(sim.scene as? GalleryScene)
        sim.drag(from: Point(800, featuredY), to: Point(600, featuredY), seconds: 0.06)
        sim.steps(5)
        let forward = try XCTUnwrap(scene.paddleFrames().forward)
        sim.handle(.pointerDown(forward.center, time: sim.time))
        XCTAssertTrue(scene.rowScroll(GalleryScene.featured).isMoving)
        XCTAssertNotEqual(scene.rowScroll(GalleryScene.featured).phase, .dragging)
        sim.handle(.pointerUp(forward.center, time: sim.time))
        sim.settle()
        assertRestingAligned(sim)
    }

    func testOtherRowsSnapToo() {
        let sim = makeGallery()
        let y = sim.container("recent")!.frame.midY
        sim.drag(from: Point(900, y), to: Point(600, y), seconds: 0.05)
        sim.settle()
        assertRestingAligned(sim, row: "recent")
        XCTAssertGreaterThan(sim.container("recent")!.offset.x, 0)
    }

    /// Labels, dividers and cards are drawn at the same render interpolation, so they never drift apart
    /// while the outer view scrolls.
    func testLabelsAndCardsMoveTogetherAtAnyInterpolation() throws {
        let sim = makeGallery()
        sim.drag(from: Point(500, 700), to: Point(500, 680), seconds: 0.05)
        sim.steps(2)
        var gaps: [Double] = []
        var labels: [Double] = []
        for alpha in [0.0, 0.4, 1.0] {
            var list = DrawList()
            sim.draw(into: &list, alpha: alpha)
            var label: Double?
            var card: Double?
            for command in list.commands {
                if case .text("Featured", let anchor, _, _, _, _) = command { label = anchor.y }
                if case .fill(let r, 20, _, _) = command, card == nil { card = r.minY }
            }
            gaps.append(try XCTUnwrap(card) - XCTUnwrap(label))
            labels.append(try XCTUnwrap(label))
        }
        XCTAssertNotEqual(labels[0], labels[2], "it is scrolling")
        XCTAssertEqual(gaps[0], gaps[1], accuracy: 1e-9)
        XCTAssertEqual(gaps[0], gaps[2], accuracy: 1e-9)
    }

    /// The Featured paddle stays centred on the row's card area as the outer view scrolls it under the
    /// header, and goes once that centre is hidden.
    func testPaddleStaysOnItsRowsCardArea() throws {
        var config = Config()
        config.gallery.look = .palettes
        let sim = makeGallery(window: Size(390, 844), config: config)
        let gallery = try XCTUnwrap(sim.scene as? GalleryScene)
        let row = gallery.viewport(of: GalleryScene.featured)
        let forward = try XCTUnwrap(gallery.paddleFrames().forward)
        XCTAssertEqual(forward.midY, row.midY, accuracy: 1e-9)
        sim.handle(.wheel(at: Point(200, 500), dx: 0, dy: -1))
        sim.settle()
        let scrolledRow = gallery.viewport(of: GalleryScene.featured)
        XCTAssertLessThan(scrolledRow.minY, row.minY, "scrolled up under the header")
        if let moved = gallery.paddleFrames().forward {
            XCTAssertEqual(moved.midY, scrolledRow.midY, accuracy: 1e-9, "moves with the cards")
        } else {
            XCTAssertLessThan(scrolledRow.midY, sim.scene.field.scroll(.gallery).viewport.minY)
        }
    }

    /// The session's look: cards are red, blue and green on the background, and the paddles are plain
    /// chevrons in the accent colour at the trailing end of the Featured header's row, back then forward.
    func testTheSessionsLookIsTheDefault() throws {
        let sim = makeGallery()
        let gallery = try XCTUnwrap(sim.scene as? GalleryScene)
        let theme = Config().theme
        let card = try XCTUnwrap(gallery.palette(row: 0, card: 3))
        XCTAssertEqual(card.background, theme.background)
        XCTAssertEqual(card.colors, [theme.red, theme.blue, theme.green])
        XCTAssertNil(gallery.paddleFrames().back, "nothing before the first card")
        let forward = try XCTUnwrap(gallery.paddleFrames().forward)
        let label = gallery.windowFrame(gallery.layout.rows[0].label)
        XCTAssertEqual(forward.midY, label.midY, accuracy: 1e-9, "on the header's row, not over the cards")
        XCTAssertEqual(forward.maxX, label.maxX, accuracy: 1e-9)
        var list = DrawList()
        sim.draw(into: &list)
        let chevrons = list.commands.filter {
            if case .text("›", _, _, _, theme.accent, _) = $0 { return true }
            return false
        }
        XCTAssertEqual(chevrons.count, 1, "a plain chevron in the accent colour, no disc")
        sim.click(forward.center)
        sim.settle()
        XCTAssertEqual(sim.dump().position, "featured-1")
        let back = try XCTUnwrap(gallery.paddleFrames().back)
        XCTAssertEqual(back.maxX, forward.minX, accuracy: 1e-9)
    }
}
