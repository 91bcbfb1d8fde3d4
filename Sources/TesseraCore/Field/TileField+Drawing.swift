import TesseraGeometry
import TesseraPhotos

/// The layered draw pass: a container's tiles inside its clip, in model order, and the flight layer
/// above every container, unclipped, in take-off order. How a tile looks is the scene's business: it
/// gets each visible tile and the frame to draw it at.
///
/// The tile handed over is the one the field stores, for what it is (its id, container, opacity and
/// scale): a resting tile's stored frames and velocity are not brought up to its containers' scroll
/// (`tile(_:)` does that), which no drawing needs — it draws at the frame it is given.
extension TileField {
    /// Calls `draw` with every container-layer tile of `container` that shows inside `clip` (its window
    /// clip by default), with its frame `alpha` ∈ [0, 1] of the way from the previous step.
    func drawTiles(
        in container: ContainerID, alpha: Double, clip: Rect? = nil, _ draw: (MatchedTile, Rect, Rect) -> Void
    ) {
        forEachShownTile(in: container, alpha: alpha, clip: clip) { i, frame, clip in draw(tiles[i], frame, clip) }
    }

    /// The same with each tile's id alone, which is all most scenes draw a tile by. Handing over the tile
    /// copies it out of the field (824 bytes with references in it: Swift copies a value read from
    /// memory that the closure might change while it runs), for every tile of every frame.
    func drawTileIDs(
        in container: ContainerID, alpha: Double, clip: Rect? = nil, _ draw: (PhotoID, Rect, Rect) -> Void
    ) {
        forEachShownTile(in: container, alpha: alpha, clip: clip) { i, frame, clip in draw(tiles[i].id, frame, clip) }
    }

    /// Calls `visit` with the index of every container-layer tile of `container` that shows inside `clip`
    /// (its window clip by default), its frame `alpha` of the way from the previous step, and the clip.
    private func forEachShownTile(
        in container: ContainerID, alpha: Double, clip: Rect?, _ visit: (Int, Rect, Rect) -> Void
    ) {
        guard let k = slot(of: container) else { return }
        let clip = clip ?? windowClip(slot: k, alpha: alpha)
        guard !clip.isEmpty else { return }
        forEachTile(inSlot: k, near: clip) { i in
            let frame = interpolated(i, alpha)
            if frame.intersects(clip) { visit(i, frame, clip) }
            return true
        }
    }

    /// Calls `draw` with every tile above the containers (flying, or resting in an overlay), bottom first.
    func drawAbove(alpha: Double, _ draw: (MatchedTile, Rect) -> Void) {
        for i in aboveTiles { draw(tiles[i], interpolated(i, alpha)) }
    }
}
