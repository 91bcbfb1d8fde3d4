import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraCore

/// Every gesture at any moment (WWDC 2018, "Designing Fluid Interfaces"): in every scene, an animation is
/// started — a flight, a fling, a resize, a photo or a place opening — and at a random moment of it a
/// finger goes down and drags. Two simulations play the same thing, only one of them gets the finger: a
/// step after the drag's first move their dumps must differ (the gesture was taken, not dropped), and
/// what the finger holds moves by no more than its speed allows (it starts from where it was drawn).
final class InterruptAnythingTests: XCTestCase {
    private enum Starter: CaseIterable {
        case tap, fling, resize
    }

    private func make(_ scene: SceneID) -> Simulation {
        makeHeroSimulation(scene, photos: 40)
    }

    /// Starts an animation in `sim` the same way every time for a given `seed`.
    private func start(_ starter: Starter, in sim: Simulation, seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let visible = sim.dump().tiles.filter { $0.visible && $0.layer == "container" }
        switch starter {
        case .tap:
            guard !visible.isEmpty else { return }
            let tile = visible[Int.random(in: 0..<visible.count, using: &random)]
            sim.tap(at: tile.presented.center)
        case .fling:
            let from = Point(sim.window.width / 2, sim.window.height * 0.7)
            sim.handle(.pointerDown(from, time: sim.time))
            for i in 1...3 {
                sim.step()
                sim.handle(.pointerMove(Point(from.x - Double(i) * 40, from.y - Double(i) * 60), time: sim.time))
            }
            sim.handle(.pointerUp(Point(from.x - 120, from.y - 180), time: sim.time))
        case .resize:
            sim.handle(.resize(Size(Double.random(in: 600...1100, using: &random), 700)))
        }
    }

    /// Where and which way to drag now: the open overlay is swiped down (or paged); otherwise a visible
    /// tile's container is dragged along its axis.
    private func drag(in sim: Simulation, seed: UInt64) -> (from: Point, delta: Point)? {
        var random = SeededRandom(seed: seed &+ 7)
        let dump = sim.dump()
        if dump.overlay != nil {
            let down = Bool.random(using: &random)
            return (Point(sim.window.width / 2, sim.window.height / 2), down ? Point(0, 40) : Point(-40, 0))
        }
        // A point on what shows of a tile: inside the window and its container's frame.
        let window = Rect(0, 0, sim.window.width, sim.window.height)
        let frames = Dictionary(uniqueKeysWithValues: dump.containers.map { ($0.id, $0.frame) })
        let spots: [(point: Point, container: String)] = dump.tiles.compactMap { tile in
            guard tile.visible, tile.layer == "container", let frame = frames[tile.container] else { return nil }
            let shown = tile.presented.intersection(window).intersection(frame)
            return shown.width > 4 && shown.height > 4 ? (shown.center, tile.container) : nil
        }
        guard !spots.isEmpty else { return nil }
        let spot = spots[Int.random(in: 0..<spots.count, using: &random)]
        let horizontal = ["dock", "featured", "recent", "collections", "swatches"].contains(spot.container)
        return (spot.point, horizontal ? Point(-40, 0) : Point(0, -40))
    }

    func testAFingerIsTakenAtAnyMomentOfAnyAnimationInEveryScene() throws {
        var checked = 0
        for scene in SceneID.allCases {
            for starter in Starter.allCases {
                for seed in UInt64(1)...4 {
                    var random = SeededRandom(seed: seed &* 31 &+ UInt64(checked))
                    let delay = Int.random(in: 1...60, using: &random)
                    let touched = make(scene)
                    let untouched = make(scene)
                    for sim in [touched, untouched] {
                        start(starter, in: sim, seed: seed)
                        sim.steps(delay)
                    }
                    guard let (from, delta) = drag(in: touched, seed: seed) else { continue }
                    let label = "\(scene) \(starter) seed \(seed) after \(delay) steps, drag at \(from) by \(delta)"
                    var before = tilesByID(touched)
                    touched.handle(.fingerDown(1, from, time: touched.time))
                    for sim in [touched, untouched] { sim.step() }
                    touched.handle(.fingerMove(1, from + delta, time: touched.time))
                    for sim in [touched, untouched] { sim.step() }
                    let a = String(decoding: try touched.dump().jsonData(), as: UTF8.self)
                    let b = String(decoding: try untouched.dump().jsonData(), as: UTF8.self)
                    XCTAssertTrue(a != b, "the finger was dropped: \(label)")
                    // Nothing the finger took jumped: every tile moved at most as its speed allows.
                    assertNoJump(
                        from: &before, in: touched, over: 2, slack: abs(delta.x) + abs(delta.y) + 5, label)
                    touched.handle(.fingerUp(1, from + delta, time: touched.time))
                    touched.settle()
                    XCTAssertTrue(touched.isSettled, "at rest again: \(label)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 40)
    }
}
