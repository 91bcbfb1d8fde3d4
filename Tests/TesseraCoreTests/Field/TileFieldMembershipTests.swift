import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore

/// Tiles joining and leaving a built field (a live photo folder), and the tiles ahead of a scroll.
final class TileFieldMembershipTests: XCTestCase {
    private let dt = 1.0 / 120

    private func makeField(_ ids: [PhotoID]) -> TileField {
        let field = TileField()
        field.addContainer(.column, axis: .vertical, physics: ScrollPhysics())
        for id in ids { field.addTile(id, to: .column) }
        field.setLayout(.column, viewport: Rect(0, 0, 100, 300), contentSize: Size(100, 100 * Double(ids.count)))
        for (i, id) in ids.enumerated() { field.place(id, at: Rect(0, 100 * Double(i), 100, 100), animation: nil) }
        return field
    }

    func testInsertAtAPositionAndRemoveKeepTheIndexAndMovingSetConsistent() {
        let field = makeField(["a", "b", "c", "d"])
        field.insertTile("x", into: .column, at: 1)
        XCTAssertEqual(field.items(.column), ["a", "x", "b", "c", "d"])
        // Everything after the new one animates down; the new one appears in its slot.
        for (i, id) in field.items(.column).enumerated() {
            field.place(id, at: Rect(0, 100 * Double(i), 100, 100), animation: id == "x" ? nil : .spring)
        }
        XCTAssertEqual(field.tile("x")?.presented, Rect(0, 100, 100, 100))
        XCTAssertTrue(field.tile("x")!.isSettled)
        XCTAssertFalse(field.tile("d")!.isSettled)
        XCTAssertTrue(field.removeTile("b"))
        XCTAssertFalse(field.removeTile("b"), "gone already")
        XCTAssertEqual(field.items(.column), ["a", "x", "c", "d"])
        XCTAssertNil(field.tile("b"))
        for id: PhotoID in ["a", "x", "c", "d"] { XCTAssertEqual(field.tile(id)?.id, id) }
        for (i, id) in field.items(.column).enumerated() {
            field.place(id, at: Rect(0, 100 * Double(i), 100, 100), animation: .spring)
        }
        for _ in 0..<2400 where !field.isSettled { field.step(dt) }
        XCTAssertTrue(field.isSettled)
        XCTAssertEqual(field.tile("d")?.presented, Rect(0, 300, 100, 100))
        XCTAssertEqual(field.activeTileCount, 0)
    }

    func testRemovingAFlyingTileTakesItOffTheFlightLayer() {
        let field = makeField(["a", "b"])
        field.addContainer(.strip, axis: .horizontal, physics: ScrollPhysics())
        field.setLayout(.strip, viewport: Rect(0, 320, 100, 80), contentSize: Size(400, 80))
        field.move("a", to: .strip)
        field.place("a", at: Rect(0, 0, 60, 60), animation: .spring)
        XCTAssertEqual(field.above, ["a"])
        field.removeTile("a")
        XCTAssertEqual(field.above, [])
        XCTAssertEqual(field.items(.strip), [])
        var drawn: [PhotoID] = []
        field.drawAbove(alpha: 1) { tile, _ in drawn.append(tile.id) }
        XCTAssertEqual(drawn, [])
    }

    func testTilesAheadAreTheNextScreenfulInTheScrollDirection() {
        let ids = (0..<10).map { PhotoID("t\($0)") }
        let field = makeField(ids)
        var ahead: [PhotoID] = []
        field.forEachTileAhead(in: .column, screens: 1) { id, _ in ahead.append(id) }
        XCTAssertEqual(ahead, ["t3", "t4", "t5"], "at rest: the screenful below")
        field[scroll: .column].scroll.scroll(to: 500, animated: nil)
        field.step(dt)
        ahead = []
        field.forEachTileAhead(in: .column, screens: 0) { id, _ in ahead.append(id) }
        XCTAssertEqual(ahead, [], "none asked for")
    }
}
