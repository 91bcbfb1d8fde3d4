import TesseraGeometry

/// A clipped, scrolling container of tiles: its viewport in the window (frame and clip), one scroll
/// axis, and the size of its content. Turns content coordinates into window points.
struct ScrollContainer: Sendable {
    let axis: Axis
    /// The container's frame and clip in window points.
    private(set) var viewport = Rect.zero
    var scroll: ScrollAxis

    init(axis: Axis, physics: ScrollPhysics, targetBehavior: (any ScrollTargetBehavior)? = nil) {
        self.axis = axis
        scroll = ScrollAxis(physics: physics, axis: axis)
        scroll.targetBehavior = targetBehavior
    }

    /// The size of everything that scrolls, content margins included, in points.
    var contentSize: Size { scroll.geometry.contentSize }

    /// Lays the container out: its viewport (window points), its content's size (margins included),
    /// content margins along the axis and scroll targets in content coordinates (`ScrollGeometry`).
    /// A resize re-asks the target behaviour, from `preferred` if given (see `ScrollAxis.setGeometry`).
    mutating func setLayout(
        viewport: Rect, contentSize: Size, contentMargins: ContentMargins = .zero, targets: [Rect] = [],
        restingAt preferred: Double? = nil, animation: SpringParameters? = nil
    ) {
        self.viewport = viewport
        scroll.setGeometry(
            ScrollGeometry(
                axis: axis, containerSize: viewport.size, contentSize: contentSize, contentMargins: contentMargins,
                targets: targets),
            restingAt: preferred, animation: animation)
    }

    /// Moves the frame to `frame` without laying out again: scroll geometry keeps the laid-out size (a
    /// horizontal row whose top rides a resize spring scrolls the same).
    mutating func reposition(_ frame: Rect) { viewport = frame }

    /// The scroll offset as a vector (points): how far the content has moved towards its end.
    var offset: Point { along(scroll.offset) }
    /// d(offset)/dt in points/second.
    var offsetVelocity: Point { along(scroll.velocity) }

    /// Where content at `frame` (content coordinates) would be in the window if the offset were zero.
    /// Tiles spring in this space, so that scrolling moves them at once while layout changes animate.
    func unscrolled(_ frame: Rect) -> Rect { frame.offsetBy(dx: viewport.x, dy: viewport.y) }

    /// Window frame of an unscrolled frame, at the current offset.
    func scrolled(_ unscrolledFrame: Rect) -> Rect {
        unscrolledFrame.offsetBy(dx: -offset.x, dy: -offset.y)
    }

    /// Scrolls the minimum that shows content `frame` wholly (ScrollViewReader `scrollTo(id)`, no anchor).
    mutating func reveal(_ frame: Rect, animated: SpringParameters?) {
        let range = axis == .horizontal ? frame.minX...frame.maxX : frame.minY...frame.maxY
        scroll.scroll(to: scroll.minimalOffset(revealing: range), animated: animated)
    }

    // MARK: Gestures, in finger space (+x right, +y down)

    mutating func beginDrag() { scroll.beginDrag() }

    /// A press on this container: if it is scrolling on its own (a fling, a settle, an animation) it
    /// stops under the finger, as UIScrollView's does, and true says the press caught it — so the tap
    /// that may follow is not also a tap on what lies beneath. The caller ends the catch with
    /// `endDrag` (at zero velocity for a tap: the scroll then rests, or snaps to its nearest target).
    mutating func catchScroll() -> Bool {
        guard scroll.isMoving, scroll.phase != .dragging else { return false }
        scroll.beginDrag()
        return true
    }

    mutating func drag(by fingerDelta: Point) { scroll.drag(by: -component(fingerDelta)) }

    mutating func endDrag(fingerVelocity: Point) { scroll.endDrag(velocity: -component(fingerVelocity)) }

    /// Wheel notches (`dy > 0` towards the start). A horizontal container also takes a plain vertical
    /// wheel, as most desktop toolkits do, since a mouse has no horizontal wheel.
    mutating func wheel(dx: Double, dy: Double, step: Double, animation: SpringParameters) {
        let notches = axis == .vertical ? dy : (dx != 0 ? dx : dy)
        guard notches != 0 else { return }
        scroll.scroll(by: -notches * step, animated: animation)
    }

    private func component(_ p: Point) -> Double { axis == .horizontal ? p.x : p.y }

    private func along(_ value: Double) -> Point { axis == .horizontal ? Point(value, 0) : Point(0, value) }
}
