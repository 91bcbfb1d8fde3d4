/// What a tap at a point lands on, topmost first: the flight layer (a flying tile can be caught and sent
/// back), then each container's tiles inside its clip, inner containers first.
extension TileField {
    func tileID(at p: Point) -> String? {
        if let id = above.reversed().first(where: { tiles[index[$0]!].presented.contains(p) }) { return id }
        for container in containerOrder.reversed() where windowClip(of: container).contains(p) {
            let hit = containers[container]!.items.first { id in
                let tile = tiles[index[id]!]
                return tile.layer == .container && tile.presented.contains(p)
            }
            if let hit { return hit }
        }
        return nil
    }

    /// The innermost container whose input frame holds `p`.
    func container(at p: Point) -> ContainerID? {
        containerOrder.reversed().first { windowHitFrame(of: $0).contains(p) }
    }
}
