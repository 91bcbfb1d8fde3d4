import TesseraGeometry
import TesseraPhotos

/// What must hold after every step, whatever the input (the monkey checks it): every tile is in exactly
/// one container and appears once among the tiles; every number is finite; what a tap hits is what is
/// drawn there.
package enum Invariants {
    /// The broken invariants of the current state, empty when all hold.
    package static func violations(of simulation: Simulation) -> [String] {
        violations(of: simulation.dump(), scene: simulation.scene)
    }

    /// The broken invariants of `dump`, hit-testing through `scene`.
    static func violations(of dump: StateDump, scene: Scene) -> [String] {
        var problems: [String] = []
        var owner: [PhotoID: String] = [:]
        for container in dump.containers {
            for id in container.items {
                if let other = owner[id] {
                    problems.append("\(id) is in both \(other) and \(container.id)")
                }
                owner[id] = container.id
            }
            if !(container.frame.components + [
                container.contentSize.width, container.contentSize.height, container.offset.x, container.offset.y,
            ])
            .allSatisfy(\.isFinite) {
                problems.append("container \(container.id) has a non-finite number")
            }
        }
        var seen = Set<PhotoID>()
        for tile in dump.tiles {
            if !seen.insert(tile.id).inserted { problems.append("\(tile.id) appears twice among the tiles") }
            if owner[tile.id] == nil { problems.append("\(tile.id) is in no container") }
            if owner[tile.id] != nil && owner[tile.id] != tile.container {
                problems.append("\(tile.id) says it is in \(tile.container) but \(owner[tile.id]!) holds it")
            }
            let numbers =
                tile.target.components + tile.presented.components + tile.velocity.components + [
                    tile.scale, tile.opacity,
                ]
            if !numbers.allSatisfy(\.isFinite) { problems.append("\(tile.id) has a non-finite number") }
        }
        for id in owner.keys where !seen.contains(id) {
            problems.append("\(id) is in a container but not among the tiles")
        }
        problems += hitTestViolations(scene, tiles: dump.tiles, containers: dump.containers)
        return problems
    }

    /// A tap at the centre of a resting, fully visible tile that nothing flies over must hit that tile.
    private static func hitTestViolations(_ scene: Scene, tiles: [TileDump], containers: [ContainerDump]) -> [String] {
        let flying = tiles.filter { $0.layer != "container" }.map(\.presented)
        var problems: [String] = []
        for tile in tiles where !tile.moving && tile.layer == "container" && tile.visible && tile.opacity > 0 {
            let centre = tile.presented.center
            guard !flying.contains(where: { $0.contains(centre) }),
                let container = containers.first(where: { $0.id == tile.container }),
                container.frame.contains(centre)
            else { continue }
            guard let hit = scene.tileID(at: centre) else { continue }
            if hit != tile.id { problems.append("a tap at the centre of \(tile.id) hits \(hit)") }
        }
        return problems
    }
}
