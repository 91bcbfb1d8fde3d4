/// Gestures, wheel and keys. A drag is locked to the axis of its first movement (the recognizer
/// decides): a horizontal drag that starts on a row scrolls that row, a vertical one anywhere scrolls
/// the outer view, even when it starts on a row (SPEC §3).
///
/// The wheel, decided for a desktop user: vertical wheel travel always scrolls the outer view (a row
/// never swallows it), horizontal travel (a trackpad's sideways swipe, a tilt wheel, or Shift+wheel
/// where the system sends it sideways) scrolls the row under the pointer — on a snapping row one card
/// (or page) per `wheelNotchesPerTarget` notches, so it rests aligned. Keys: Left/Right are the
/// Featured paddles; Up/Down, Page Up/Page Down, Home/End scroll the outer view.
extension GalleryScene {
    public func handle(_ gesture: Gesture) {
        switch gesture {
        case .press:
            // A moving row or page is caught by the tap that follows (`tap(at:)`), which also snaps it.
            break
        case .tap(let p):
            tap(at: p)
        case .dragBegan(let start, let axis):
            if axis == .horizontal, let r = row(at: start) {
                dragging = .row(r)
                rows[r].pinnedPosition = nil
                rows[r].wheelTravel = 0
                rows[r].container.beginDrag()
            } else if axis == .vertical, outer.viewport.contains(start) {
                dragging = .outer
                outer.beginDrag()
            }
        case .dragChanged(let delta):
            switch dragging {
            case .outer: outer.drag(by: delta)
            case .row(let r): rows[r].container.drag(by: delta)
            case nil: break
            }
        case .dragEnded(let velocity):
            switch dragging {
            case .outer: outer.endDrag(fingerVelocity: velocity)
            case .row(let r): rows[r].container.endDrag(fingerVelocity: velocity)
            case nil: break
            }
            dragging = nil
        case .wheel(let at, let dx, let dy):
            guard outer.viewport.contains(at) else { return }
            if dy != 0 { scrollOuter(by: -dy * config.input.wheelStep) }
            if dx != 0, let r = row(at: at) { wheel(row: r, notches: dx) }
        case .key(let name):
            key(name)
        }
    }

    /// The row whose visible viewport holds `p` (window points), if any.
    func row(at p: Point) -> Int? {
        guard outer.viewport.contains(p) else { return nil }
        return rows.indices.first { viewport(of: $0).contains(p) }
    }

    /// A paddle scrolls to its neighbour. A tap on a moving scroll catches it, as a touch does on iOS:
    /// it stops and rests where its behaviour says (a snapping row on the nearest card).
    private func tap(at p: Point) {
        let paddles = paddleFrames()
        if let back = paddles.back, back.contains(p) {
            scrollToNeighbour(-1)
        } else if let forward = paddles.forward, forward.contains(p) {
            scrollToNeighbour(1)
        } else if let r = row(at: p), rows[r].scroll.isMoving {
            rows[r].pinnedPosition = nil
            rows[r].container.beginDrag()
            rows[r].container.endDrag(fingerVelocity: .zero)
        } else if outer.viewport.contains(p), outer.scroll.isMoving {
            outer.beginDrag()
            outer.endDrag(fingerVelocity: .zero)
        }
    }

    /// Horizontal wheel over row `r` (`notches > 0` towards the start).
    private func wheel(row r: Int, notches: Double) {
        let forward = -notches
        guard rows[r].config.targetBehavior != .none else {
            rows[r].container.scroll.scroll(
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
        guard page > 0, rows[r].scroll.phase != .dragging else { return false }
        let scroll = rows[r].scroll
        let current = (scroll.targetOffset / page).rounded()
        let target = min(max((current + Double(direction)) * page, 0), scroll.maxOffset)
        guard abs(target - scroll.targetOffset) > ViewAlignedScrollTargetBehavior.tolerance else { return false }
        rows[r].container.scroll.scroll(to: target, animated: paddleAnimation)
        return true
    }

    private func key(_ name: String) {
        let page = max(config.input.wheelStep, outer.viewport.height - config.input.wheelStep)
        switch name {
        case "Left": scrollToNeighbour(-1)
        case "Right": scrollToNeighbour(1)
        case "Up": scrollOuter(by: -config.input.wheelStep)
        case "Down": scrollOuter(by: config.input.wheelStep)
        case "PageUp": scrollOuter(by: -page)
        case "PageDown": scrollOuter(by: page)
        case "Home": outer.scroll.scroll(to: 0, animated: config.scroll.scrollAnimation)
        case "End": outer.scroll.scroll(to: outer.scroll.maxOffset, animated: config.scroll.scrollAnimation)
        default: break
        }
    }

    private func scrollOuter(by delta: Double) {
        guard dragging != .outer else { return }
        outer.scroll.scroll(by: delta, animated: config.scroll.scrollAnimation)
    }

    /// The Featured paddles' hit frames in window points, nil where there is nowhere to go (a disabled
    /// paddle is hidden, as on macOS). Each is centred on its disc, `paddle.inset` inside the row's
    /// content margin at its end, and at least 44 points square (a comfortable touch target).
    func paddleFrames(alpha: Double = 1) -> (back: Rect?, forward: Rect?) {
        let f = Self.featured
        guard rows.indices.contains(f) else { return (nil, nil) }
        let row = viewport(of: f, alpha: alpha)
        let visible = row.intersection(outer.viewport)
        guard !visible.isEmpty else { return (nil, nil) }
        let paddle = config.gallery.paddle
        let size = max(44, paddle.diameter)
        let margins = layout.rows[f].margins
        let fromEdge = paddle.inset + paddle.diameter / 2
        func frame(centreX: Double) -> Rect {
            Rect(centreX - size / 2, visible.midY - size / 2, size, size)
        }
        let canGoBack = rows[f].neighbour(-1, in: layout.rows[f]) != nil
        let canGoForward = rows[f].neighbour(1, in: layout.rows[f]) != nil
        return (
            canGoBack ? frame(centreX: row.minX + margins.leading + fromEdge) : nil,
            canGoForward ? frame(centreX: row.maxX - margins.trailing - fromEdge) : nil
        )
    }
}
