import TesseraGeometry
import TesseraPhotos

/// Keyboard focus in the gallery: each row's cards are a Tab stop, then the Featured paddles. Left and
/// Right move along a row, Up and Down to the nearest card of the row above or below; the focused card's
/// row scrolls to show it with its leading edge on the margin (as `.viewAligned` rests) and the page
/// scrolls to show the row. Space on a card scrolls its row to it, on a paddle presses it.
extension GalleryScene: FocusableScene {
    /// The Featured row's paddles (their names are what the state dump and the semantics tree show).
    static let backPaddle = FocusTarget.control(ControlID("gallery/back"))
    static let forwardPaddle = FocusTarget.control(ControlID("gallery/forward"))

    var focusGroups: [[FocusTarget]] {
        let paddles = paddleFrames(scrolledAway: true)
        let controls = [paddles.back.map { _ in Self.backPaddle }, paddles.forward.map { _ in Self.forwardPaddle }]
        return rows.map { $0.ids.map(FocusTarget.tile) } + [controls.compactMap { $0 }]
    }

    func focusFrame(of target: FocusTarget) -> Rect? {
        switch target {
        case Self.backPaddle: paddleFrames(scrolledAway: true).back
        case Self.forwardPaddle: paddleFrames(scrolledAway: true).forward
        case .tile(let id): field.laidOutFrame(of: id)
        case .control: nil
        }
    }

    /// Up and Down cross rows; Left and Right stay in the focused group.
    func focusCandidates(from target: FocusTarget, towards direction: FocusModel.Direction) -> [FocusTarget] {
        let group = focusGroups.first { $0.contains(target) } ?? []
        guard direction == .up || direction == .down, case .tile(let id) = target, row(of: id) != nil else {
            return group
        }
        return rows.flatMap { $0.ids.map(FocusTarget.tile) }
    }

    func activate(_ target: FocusTarget) {
        switch target {
        case Self.backPaddle: apply(.scrollToNeighbour(-1))
        case Self.forwardPaddle: apply(.scrollToNeighbour(1))
        case .tile(let id):
            guard let r = row(of: id), let index = cardIndex[id] else { return }
            let target = rows[r].alignedOffset(of: index, in: layout.rows[r], scroll: rowScroll(r))
            if r == Self.featured { rows[r].pin = (index, grabs(r)) }
            field[scroll: rows[r].containerID].scroll.scroll(to: target, animated: paddleAnimation)
        case .control: break
        }
    }

    func revealFocus(_ target: FocusTarget) {
        guard case .tile(let id) = target, let r = row(of: id), let index = cardIndex[id] else {
            // A paddle: the page shows the Featured header it sits on.
            if target == Self.backPaddle || target == Self.forwardPaddle, rows.indices.contains(Self.featured) {
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

    func focusRing(of target: FocusTarget, alpha: Double) -> FocusRing? {
        let clip = field.windowFrame(of: .gallery)
        switch target {
        case Self.backPaddle, Self.forwardPaddle:
            let paddles = paddleFrames(alpha: alpha)
            guard let frame = target == Self.backPaddle ? paddles.back : paddles.forward else { return nil }
            return FocusRing(frame: frame, radius: frame.width / 2, clip: clip)
        case .tile(let id):
            guard let r = row(of: id), let tile = field.tile(id) else { return nil }
            let rowClip = viewport(of: r, alpha: alpha).intersection(clip)
            return FocusRing(frame: tile.interpolated(alpha), radius: rows[r].config.cornerRadius, clip: rowClip)
        case .control: return nil
        }
    }

    /// The row card `id` is in.
    func row(of id: PhotoID) -> Int? { rows.firstIndex { $0.ids.contains(id) } }
}
