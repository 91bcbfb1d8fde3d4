import TesseraPhotos

/// Swiping between photos in the fullscreen viewer, as a phone's photo viewer does: at fit a horizontal
/// drag moves the photos side by side, one page (the window's width and `zoom.pageSpacing`) each, in the
/// waterfall's order, with the scroll controller's paging behaviour (docs/BEHAVIOUR.md#paging: it follows
/// the finger, a fling or half a page turns it, one page per swipe, UIKit's fast deceleration, and the
/// rubber band at the first and last photo). The Left and Right keys turn a page on a spring.
///
/// It knows only ids and offsets: the scene draws the page at `offset(of:)` from its fit frame and hands
/// the current photo (`current`) to the hero stage.
struct PhotoPager: Sendable {
    private(set) var axis: ScrollAxis
    /// The photos in page order.
    private(set) var ids: [PhotoID] = []
    /// One page's length, points.
    private(set) var page = 0.0

    init(physics: ScrollPhysics) {
        axis = ScrollAxis(physics: physics, axis: .horizontal)
        axis.targetBehavior = PagingScrollTargetBehavior(flingVelocity: physics.restVelocity)
    }

    /// Lays the pages out with `current` showing, `length` points each (a photo presented, a resize, the
    /// folder changed): at rest on its page at once.
    mutating func layOut(ids: [PhotoID], current: PhotoID, length: Double) {
        self.ids = ids
        page = max(0, length)
        axis.setLengths(content: page * Double(ids.count), viewport: page)
        axis.scroll(to: Double(ids.firstIndex(of: current) ?? 0) * page, animated: nil)
        lastOffset = axis.offset
        velocity = 0
    }

    /// The page nearest the offset: the photo that is current.
    var index: Int {
        guard page > 0, !ids.isEmpty else { return 0 }
        return min(max(Int((axis.offset / page).rounded()), 0), ids.count - 1)
    }

    var current: PhotoID? { ids.indices.contains(index) ? ids[index] : nil }

    /// How far photo `id`'s page is from showing (points, + to the right), nil for one not paged.
    func offset(of id: PhotoID) -> Double? {
        guard let i = ids.firstIndex(of: id) else { return nil }
        return Double(i) * page - axis.offset
    }

    /// The pages' velocity on screen over the last step (points/second, + to the right): a finger's
    /// drag as much as a fling's glide.
    private(set) var velocity = 0.0
    private var lastOffset = 0.0

    var isDragging: Bool { axis.phase == .dragging }
    var isMoving: Bool { axis.isMoving || isDragging }
    var isSettled: Bool { !isMoving }

    /// A finger went down while the pages moved: they stop under it (UIScrollView's catch). True if they
    /// were moving.
    mutating func catchPages() -> Bool {
        guard axis.isMoving, !isDragging else { return false }
        axis.beginDrag()
        return true
    }

    mutating func beginDrag() { axis.beginDrag() }

    /// The finger moved `dx` points (+ to the right shows the previous photo).
    mutating func drag(by dx: Double) { axis.drag(by: -dx) }

    /// The finger lifted moving at `vx` points/second: the paging behaviour picks the page.
    mutating func endDrag(velocity vx: Double) { axis.endDrag(velocity: -vx) }

    /// Turns `direction` (±1) pages on `spring`, from the page it is heading for (keys pressed in quick
    /// succession add up); false at the first or last photo.
    @discardableResult
    mutating func turn(_ direction: Int, spring: SpringParameters) -> Bool {
        guard page > 0 else { return false }
        let next = Int((axis.targetOffset / page).rounded()) + direction
        guard ids.indices.contains(next), !isDragging else { return false }
        axis.scroll(to: Double(next) * page, animated: spring)
        return true
    }

    mutating func step(_ dt: Double) {
        axis.step(dt)
        velocity = dt > 0 ? -(axis.offset - lastOffset) / dt : 0
        lastOffset = axis.offset
    }
}
