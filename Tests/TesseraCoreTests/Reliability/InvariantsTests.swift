import Foundation
import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore

final class InvariantsTests: XCTestCase {
    private func tile(_ id: PhotoID, _ container: String, presented: Rect = Rect(0, 0, 10, 10)) -> TileDump {
        TileDump(
            id: id, container: container, target: presented, presented: presented, velocity: .zero, moving: false,
            layer: "container", visible: true, scale: 1, opacity: 1)
    }

    private func dump(_ containers: [ContainerDump], _ tiles: [TileDump]) -> StateDump {
        StateDump(
            time: 0, step: 0, scene: "picker", window: Size(100, 100), containers: containers, tiles: tiles,
            overlay: nil,
            position: nil, selection: nil)
    }

    private func container(_ id: String, _ items: [PhotoID]) -> ContainerDump {
        ContainerDump(id: id, frame: Rect(0, 0, 100, 100), contentSize: Size(100, 100), offset: .zero, items: items)
    }

    func testARealPickerHoldsThemAll() {
        let sim = makeSimulation()
        sim.tap("photo-01")
        for _ in 0..<60 {
            sim.step()
            XCTAssertEqual(Invariants.violations(of: sim), [])
        }
    }

    /// The hero scenes answer the hit test too (a resting tile's centre hits it), open or closed.
    func testHeroScenesHoldThemThroughATrip() {
        for scene in [SceneID.named("waterfall"), .named("destinations")] {
            let sim = makeHeroSimulation(scene)
            let first = sim.dump().tiles[0]
            XCTAssertEqual(sim.scene.tileID(at: first.presented.center), first.id, "\(scene)")
            sim.tap(first.id)
            for _ in 0..<240 {
                sim.step()
                XCTAssertEqual(Invariants.violations(of: sim), [], "\(scene) at step \(sim.stepCount)")
            }
            sim.handle(.key(.escape))
            sim.settle()
            XCTAssertEqual(Invariants.violations(of: sim), [])
            XCTAssertEqual(sim.scene.tileID(at: sim.tile(first.id)!.presented.center), first.id)
        }
    }

    func testEachKindOfBreakageIsReported() {
        let scene = makeSimulation().scene
        let twice = dump([container("grid", ["a"]), container("dock", ["a"])], [tile("a", "dock")])
        XCTAssertTrue(
            Invariants.violations(of: twice, scene: scene).contains { $0.contains("a is in both grid and dock") })
        let duplicateTile = dump([container("grid", ["a"])], [tile("a", "grid"), tile("a", "grid")])
        XCTAssertTrue(Invariants.violations(of: duplicateTile, scene: scene).contains { $0.contains("appears twice") })
        let orphan = dump([container("grid", [])], [tile("a", "grid")])
        XCTAssertTrue(Invariants.violations(of: orphan, scene: scene).contains { $0.contains("a is in no container") })
        let missing = dump([container("grid", ["a", "b"])], [tile("a", "grid")])
        XCTAssertTrue(
            Invariants.violations(of: missing, scene: scene).contains {
                $0.contains("b is in a container but not among")
            })
        let nan = dump([container("grid", ["a"])], [tile("a", "grid", presented: Rect(.nan, 0, 1, 1))])
        XCTAssertTrue(Invariants.violations(of: nan, scene: scene).contains { $0.contains("non-finite") })
    }

    /// The picker's hit test must agree with what is drawn: a tile reported at the centre of another
    /// tile's frame is a violation.
    func testHitTestDisagreementIsReported() {
        let sim = makeSimulation()
        let real = sim.dump()
        var lying = real
        // Swap two tiles' frames in the dump: the scene still hits by its own frames.
        let a = lying.tiles.firstIndex { $0.id == "photo-01" }!
        let b = lying.tiles.firstIndex { $0.id == "photo-02" }!
        let frame = lying.tiles[a].presented
        lying.tiles[a].presented = lying.tiles[b].presented
        lying.tiles[b].presented = frame
        XCTAssertEqual(Invariants.violations(of: real, scene: sim.scene), [])
        XCTAssertTrue(Invariants.violations(of: lying, scene: sim.scene).contains { $0.contains("hits photo-0") })
    }

    func testMonkeyStormsAreSeededAndReplayable() throws {
        let monkey = Monkey(seed: 42, duration: 20, eventCount: 400, window: Size(1024, 768))
        let a = monkey.script(scene: .named("gallery"), dumpFolder: "/tmp/x")
        XCTAssertEqual(a, monkey.script(scene: .named("gallery"), dumpFolder: "/tmp/x"), "same seed, same storm")
        XCTAssertNotEqual(
            a, Monkey(seed: 43, duration: 20, eventCount: 400, window: Size(1024, 768)).script(scene: .named("gallery"))
        )
        XCTAssertEqual(a.steps.filter { if case .dump = $0.action { true } else { false } }.count, 2)
        XCTAssertEqual(try Script.parse(a.jsonData()), a, "written and read back, the same storm")
        let kinds = Set(a.steps.map { step -> String in "\(step.action)".components(separatedBy: "(").first! })
        XCTAssertTrue(kinds.isSuperset(of: ["click", "drag", "wheel", "key", "scene", "resize"]), "\(kinds)")
    }
}
