import TesseraGeometry
import TesseraPhotos

/// One section's horizontally scrolling row of cards: its scroll container, its cards' ids, and the
/// state its `scrollPosition(id:)` needs.
struct GalleryRow {
    let id: String
    let config: GalleryRowConfig
    /// The row's container in the scene's field.
    var containerID: ContainerID { ContainerID(id) }
    /// Card ids, in order: `<row id>-<index>`.
    let ids: [PhotoID]
    /// A paddle's (or a wheel's) write to the scroll position: the card it scrolls to, and the row's
    /// grab count then (`TileField.grabs(of:)`). SwiftUI's binding holds the written id from the moment it
    /// is written, so the position does not flicker back while the animation runs. It holds until the row
    /// rests (the scene clears it) or a finger takes hold of the row (the count moves on).
    var pin: (card: Int, grabs: Int)?
    /// Horizontal wheel travel, in notches, not yet spent on a step (keeps a trackpad's small deltas), and
    /// the row's grab count when it was last added to: a finger taking hold of the row spends it.
    var wheelTravel = 0.0
    var travelGrabs = 0
    /// The row's viewport in outer content coordinates, on the same spring as its cards when the
    /// window is resized, so its clip, label and divider travel with them; and the step before.
    var frame = AnimatedRect(.zero)
    var previousFrame = Rect.zero

    init(id: String, config: GalleryRowConfig) {
        self.id = id
        self.config = config
        ids = (0..<config.cards).map { PhotoID("\(id)-\($0)") }
    }

    /// The offset (points) that puts card `index`'s leading edge at the leading content margin,
    /// clamped to the row's bounds: where viewAligned rests and where a paddle scrolls to.
    func alignedOffset(of index: Int, in layout: GalleryLayout.Row, scroll: ScrollAxis) -> Double {
        let aligned = layout.cardFrame(at: index).minX - layout.margins.leading
        return min(max(aligned, 0), scroll.maxOffset)
    }

    /// The card at the leading edge now (`scrollPosition(id:)`): the one whose aligned offset is nearest
    /// the offset, so the position names the card a release without velocity would rest on. A pending
    /// paddle write wins while its animation runs and no finger has taken hold of the row since (`grabs`
    /// is the row's grab count now). Nil for an empty row.
    func position(in layout: GalleryLayout.Row, scroll: ScrollAxis, grabs: Int) -> Int? {
        guard !ids.isEmpty else { return nil }
        if let pin, pin.grabs == grabs { return pin.card }
        let pitch = layout.cardSize.width + layout.spacing
        guard pitch > 0 else { return 0 }
        let nearest = (scroll.offset / pitch).rounded()
        return Int(min(max(nearest, 0), Double(ids.count - 1)))
    }

    /// The card a step of `direction` (±1) from the position goes to, nil when that would not move the
    /// row (no such card, or the content ends before it can reach the margin).
    func neighbour(_ direction: Int, in layout: GalleryLayout.Row, scroll: ScrollAxis, grabs: Int) -> Int? {
        guard let current = position(in: layout, scroll: scroll, grabs: grabs) else { return nil }
        let next = current + direction
        guard ids.indices.contains(next) else { return nil }
        let from = alignedOffset(of: current, in: layout, scroll: scroll)
        let to = alignedOffset(of: next, in: layout, scroll: scroll)
        return abs(to - from) > ViewAlignedScrollTargetBehavior.tolerance ? next : nil
    }
}
