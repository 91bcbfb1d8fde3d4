import Foundation
import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore

/// Photos with the bundled photos' sizes (landscapes, portraits, squares in turn), without touching the disk.
func sizedPhotos(_ count: Int = 16) -> PhotoLibrary {
    let sizes = [
        Size(960, 640), Size(720, 1080), Size(800, 800), Size(1024, 576), Size(640, 960), Size(900, 600),
        Size(800, 800), Size(600, 900),
    ]
    return PhotoLibrary(
        photos: (1...count).map {
            Photo(
                id: PhotoID(String(format: "photo-%02d", $0)), path: "/nonexistent/\($0).jpg",
                pixelSize: sizes[($0 - 1) % 8])
        })
}

func makeHeroSimulation(
    _ scene: SceneID, window: Size = Size(1024, 768), config: Config = Config(), photos: Int = 16
) -> Simulation {
    Simulation(
        config: config, photos: sizedPhotos(photos), scene: scene, window: window, hz: 120,
        assets: shippedAssets)
}

extension Simulation {
    func key(_ key: Key) { handle(.key(key)) }

    /// Presses script keys (`"Tab"`, `"Shift+Tab"`) `gap` seconds apart, then plays `settle` seconds more.
    func pressKeys(_ names: [String], gap: Double = 0.05, settle: Double = 1) throws {
        let steps = names.enumerated().map { #"{"at": \#(Double($0.offset) * gap), "key": "\#($0.element)"}"# }
        try play(steps.joined(separator: ", "), for: Double(names.count) * gap + settle)
    }

    func click(_ p: Point) {
        handle(.pointerDown(p, time: time))
        handle(.pointerUp(p, time: time))
    }

    /// Wheel notches over the scene's middle (dy < 0 scrolls towards the end), then settles.
    func scrollDown(notches: Int) {
        for _ in 0..<notches {
            handle(.wheel(at: Point(window.width / 2, window.height / 2), dx: 0, dy: -1))
            steps(3)
        }
        settle()
    }

    /// The draw list of the current step.
    func drawList() -> DrawList {
        var list = DrawList()
        draw(into: &list)
        return list
    }
}

extension DrawList {
    /// Photo commands by image id.
    var photoCommands: [(id: PhotoID, frame: Rect, radius: Double, opacity: Double, clip: Rect?)] {
        commands.compactMap {
            if case .photo(let id, let frame, let radius, let opacity, let clip) = $0 {
                return (id, frame, radius, opacity, clip)
            }
            return nil
        }
    }
}

/// Steps `sim` `count` times, checking that no tile's presented frame moves farther in one step than its
/// speed allows: at most max(|v| before, |v| after)·dt + `slack` points per component (the slack covers
/// a spring's acceleration from rest). A jump between coordinate spaces would be hundreds of points.
func assertNoJumps(
    _ sim: Simulation, steps count: Int, slack: Double = 5, file: StaticString = #filePath, line: UInt = #line
) {
    var before = tilesByID(sim)
    for _ in 0..<count {
        sim.step()
        assertNoJump(from: &before, in: sim, over: 1, slack: slack, file: file, line: line)
    }
}

/// Each tile of `sim`'s dump by id.
func tilesByID(_ sim: Simulation) -> [PhotoID: TileDump] {
    Dictionary(uniqueKeysWithValues: sim.dump().tiles.map { ($0.id, $0) })
}

/// Checks `assertNoJumps`' rule between the tiles `before` and `sim` now, `steps` steps later (a move
/// may take the speed that long, plus `slack` points), and takes the new tiles as `before`. A tile
/// shown at neither end may have been put anywhere: a relayout moves what nobody sees at once
/// (docs/BEHAVIOUR.md, "Settled tiles cost nothing").
func assertNoJump(
    from before: inout [PhotoID: TileDump], in sim: Simulation, over steps: Int, slack: Double = 5,
    _ label: String = "", file: StaticString = #filePath, line: UInt = #line
) {
    for tile in sim.dump().tiles {
        guard let old = before[tile.id] else { continue }
        defer { before[tile.id] = tile }
        guard tile.visible || old.visible else { continue }
        for k in 0..<4 {
            let moved = abs(tile.presented.components[k] - old.presented.components[k])
            let speed = max(abs(tile.velocity.components[k]), abs(old.velocity.components[k]))
            XCTAssertLessThanOrEqual(
                moved, speed * Double(steps) * sim.dt + slack,
                "\(tile.id) component \(k) jumped at step \(sim.stepCount) \(label)", file: file, line: line)
        }
    }
}
