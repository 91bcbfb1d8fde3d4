import TesseraGeometry
import XCTest

@testable import TesseraCore

/// Settled tiles cost nothing (docs/BEHAVIOUR.md#settled-tiles-cost-nothing): the picker visits only tiles that move — yet a scrolling
/// container still carries every one of its resting tiles, and the animating count follows the springs.
final class PickerSceneRestTests: XCTestCase {
    private func picker(_ sim: Simulation) -> PickerScene { sim.scene as! PickerScene }

    func testASettledSceneVisitsNoTiles() {
        let sim = makeSimulation(photos: 300)
        XCTAssertEqual(picker(sim).field.activeTileCount, 0)
        sim.tap("photo-02")
        sim.step()
        XCTAssertGreaterThan(picker(sim).field.activeTileCount, 0)
        XCTAssertLessThan(picker(sim).field.activeTileCount, 300, "only the flight and the reflowing tiles after it")
        XCTAssertEqual(sim.animatingTileCount, picker(sim).field.activeTileCount)
        sim.settle()
        sim.step()
        XCTAssertEqual(picker(sim).field.activeTileCount, 0)
        XCTAssertEqual(sim.animatingTileCount, 0)
    }

    func testRestingTilesFollowAScrollingContainerEveryStep() {
        let sim = makeSimulation(photos: 120)
        sim.handle(.pointerDown(Point(500, 500), time: sim.time))
        for i in 1...6 {
            sim.step()
            sim.handle(.pointerMove(Point(500, 500 - Double(i) * 40), time: sim.time))
        }
        sim.handle(.pointerUp(Point(500, 260), time: sim.time))
        var scrolled = 0
        for _ in 0..<240 {
            sim.step()
            let dump = sim.dump()
            let offset = dump.containers.first { $0.id == "grid" }!.offset.y
            if offset != 0 { scrolled += 1 }
            for tile in dump.tiles {
                assertRect(tile.presented, tile.target, accuracy: 1e-9, "\(tile.id) at step \(sim.stepCount)")
            }
        }
        XCTAssertGreaterThan(scrolled, 100, "the fling scrolled the grid")
        XCTAssertTrue(sim.isSettled)
    }

    func testADraggedTileLandsAndLeavesTheFlightLayer() {
        let sim = makeSimulation()
        sim.tap("photo-04")
        sim.tap("photo-05")
        sim.settle()
        sim.step()
        XCTAssertEqual(sim.dump().tiles.filter { $0.layer == "flight" }.map(\.id), [])
        XCTAssertEqual(picker(sim).field.activeTileCount, 0)
    }
}
