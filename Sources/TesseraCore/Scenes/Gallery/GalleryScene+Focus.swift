import TesseraGeometry

/// Keyboard focus in the gallery: each row's cards are a Tab stop, then the Featured paddles. Left and
/// Right move along a row, Up and Down to the nearest card of the row above or below; the focused card's
/// row scrolls to show it with its leading edge on the margin (as `.viewAligned` rests) and the page
/// scrolls to show the row. Space on a card scrolls its row to it, on a paddle presses it.
extension GalleryScene: FocusableScene {
    /// The paddles' focus ids (no card id has a `/`).
    static let backFocusID = "gallery/back"
    static let forwardFocusID = "gallery/forward"

    var focusGroups: [[String]] {
        let paddles = paddleFrames(scrolledAway: true)
        let controls = [paddles.back.map { _ in Self.backFocusID }, paddles.forward.map { _ in Self.forwardFocusID }]
        return rows.map(\.ids) + [controls.compactMap { $0 }]
    }

    func focusFrame(of id: String) -> Rect? {
        switch id {
        case Self.backFocusID: paddleFrames(scrolledAway: true).back
        case Self.forwardFocusID: paddleFrames(scrolledAway: true).forward
        default: field.laidOutFrame(of: id)
        }
    }

    /// Up and Down cross rows; Left and Right stay in the focused group.
    func focusCandidates(from id: String, towards direction: FocusModel.Direction) -> [String] {
        let group = focusGroups.first { $0.contains(id) } ?? []
        guard direction == .up || direction == .down, row(of: id) != nil else { return group }
        return rows.flatMap(\.ids)
    }

    func activate(_ id: String) {
        switch id {
        case Self.backFocusID: apply(.scrollToNeighbour(-1))
        case Self.forwardFocusID: apply(.scrollToNeighbour(1))
        default:
            guard let r = row(of: id), let index = cardIndex[id] else { return }
            let target = rows[r].alignedOffset(of: index, in: layout.rows[r], scroll: rowScroll(r))
            if r == Self.featured { rows[r].pin = (index, grabs(r)) }
            field[scroll: rows[r].containerID].scroll.scroll(to: target, animated: paddleAnimation)
        }
    }

    func revealFocus(_ id: String) {
        guard let r = row(of: id), let index = cardIndex[id] else {
            // A paddle: the page shows the Featured header it sits on.
            if rows.indices.contains(Self.featured) {
                field[scroll: .gallery].reveal(
                    layout.rows[Self.featured].label, animated: config.scroll.scrollAnimation)
            }
            return
        }
        // The row: only if the card is not wholly in view, to its view-aligned offset.
        let viewport = layout.rows[r].frame.width
        let card = layout.rows[r].cardFrame(at: index)
        let offset = rowScroll(r).targetOffset
        if card.minX < offset || card.maxX > offset + viewport {
            let target = rows[r].alignedOffset(of: index, in: layout.rows[r], scroll: rowScroll(r))
            field[scroll: rows[r].containerID].scroll.scroll(to: target, animated: config.scroll.scrollAnimation)
        }
        // The page: the least scroll that shows the row and its label.
        let section = layout.rows[r].frame.union(layout.rows[r].label)
        field[scroll: .gallery].reveal(section, animated: config.scroll.scrollAnimation)
    }

    func focusRing(of id: String, alpha: Double) -> FocusRing? {
        let clip = field.windowFrame(of: .gallery)
        switch id {
        case Self.backFocusID, Self.forwardFocusID:
            let paddles = paddleFrames(alpha: alpha)
            guard let frame = id == Self.backFocusID ? paddles.back : paddles.forward else { return nil }
            return FocusRing(frame: frame, radius: frame.width / 2, clip: clip)
        default:
            guard let r = row(of: id), let tile = field.tile(id) else { return nil }
            let rowClip = viewport(of: r, alpha: alpha).intersection(clip)
            return FocusRing(frame: tile.interpolated(alpha), radius: rows[r].config.cornerRadius, clip: rowClip)
        }
    }

    /// The row card `id` is in.
    func row(of id: String) -> Int? { rows.firstIndex { $0.ids.contains(id) } }
}
