import TesseraGeometry

/// Content margins along a scroll axis (SwiftUI's `contentMargins(.horizontal, 20)`), in points: they
/// inset the content, and so where view-aligned snapping puts a view, but not the clip — content
/// scrolls through the margins to the container's edges.
struct ContentMargins: Equatable, Sendable {
    /// Space before the first content, along the axis (left, or top).
    var leading: Double
    /// Space after the last content, along the axis (right, or bottom).
    var trailing: Double

    init(leading: Double, trailing: Double) {
        self.leading = leading
        self.trailing = trailing
    }

    /// The same margin on both ends.
    init(_ both: Double) { self.init(leading: both, trailing: both) }

    static let zero = ContentMargins(0)
}

/// What a scroll view knows about its shape, besides its motion: the container (the visible window
/// onto the content), the content (margins included: offset 0 shows the leading margin), the
/// margins, and its scroll targets (`scrollTargetLayout`). Scroll target behaviours read it through
/// `ScrollTargetContext`.
///
/// Content coordinates: points from the content's leading edge, margins included; an offset is the
/// content coordinate at the container's leading edge.
struct ScrollGeometry: Equatable, Sendable {
    /// The axis the view scrolls along.
    var axis: Axis
    /// The visible size of the scroll view, in points.
    var containerSize: Size
    /// The size of everything that scrolls, margins included, in points.
    var contentSize: Size
    var contentMargins: ContentMargins
    /// Frames of the views that view-aligned behaviours align to (SwiftUI's `scrollTargetLayout`),
    /// in content coordinates, sorted along the axis.
    var targets: [Rect]

    init(
        axis: Axis = .vertical, containerSize: Size = .zero, contentSize: Size = .zero,
        contentMargins: ContentMargins = .zero, targets: [Rect] = []
    ) {
        self.axis = axis
        self.containerSize = containerSize
        self.contentSize = contentSize
        self.contentMargins = contentMargins
        self.targets = targets
    }

    /// The container's length along the axis, in points.
    var containerLength: Double { along(containerSize) }
    /// The content's length along the axis (margins included), in points.
    var contentLength: Double { along(contentSize) }
    /// The largest in-bounds offset, in points: `max(0, content − container)`.
    var maxOffset: Double { max(0, contentLength - containerLength) }

    /// The component of `size` along the axis.
    func along(_ size: Size) -> Double { axis == .horizontal ? size.width : size.height }
    /// The component of `point` along the axis.
    func along(_ point: Point) -> Double { axis == .horizontal ? point.x : point.y }
    /// A vector along the axis with `length` points.
    func vector(_ length: Double) -> Point { axis == .horizontal ? Point(length, 0) : Point(0, length) }

    /// The leading coordinate of `rect` along the axis, in points.
    func leadingEdge(of rect: Rect) -> Double { axis == .horizontal ? rect.minX : rect.minY }

    /// The visible rect, in content coordinates, when resting at `offset` points.
    func visibleRect(at offset: Double) -> Rect {
        Rect(origin: vector(offset), size: containerSize)
    }
}
