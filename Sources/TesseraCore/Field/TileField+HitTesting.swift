import TesseraGeometry
import TesseraPhotos

/// What a tap at a point lands on, topmost first: the flight layer (a flying tile can be caught and sent
/// back), then each container's tiles inside its clip, inner containers first.
extension TileField {
    func tileID(at p: Point) -> PhotoID? {
        if let i = aboveTiles.reversed().first(where: { presented($0).contains(p) }) { return tiles[i].id }
        for k in containers.indices.reversed() where windowClip(slot: k).contains(p) {
            var hit: Int?
            forEachTile(inSlot: k, near: Rect(p.x, p.y, 0, 0)) { i in
                if presented(i).contains(p) { hit = i }
                return hit == nil
            }
            if let hit { return tiles[hit].id }
        }
        return nil
    }

    /// The innermost container whose input frame holds `p`.
    func container(at p: Point) -> ContainerID? {
        containers.indices.reversed().first { windowHitFrame(slot: $0).contains(p) }.map { containers[$0].id }
    }
}
