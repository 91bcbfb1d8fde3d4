/// What a tap at a point lands on, topmost first: the flight layer (a flying tile can be caught and sent
/// back), then each container's tiles inside its clip, inner containers first.
extension TileField {
    func tileID(at p: Point) -> String? {
        if let id = above.reversed().first(where: { index[$0].map { tiles[$0].presented.contains(p) } ?? false }) {
            return id
        }
        for k in containers.indices.reversed() where windowClip(slot: k).contains(p) {
            let hit = containers[k].items.first { id in
                guard let i = index[id] else { return false }
                return tiles[i].layer == .container && tiles[i].presented.contains(p)
            }
            if let hit { return hit }
        }
        return nil
    }

    /// The innermost container whose input frame holds `p`.
    func container(at p: Point) -> ContainerID? {
        containers.indices.reversed().first { windowHitFrame(slot: $0).contains(p) }.map { containers[$0].id }
    }
}
