import TesseraGeometry

/// SwiftUI's `ScrollTargetBehavior` (iOS 17): where a scroll comes to rest. `updateTarget` gets the
/// rest point the scroll view would pick by itself and may move it — to a page, to a view's leading
/// edge, to the top. `ScrollAxis` calls it when a drag ends (the target is the fling's projection)
/// and when the container is resized (the target is where it rests now), as SwiftUI does (WWDC 2023
/// "Beyond scroll views": also when the scroll view's size changes;
/// docs/BEHAVIOUR.md#scroll-target-behaviours). The result is clamped to the content's bounds and
/// reached by a spring that starts from the release velocity.
///
/// Conformers are pure values: the same target and context always give the same answer.
protocol ScrollTargetBehavior: Sendable {
    func updateTarget(_ target: inout ScrollTarget, context: ScrollTargetContext)

    /// The deceleration this behaviour's flings use instead of the scroll physics' own, for the
    /// projection and the settle spring (UIKit's paging decelerates `.fast`). Nil by default.
    var deceleration: Deceleration? { get }
}

extension ScrollTargetBehavior {
    var deceleration: Deceleration? { nil }
}

/// Where a scroll would rest: the visible rect, in content coordinates (points), at that offset.
/// Behaviours move `rect.origin` along the scroll axis (SwiftUI's `target.rect.origin.y = 0`).
struct ScrollTarget: Equatable, Sendable {
    var rect: Rect
}

/// What a behaviour may know when it picks a target (SwiftUI's `ScrollTargetBehaviorContext`, plus
/// what its built-in behaviours read internally: the release offset and the scroll targets).
struct ScrollTargetContext: Sendable {
    /// Why the target is being updated.
    enum Event: Equatable, Sendable {
        /// The finger lifted; the original target is the fling's projected resting point.
        case dragEnded
        /// The container changed size; the original target is where the scroll rests (or is heading).
        case containerResized
    }

    var event: Event
    /// The target before any behaviour moved it.
    var originalTarget: ScrollTarget
    /// The content offset's velocity, points/second: positive scrolls towards the content's end (so
    /// `velocity.dy < 0` moves towards the top, as in the session's custom behaviour:
    /// docs/BEHAVIOUR.md#snap-to-top).
    var velocity: Point
    /// The offset (points, along the axis) where the scroll is now: where the finger let go, or
    /// where it rests when the container was resized.
    var currentOffset: Double
    var geometry: ScrollGeometry

    init(
        event: Event, originalTarget: ScrollTarget, velocity: Point, currentOffset: Double, geometry: ScrollGeometry
    ) {
        self.event = event
        self.originalTarget = originalTarget
        self.velocity = velocity
        self.currentOffset = currentOffset
        self.geometry = geometry
    }

    var axis: Axis { geometry.axis }
    var containerSize: Size { geometry.containerSize }
    var contentSize: Size { geometry.contentSize }
    var contentMargins: ContentMargins { geometry.contentMargins }
    /// The scroll target layout's frames, content coordinates, sorted along the axis.
    var targets: [Rect] { geometry.targets }
    /// The largest in-bounds offset along the axis, in points.
    var maxOffset: Double { geometry.maxOffset }
    /// The velocity's component along the axis, points/second.
    var axialVelocity: Double { geometry.along(velocity) }
}

extension ScrollTarget {
    /// The target's offset along `axis`, in points.
    func offset(along axis: Axis) -> Double { axis == .horizontal ? rect.minX : rect.minY }

    /// Moves the target to `offset` points along `axis`.
    mutating func setOffset(_ offset: Double, along axis: Axis) {
        if axis == .horizontal { rect.x = offset } else { rect.y = offset }
    }
}
