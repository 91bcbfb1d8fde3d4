import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore

/// The picker's behaviours (docs/BEHAVIOUR.md#picker), driven in-process through the same input path as SDL and scripts.
final class PickerSceneTests: XCTestCase {
    func testTapMovesAPhotoToTheEndOfTheDockAndBack() {
        let sim = makeSimulation()
        sim.tap("photo-05")
        sim.settle()
        XCTAssertEqual(sim.dump().selection, ["photo-05"])
        XCTAssertEqual(sim.container("dock")?.items, ["photo-05"])
        XCTAssertFalse(sim.container("grid")!.items.contains("photo-05"))

        sim.tap("photo-05")
        sim.settle()
        XCTAssertEqual(sim.dump().selection, [])
        XCTAssertEqual(
            sim.container("grid")?.items.last, "photo-05", "the articles' behaviour: back to the end of the grid")
        XCTAssertEqual(sim.container("grid")?.items.count, 24)
    }

    func testEveryPhotoIsInExactlyOneContainerAtEveryStep() {
        let sim = makeSimulation()
        let all = Set(samplePhotos().ids)
        for (i, id) in [PhotoID("photo-01"), "photo-09", "photo-17", "photo-01", "photo-24"].enumerated() {
            sim.tap(id)
            sim.steps(7 + i) {
                let dump = sim.dump()
                let items = dump.containers.flatMap(\.items)
                XCTAssertEqual(items.count, all.count)
                XCTAssertEqual(Set(items), all)
                XCTAssertEqual(dump.tiles.map(\.id).sorted(), all.sorted())
            }
        }
    }

    func testMidFlightLayerAndSettledLanding() {
        let sim = makeSimulation()
        sim.tap("photo-03")
        sim.steps(6)  // 50 ms at 120 Hz
        let flying = sim.tile("photo-03")!
        XCTAssertEqual(flying.layer, "flight")
        XCTAssertTrue(flying.moving)
        XCTAssertEqual(flying.container, "dock")
        sim.settle()
        let landed = sim.tile("photo-03")!
        assertRect(landed.presented, landed.target, accuracy: 0.5)
        XCTAssertFalse(landed.moving)
        XCTAssertEqual(landed.layer, "container")
        XCTAssertEqual(landed.target, Rect(32, 636, 100, 100))
    }

    /// SwiftUI's `interactiveSpring` (response 0.15, dampingFraction 0.86), closed form, within 3 % of
    /// the distance at 50, 100 and 200 ms.
    func testFlightFollowsInteractiveSpring() {
        let sim = makeSimulation()
        let start = sim.tile("photo-03")!.presented
        sim.tap("photo-03")
        let target = sim.tile("photo-03")!.target
        let unit = SpringSolution(.interactiveSpring, displacement: 1, velocity: 0)
        var checked = 0
        for ms in [50, 100, 200] {
            while sim.time < Double(ms) / 1000 - 1e-9 { sim.step() }
            let progress = 1 - unit.displacement(at: Double(ms) / 1000)
            let expected = start.interpolated(to: target, progress)
            let presented = sim.tile("photo-03")!.presented
            let distance = start.center.distance(to: target.center)
            XCTAssertLessThan(presented.center.distance(to: expected.center), 0.03 * distance, "at \(ms) ms")
            XCTAssertEqual(presented.width, expected.width, accuracy: 0.03 * abs(target.width - start.width) + 1e-9)
            checked += 1
        }
        XCTAssertEqual(checked, 3)
    }

    func testTenTapsFillTheDockInOrderAndRevealTheNewest() {
        let sim = makeSimulation()
        let ids = (1...10).map { PhotoID(String(format: "photo-%02d", $0 * 2)) }
        for id in ids {
            sim.tap(id)
            sim.steps(Int(0.12 * 120))
        }
        sim.settle()
        XCTAssertEqual(sim.dump().selection, ids)
        let dock = sim.container("dock")!
        let newest = sim.tile(ids.last!)!
        XCTAssertTrue(dock.frame.contains(newest.presented, tolerance: 0.5), "\(newest.presented) in \(dock.frame)")
        XCTAssertGreaterThan(dock.offset.x, 0, "the dock scrolled")
        XCTAssertTrue(newest.visible)
        XCTAssertFalse(sim.dump().tiles.contains { $0.moving })
    }

    /// Tapping a photo again mid-flight turns it around: position is continuous (no step moves a tile
    /// farther than its velocity allows) and it ends back in the grid.
    func testMidFlightTurnaroundHasNoJump() {
        let sim = makeSimulation()
        sim.tap("photo-07")
        sim.steps(8)
        sim.tap("photo-07")
        XCTAssertEqual(sim.tile("photo-07")?.container, "grid")
        var previous = sim.dump().tiles
        sim.steps(120) {
            let now = sim.dump().tiles
            for (a, b) in zip(previous, now) {
                let moved = a.presented.center.distance(to: b.presented.center)
                let speed = max(
                    Point(a.velocity.x, a.velocity.y).distance(to: .zero),
                    Point(b.velocity.x, b.velocity.y).distance(to: .zero))
                XCTAssertLessThanOrEqual(moved, speed * sim.dt * 1.1 + 0.01, "\(b.id) jumped at step \(sim.stepCount)")
            }
            previous = now
        }
        sim.settle()
        XCTAssertEqual(sim.container("grid")?.items.last, "photo-07")
        XCTAssertEqual(sim.tile("photo-07")?.layer, "container")
    }

    func testReflowingTilesAnimate() {
        let sim = makeSimulation()
        sim.tap("photo-01")
        sim.step()
        let neighbour = sim.tile("photo-02")!
        XCTAssertTrue(neighbour.moving, "photo-02 slides into photo-01's slot")
        XCTAssertEqual(neighbour.layer, "container")
        XCTAssertNotEqual(neighbour.presented, neighbour.target)
    }

    func testHitTestPrefersTheFlyingTileAndIgnoresGaps() {
        let sim = makeSimulation()
        let scene = sim.scene as! PickerScene
        // The gap between two grid columns hits nothing.
        let first = sim.tile("photo-01")!.presented
        XCTAssertNil(scene.command(at: Point(first.maxX + 4, first.midY)))
        XCTAssertEqual(scene.command(at: first.center), .select("photo-01"))
        sim.tap("photo-01")
        sim.steps(5)
        let flying = sim.tile("photo-01")!.presented
        XCTAssertEqual(scene.command(at: flying.center), .deselect("photo-01"))
        // Outside every container: nothing.
        XCTAssertNil(scene.command(at: Point(2, 2)))
    }

    func testDockDragScrollsWithRubberBandAndSettlesInBounds() {
        let sim = makeSimulation()
        for i in 1...12 { sim.tap(PhotoID(String(format: "photo-%02d", i))) }
        sim.settle()
        let before = sim.container("dock")!.offset.x
        XCTAssertGreaterThan(before, 0)
        // Drag the dock right by 300 pt: content follows, then rubber-bands past the start.
        let y = 686.0
        sim.handle(.pointerDown(Point(200, y), time: sim.time))
        for i in 1...30 {
            sim.step()
            sim.handle(.pointerMove(Point(200 + Double(i) * 20, y), time: sim.time))
        }
        let dragged = sim.container("dock")!.offset.x
        XCTAssertLessThan(dragged, 0, "overscrolled past the start")
        XCTAssertGreaterThan(dragged, before - 600, "with resistance")
        sim.handle(.pointerUp(Point(800, y), time: sim.time))
        sim.settle()
        XCTAssertEqual(sim.container("dock")!.offset.x, 0, accuracy: 0.5)
    }

    func testResizeRelaysOutWithAnimation() {
        let sim = makeSimulation()
        sim.handle(.resize(Size(600, 900)))
        sim.step()
        let tile = sim.tile("photo-08")!
        XCTAssertTrue(tile.moving)
        sim.settle()
        assertRect(sim.tile("photo-08")!.presented, sim.tile("photo-08")!.target, accuracy: 0.5)
        XCTAssertEqual(sim.container("grid")?.frame.width, 568)
    }

    func testReturnToOriginalSlotOption() {
        var config = Config()
        config.picker.returnToOriginalSlot = true
        let sim = makeSimulation(config: config)
        sim.tap("photo-04")
        sim.settle()
        sim.tap("photo-04")
        sim.settle()
        XCTAssertEqual(sim.container("grid")?.items[3], "photo-04")
    }
}

/// UIScrollView's catch: a touch on a scroll moving on its own stops it, and that tap selects nothing.
final class PickerScrollCatchTests: XCTestCase {
    func testATapOnTheFlingingDockStopsItAndSelectsNothing() {
        let sim = makeSimulation()
        for i in 1...14 { sim.tap(PhotoID(String(format: "photo-%02d", i))) }
        sim.settle()
        // Fling the dock back towards its start.
        let y = 686.0
        sim.handle(.pointerDown(Point(200, y), time: sim.time))
        for i in 1...4 {
            sim.step()
            sim.handle(.pointerMove(Point(200 + Double(i) * 40, y), time: sim.time))
        }
        sim.handle(.pointerUp(Point(360, y), time: sim.time))
        sim.steps(6)
        let moving = sim.container("dock")!.offset.x
        XCTAssertTrue(sim.dump().tiles.contains { $0.container == "dock" && $0.moving }, "the dock is flinging")
        let under = sim.scene.tileID(at: Point(500, y))
        XCTAssertNotNil(under)
        sim.tap(at: Point(500, y))
        sim.steps(2)
        XCTAssertEqual(sim.container("dock")!.offset.x, moving, accuracy: 30, "stopped where the finger came down")
        XCTAssertEqual(sim.dump().selection?.count, 14, "the catching tap selected nothing")
        sim.settle()
        // At rest, the same tap deselects as usual.
        let id = sim.scene.tileID(at: Point(500, y))!
        sim.tap(at: Point(500, y))
        XCTAssertFalse(sim.dump().selection!.contains(id))
    }
}
