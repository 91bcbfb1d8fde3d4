import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore

/// The tile field: the one mapping from springs to the window, moves between containers and spaces,
/// nested scrolling, and the moving set.
final class TileFieldTests: XCTestCase {
    private let dt = 1.0 / 120

    /// A vertical container at (0, 100) 400×300 holding `a` and `b`, and a horizontal one below it
    /// holding `c`.
    private func makeField() -> TileField {
        let field = TileField()
        field.addContainer(.column, axis: .vertical, physics: ScrollPhysics())
        field.addContainer(.strip, axis: .horizontal, physics: ScrollPhysics())
        field.addTile("a", to: .column)
        field.addTile("b", to: .column)
        field.addTile("c", to: .strip)
        field.setLayout(.column, viewport: Rect(0, 100, 400, 300), contentSize: Size(400, 2000))
        field.setLayout(.strip, viewport: Rect(0, 420, 400, 80), contentSize: Size(2000, 80))
        field.place("a", at: Rect(0, 0, 100, 100), animation: nil)
        field.place("b", at: Rect(0, 600, 100, 100), animation: nil)
        field.place("c", at: Rect(10, 0, 60, 60), animation: nil)
        return field
    }

    private func settle(_ field: TileField, each: (TileField) -> Void = { _ in }) {
        for _ in 0..<2400 where !field.isSettled {
            each(field)
            field.step(dt)
        }
    }

    func testAFirstPlacementRestsAndScrollingMovesTilesAtOnce() {
        let field = makeField()
        XCTAssertEqual(field.tile("a")?.presented, Rect(0, 100, 100, 100))
        XCTAssertTrue(field.isSettled)
        field[scroll: .column].scroll.scroll(to: 250, animated: nil)
        field.step(dt)
        XCTAssertEqual(field.tile("a")?.presented, Rect(0, -150, 100, 100), "spring − offset, no lag")
        XCTAssertEqual(field.tile("c")?.presented, Rect(10, 420, 60, 60), "the other container did not move")
    }

    func testASettledFieldVisitsNoTile() {
        let field = makeField()
        field.place("a", at: Rect(0, 110, 100, 100), animation: .interactiveSpring)
        XCTAssertEqual(field.activeTileCount, 1)
        settle(field)
        field.step(dt)
        XCTAssertEqual(field.activeTileCount, 0)
        XCTAssertEqual(field.animatingTileCount, 0)
    }

    func testMovingToAnotherContainerKeepsTheTileWhereItIsAndLandsInItsSlot() {
        let field = makeField()
        field[scroll: .strip].scroll.scroll(to: 300, animated: nil)
        field.step(dt)
        let before = field.tile("a")!.presented
        field.move("a", to: .strip)
        XCTAssertEqual(field.items(.strip), ["c", "a"])
        XCTAssertEqual(field.items(.column), ["b"])
        field.place("a", at: Rect(80, 0, 60, 60), animation: .interactiveSpring)
        field.step(dt)
        let first = field.tile("a")!
        XCTAssertEqual(first.layer, .flight)
        XCTAssertLessThan(abs(first.presented.x - before.x), 30, "no jump between coordinate spaces")
        settle(field)
        let landed = field.tile("a")!
        XCTAssertEqual(landed.layer, .container)
        XCTAssertEqual(landed.presented, Rect(80 - 300, 420, 60, 60))
        XCTAssertTrue(field.above.isEmpty)
    }

    func testAHeroFliesToTheWindowAndHomeOntoASlotThatScrollsMeanwhile() {
        let field = makeField()
        let overlay = Rect(0, 0, 800, 600)
        field.fly("a", to: overlay, animation: .spring)
        XCTAssertEqual(field.tile("a")?.presented, Rect(0, 100, 100, 100), "no jump on take-off")
        settle(field)
        XCTAssertEqual(field.tile("a")?.layer, .overlay)
        field[scroll: .column].scroll.scroll(to: 200, animated: nil)
        field.step(dt)
        XCTAssertEqual(field.tile("a")?.presented, overlay, "the overlay does not scroll")
        field.flyHome("a", animation: .spring)
        var offset = 200.0
        settle(field) { field in
            offset += 0.5
            field[scroll: .column].scroll.scroll(to: offset, animated: nil)
        }
        XCTAssertEqual(field.tile("a")?.layer, .container)
        assertRect(field.tile("a")!.presented, Rect(0, 100 - offset, 100, 100), accuracy: 1e-6)
    }

    func testTurningRoundKeepsPositionAndVelocity() {
        let field = makeField()
        field[scroll: .column].scroll.scroll(to: 40, animated: nil)
        field.step(dt)
        field.fly("a", to: Rect(0, 0, 800, 600), animation: .spring)
        for _ in 0..<10 { field.step(dt) }
        let before = field.tile("a")!
        field.flyHome("a", animation: .spring)
        field.step(0)
        assertRect(field.tile("a")!.presented, before.presented, accuracy: 1e-9)
        assertRect(field.tile("a")!.velocity, before.velocity, accuracy: 1e-9)
    }

    func testAChildContainerMovesWithItsParent() {
        let field = TileField()
        field.addContainer(.outer, axis: .vertical, physics: ScrollPhysics())
        field.addContainer(.row, axis: .horizontal, physics: ScrollPhysics(), inside: .outer)
        field.addTile("card", to: .row)
        field.setLayout(.outer, viewport: Rect(0, 50, 400, 400), contentSize: Size(400, 1000))
        field.setLayout(.row, viewport: Rect(0, 250, 400, 100), contentSize: Size(1000, 100))
        field.place("card", at: Rect(20, 0, 80, 100), animation: nil)
        field[scroll: .outer].scroll.scroll(to: 100, animated: nil)
        field[scroll: .row].scroll.scroll(to: 15, animated: nil)
        field.step(dt)
        XCTAssertEqual(field.tile("card")?.presented, Rect(5, 150, 80, 100))
        XCTAssertEqual(field.windowFrame(of: .row), Rect(0, 150, 400, 100))
        XCTAssertEqual(field.dump(container: .row)?.offset, Point(15, 0))
    }

    func testAPressCatchesAMovingScrollAndItsTapDoesNothingElse() {
        let field = makeField()
        field[scroll: .column].scroll.scroll(to: 500, animated: .smooth)
        field.step(dt)
        XCTAssertTrue(field.scroll(.column).scroll.isMoving)
        XCTAssertTrue(field.route(.press(Point(50, 200)), wheelStep: 48, wheelAnimation: .smooth))
        let caughtAt = field.scroll(.column).offset
        field.step(dt)
        XCTAssertEqual(field.scroll(.column).offset, caughtAt, "stopped under the finger")
        XCTAssertTrue(field.route(.tap(Point(50, 200)), wheelStep: 48, wheelAnimation: .smooth), "the tap is taken")
        XCTAssertFalse(field.route(.tap(Point(50, 200)), wheelStep: 48, wheelAnimation: .smooth), "the next one is not")
    }

    func testADragScrollsTheContainerWhoseAxisItFollows() {
        let field = makeField()
        XCTAssertFalse(
            field.route(.dragBegan(start: Point(50, 200), axis: .horizontal), wheelStep: 48, wheelAnimation: .smooth))
        XCTAssertTrue(
            field.route(.dragBegan(start: Point(50, 200), axis: .vertical), wheelStep: 48, wheelAnimation: .smooth))
        _ = field.route(.dragChanged(delta: Point(0, -120)), wheelStep: 48, wheelAnimation: .smooth)
        XCTAssertEqual(field.scroll(.column).offset, Point(0, 120))
        XCTAssertEqual(field.draggedContainer, .column)
        _ = field.route(.dragEnded(velocity: .zero), wheelStep: 48, wheelAnimation: .smooth)
        XCTAssertNil(field.draggedContainer)
        XCTAssertTrue(field.route(.wheel(at: Point(50, 450), dx: 0, dy: -1), wheelStep: 48, wheelAnimation: .smooth))
        settle(field)
        XCTAssertEqual(field.scroll(.strip).offset, Point(48, 0), "a horizontal container takes a plain wheel")
    }

    func testHitTestingPrefersTheFlightLayer() {
        let field = makeField()
        XCTAssertEqual(field.tileID(at: Point(50, 150)), "a")
        field.move("c", to: .column)
        field.place("c", at: Rect(0, 0, 100, 100), animation: .interactiveSpring)
        XCTAssertEqual(field.tileID(at: Point(30, 440)), "c", "caught in flight where it is drawn")
        XCTAssertNil(field.tileID(at: Point(450, 150)))
    }
}

/// The containers of these tests' fields (a scene's would be declared in its folder).
extension ContainerID {
    static let column = ContainerID("column")
    static let strip = ContainerID("strip")
    static let outer = ContainerID("outer")
    static let row = ContainerID("row")
}

/// What is seen costs, what rests does not: a container of many tiles scrolls without visiting them,
/// and the draw pass, the hit test and the prefetch find exactly what they would by looking at every
/// tile.
final class TileFieldVisibleRangeTests: XCTestCase {
    private let dt = 1.0 / 120

    /// A 4-column grid of `count` 100×100 tiles (10 apart) in a 430×600 viewport at (0, 100), and an
    /// empty strip below it.
    private func makeGrid(_ count: Int) -> TileField {
        let field = TileField()
        field.addContainer(.column, axis: .vertical, physics: ScrollPhysics())
        field.addContainer(.strip, axis: .horizontal, physics: ScrollPhysics())
        for n in 0..<count { field.addTile("t\(n)", to: .column) }
        let grid = AdaptiveGrid(width: 430, minimumColumnWidth: 100, spacing: 10, rowHeight: 100)
        field.setLayout(
            .column, viewport: Rect(0, 100, 430, 600), contentSize: Size(430, grid.contentHeight(count: count)))
        field.setLayout(.strip, viewport: Rect(0, 720, 430, 100), contentSize: Size(430, 100))
        field.placeItems(of: .column, at: (0..<count).map(grid.frame(at:)), animation: nil)
        field.step(dt)
        return field
    }

    private func drawn(_ field: TileField, alpha: Double = 1) -> [(PhotoID, Rect)] {
        var drawn: [(PhotoID, Rect)] = []
        field.drawTiles(in: .column, alpha: alpha) { tile, frame, _ in drawn.append((tile.id, frame)) }
        return drawn
    }

    /// Every tile of the field whose drawn frame meets `clip`, in model order, looked at one by one.
    private func everyTileInside(_ field: TileField, clip: Rect, alpha: Double = 1) -> [(PhotoID, Rect)] {
        field.items(.column).compactMap { id in
            guard let tile = field.tile(id), tile.layer == .container else { return nil }
            let frame = tile.interpolated(alpha)
            return frame.intersects(clip) ? (id, frame) : nil
        }
    }

    func testScrollingLeavesRestingTilesOutOfTheMovingSet() {
        let field = makeGrid(10_000)
        field[scroll: .column].scroll.scroll(to: 30_000, animated: .smooth)
        for _ in 0..<30 {
            field.step(dt)
            XCTAssertEqual(field.activeTileCount, 0, "a scroll moves resting tiles without visiting them")
        }
        let o = field.offset(of: .column).y
        XCTAssertGreaterThan(o, 0)
        XCTAssertEqual(field.tile("t4000")?.presented, Rect(0, 100 + 110_000 - o, 100, 100))
        XCTAssertEqual(field.tile("t4000")?.velocity.y, -field.offsetVelocity(of: .column).y)
        XCTAssertTrue(field.tile("t4000")?.isMoving ?? false, "carried by the scroll")
    }

    func testARelayoutWhileTheContainerScrollsVisitsOnlyTheTilesNearTheScreen() {
        // A resize mid-fling: the tiles far from the screen take their new places at once and rest; only
        // those whose move could be seen animate (the step after it had visited all 10,000).
        let field = makeGrid(10_000)
        field[scroll: .column].scroll.scroll(to: 30_000, animated: .smooth)
        for _ in 0..<10 { field.step(dt) }
        let narrower = AdaptiveGrid(width: 330, minimumColumnWidth: 100, spacing: 10, rowHeight: 100)
        field.placeItems(of: .column, at: (0..<10_000).map(narrower.frame(at:)), animation: .interactiveSpring)
        // The set the next step visits.
        XCTAssertGreaterThan(field.activeTileCount, 0, "the tiles near the screen move")
        XCTAssertLessThan(field.activeTileCount, 200)
        // Drawn before the step too (a request played between steps): the range placing built finds
        // what looking at every tile finds.
        let clipBefore = field.windowClip(of: .column)
        XCTAssertEqual(drawn(field).map(\.0), everyTileInside(field, clip: clipBefore).map(\.0))
        field.step(dt)
        let far = narrower.frame(at: 9_000).offsetBy(dx: 0, dy: 100 - field.offset(of: .column).y)
        XCTAssertEqual(field.tile("t9000")?.presented, far, "a far tile rests at its new place")
        let clip = field.windowClip(of: .column)
        XCTAssertEqual(drawn(field).map(\.1), everyTileInside(field, clip: clip).map(\.1))
    }

    func testTheDrawPassFindsWhatLookingAtEveryTileFinds() {
        let field = makeGrid(2000)
        field[scroll: .column].scroll.scroll(to: 25_000, animated: .smooth)
        field.place("t930", at: Rect(0, 0, 100, 100), animation: .interactiveSpring)
        field.move("t5", to: .strip, at: nil)
        for step in 0..<40 {
            field.step(dt)
            let clip = field.windowClip(of: .column)
            for alpha in [1, 0.5, 0] {
                let fast = drawn(field, alpha: alpha)
                let slow = everyTileInside(field, clip: clip, alpha: alpha)
                XCTAssertEqual(fast.map(\.0), slow.map(\.0), "step \(step), alpha \(alpha)")
                XCTAssertEqual(fast.map(\.1), slow.map(\.1), "step \(step), alpha \(alpha)")
            }
            XCTAssertFalse(drawn(field).isEmpty)
        }
    }

    func testRestingTilesAreDrawnBetweenTheLastTwoOffsets() {
        let field = makeGrid(40)
        field[scroll: .column].scroll.scroll(to: 50, animated: nil)
        field.step(dt)
        field[scroll: .column].scroll.scroll(to: 70, animated: nil)
        field.step(dt)
        let frame = drawn(field, alpha: 0.5).first { $0.0 == "t0" }?.1
        XCTAssertEqual(frame, Rect(0, 40, 100, 100), "halfway from offset 50 to 70")
    }

    func testHitTestsAndPrefetchFindTilesRightAfterALayoutAndAfterAStep() {
        let field = makeGrid(400)
        field.placeItems(
            of: .column, at: (0..<400).map { Rect(Double($0 % 4) * 110, Double($0 / 4) * 120, 100, 110) },
            animation: nil)
        // Laid out and not stepped yet: the range is stale and every tile is looked at.
        XCTAssertEqual(field.tileID(at: Point(120, 350)), "t9")
        field.step(dt)
        XCTAssertEqual(field.tileID(at: Point(120, 350)), "t9")
        XCTAssertNil(field.tileID(at: Point(105, 150)), "between tiles")
        var ahead: [PhotoID] = []
        field.forEachTileAhead(in: .column, screens: 1) { id, _ in ahead.append(id) }
        XCTAssertEqual(ahead, (20..<40).map { "t\($0)" }, "the next screenful, in model order")
    }
}
