/// The layered draw pass: a container's tiles inside its clip, in model order, and the flight layer
/// above every container, unclipped, in take-off order. How a tile looks is the scene's business: it
/// gets each visible tile and the frame to draw it at.
extension TileField {
    /// Calls `draw` with every container-layer tile of `container` that shows inside `clip` (its window
    /// clip by default), with its frame `alpha` ∈ [0, 1] of the way from the previous step.
    func drawTiles(
        in container: ContainerID, alpha: Double, clip: Rect? = nil, _ draw: (MatchedTile, Rect, Rect) -> Void
    ) {
        let clip = clip ?? windowClip(of: container, alpha: alpha)
        guard !clip.isEmpty else { return }
        for id in items(container) {
            guard let i = index[id], tiles[i].layer == .container else { continue }
            let tile = tiles[i]
            let frame = tile.interpolated(alpha)
            guard frame.intersects(clip) else { continue }
            draw(tile, frame, clip)
        }
    }

    /// Calls `draw` with every tile above the containers (flying, or resting in an overlay), bottom first.
    func drawAbove(alpha: Double, _ draw: (MatchedTile, Rect) -> Void) {
        for id in above {
            guard let i = index[id] else { continue }
            draw(tiles[i], tiles[i].interpolated(alpha))
        }
    }
}
