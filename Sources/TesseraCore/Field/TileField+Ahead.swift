import TesseraGeometry
import TesseraPhotos

/// The tiles a scroll is about to show: the next `screens` viewports past the visible ones in the
/// direction the container scrolls (forward, down or right, when it rests), so their photos can decode
/// before they are seen.
extension TileField {
    /// Calls `body` with the id of every container-layer tile of `container` outside its clip now and
    /// inside the stretch ahead, with its presented frame (window points).
    func forEachTileAhead(in container: ContainerID, screens: Double, _ body: (PhotoID, Rect) -> Void) {
        guard screens > 0, let k = slot(of: container) else { return }
        let clip = windowClip(slot: k)
        guard !clip.isEmpty else { return }
        let velocity = offsetVelocity(slot: k)
        let ahead: Rect
        switch containers[k].scroll.axis {
        case .vertical:
            let h = clip.height * screens
            ahead = Rect(clip.x, velocity.y < 0 ? clip.y - h : clip.maxY, clip.width, h)
        case .horizontal:
            let w = clip.width * screens
            ahead = Rect(velocity.x < 0 ? clip.x - w : clip.maxX, clip.y, w, clip.height)
        }
        forEachTile(inSlot: k, near: ahead) { i in
            let frame = presented(i)
            if frame.intersects(ahead), !frame.intersects(clip) { body(tiles[i].id, frame) }
            return true
        }
    }
}
