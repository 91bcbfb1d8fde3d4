import TesseraGeometry

/// Gestures, wheel and keys. Presses, drags and taps that catch a moving scroll are the field's (a drag
/// is locked to the axis of its first movement: a horizontal drag that starts on a row scrolls that row,
/// a vertical one anywhere scrolls the outer view, even when it starts on a row). The paddles are
/// controls above the Featured row: a press or tap on one is the gallery's, and the row does not catch.
///
/// The wheel, decided for a desktop user: vertical wheel travel always scrolls the outer view (a row
/// never swallows it), horizontal travel (a trackpad's sideways swipe, a tilt wheel, or Shift+wheel
/// where the system sends it sideways) scrolls the row under the pointer — on a snapping row one card
/// (or page) per `wheelNotchesPerTarget` notches, so it rests aligned. Keys: Left/Right are the
/// Featured paddles; Up/Down, Page Up/Page Down, Home/End scroll the outer view.
extension GalleryScene {
    func handle(_ gesture: Gesture) {
        switch gesture {
        case .tap(let p) where isControl(at: p):
            let paddles = paddleFrames()
            apply(.scrollToNeighbour(paddles.back?.contains(p) == true ? -1 : 1))
        case .wheel(let at, let dx, let dy):
            // The field leaves the gallery's wheel to it (`scrollsOnWheel: false`).
            guard field.windowFrame(of: .gallery).contains(at) else { return }
            if dy != 0 { scrollOuter(by: -dy * config.input.wheelStep) }
            if dx != 0, let r = row(at: at) { wheel(row: r, notches: dx) }
        case .key(let key):
            self.key(key)
        default:
            break
        }
    }

    /// The paddles.
    func isControl(at p: Point) -> Bool {
        let paddles = paddleFrames()
        return paddles.back?.contains(p) == true || paddles.forward?.contains(p) == true
    }

    /// The row whose visible viewport holds `p` (window points), if any.
    func row(at p: Point) -> Int? {
        guard field.windowFrame(of: .gallery).contains(p) else { return nil }
        return rows.indices.first { viewport(of: $0).contains(p) }
    }

    /// Horizontal wheel over row `r` (`notches > 0` towards the start).
    private func wheel(row r: Int, notches: Double) {
        let forward = -notches
        // A finger that took hold of the row since spent what was left.
        if rows[r].travelGrabs != grabs(r) {
            rows[r].wheelTravel = 0
            rows[r].travelGrabs = grabs(r)
        }
        guard rows[r].config.targetBehavior != .none else {
            field[scroll: rows[r].containerID].scroll.scroll(
                by: forward * config.input.wheelStep, animated: config.scroll.scrollAnimation)
            return
        }
        if rows[r].wheelTravel * forward < 0 { rows[r].wheelTravel = 0 }
        rows[r].wheelTravel += forward
        // Less a hair, so that ten trackpad deltas of 0.1 make the notch they add up to.
        let perTarget = config.gallery.wheelNotchesPerTarget
        while abs(rows[r].wheelTravel) >= perTarget - 1e-9 {
            let direction = rows[r].wheelTravel > 0 ? 1 : -1
            rows[r].wheelTravel -= Double(direction) * perTarget
            if abs(rows[r].wheelTravel) < 1e-9 { rows[r].wheelTravel = 0 }
            guard stepTarget(row: r, direction) else {
                rows[r].wheelTravel = 0
                break
            }
        }
    }

    /// One card (or page, on a paging row) in `direction`; false when the row cannot go further.
    private func stepTarget(row r: Int, _ direction: Int) -> Bool {
        guard rows[r].config.targetBehavior == .paging else { return scrollToNeighbour(direction, row: r) }
        let page = layout.rows[r].frame.width
        let scroll = rowScroll(r)
        guard page > 0, scroll.phase != .dragging else { return false }
        let current = (scroll.targetOffset / page).rounded()
        let target = min(max((current + Double(direction)) * page, 0), scroll.maxOffset)
        guard abs(target - scroll.targetOffset) > ViewAlignedScrollTargetBehavior.tolerance else { return false }
        field[scroll: rows[r].containerID].scroll.scroll(to: target, animated: paddleAnimation)
        return true
    }

    private func key(_ key: Key) {
        let outer = field.scroll(.gallery)
        let page = max(config.input.wheelStep, outer.viewport.height - config.input.wheelStep)
        switch key {
        case .left: apply(.scrollToNeighbour(-1))
        case .right: apply(.scrollToNeighbour(1))
        case .up: scrollOuter(by: -config.input.wheelStep)
        case .down: scrollOuter(by: config.input.wheelStep)
        case .pageUp: scrollOuter(by: -page)
        case .pageDown: scrollOuter(by: page)
        case .home: field[scroll: .gallery].scroll.scroll(to: 0, animated: config.scroll.scrollAnimation)
        case .end:
            field[scroll: .gallery].scroll.scroll(to: outer.scroll.maxOffset, animated: config.scroll.scrollAnimation)
        default: break
        }
    }

    private func scrollOuter(by delta: Double) {
        guard field.draggedContainer != .gallery else { return }
        field[scroll: .gallery].scroll.scroll(by: delta, animated: config.scroll.scrollAnimation)
    }

    /// The Featured paddles' hit frames in window points, nil where there is nowhere to go (a disabled
    /// paddle is hidden, as on macOS), at least 44 points square (a comfortable touch target). In the
    /// session's look both sit at the trailing end of the Featured header's label row, back then forward;
    /// in the `palettes` look each is centred on its disc, `paddle.inset` inside the row's content margin
    /// at its end.
    /// `scrolledAway`: also where the page has scrolled the header out of view (the keyboard focus can
    /// still land on a paddle, and brings it back into view).
    func paddleFrames(alpha: Double = 1, scrolledAway: Bool = false) -> (back: Rect?, forward: Rect?) {
        let f = Self.featured
        guard rows.indices.contains(f) else { return (nil, nil) }
        let paddle = config.gallery.paddle
        let size = max(44, paddle.diameter)
        let canGoBack = rows[f].neighbour(-1, in: layout.rows[f], scroll: rowScroll(f), grabs: grabs(f)) != nil
        let canGoForward = rows[f].neighbour(1, in: layout.rows[f], scroll: rowScroll(f), grabs: grabs(f)) != nil
        if config.gallery.look == .session {
            let dy = rowFrame(f, alpha: alpha).minY - layout.rows[f].frame.minY
            let label = windowFrame(layout.rows[f].label.offsetBy(dx: 0, dy: dy), alpha: alpha)
            let outer = field.windowFrame(of: .gallery)
            guard scrolledAway || (outer.minY <= label.midY && label.midY <= outer.maxY) else { return (nil, nil) }
            func frame(slot: Double) -> Rect { Rect(label.maxX - size * slot, label.midY - size / 2, size, size) }
            return (canGoBack ? frame(slot: 2) : nil, canGoForward ? frame(slot: 1) : nil)
        }
        let row = viewport(of: f, alpha: alpha)
        let visible = row.intersection(field.windowFrame(of: .gallery))
        guard !visible.isEmpty else { return (nil, nil) }
        let margins = layout.rows[f].margins
        let fromEdge = paddle.inset + paddle.diameter / 2
        // Centred on the row's card area, moving with it: as the row scrolls under the header the paddle
        // goes with its cards (clipped) instead of sliding over them; gone once its centre is hidden.
        guard visible.minY <= row.midY, row.midY <= visible.maxY else { return (nil, nil) }
        func frame(centreX: Double) -> Rect {
            Rect(centreX - size / 2, row.midY - size / 2, size, size)
        }
        return (
            canGoBack ? frame(centreX: row.minX + margins.leading + fromEdge) : nil,
            canGoForward ? frame(centreX: row.maxX - margins.trailing - fromEdge) : nil
        )
    }
}
