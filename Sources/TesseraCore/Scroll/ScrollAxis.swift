import Foundation

/// The one-dimensional scroll controller every scene shares: a drag that
/// follows the pointer, rubber-banding past the edges, UIScrollView's fling,
/// and springs that settle the offset (SPEC §5).
///
/// Units: offsets and lengths in points, velocities in points/second, time in
/// seconds. The offset grows as the content scrolls towards its end; it is in
/// bounds when `0 ≤ offset ≤ maxOffset` and may leave them while rubber-banding
/// or bouncing.
///
/// Phases:
/// - `idle`: at rest (in bounds).
/// - `dragging`: the offset follows `drag(by:)`; past an edge it shows the
///   rubber-banded overscroll of the raw drag.
/// - `decelerating`: a plain fling, `Deceleration`'s closed form from the
///   release. Crossing an edge hands over to the `bounce` spring towards that
///   edge with the fling's velocity, so it overshoots a little and comes back.
/// - `springing`: an `AnimatedValue` carries the offset to a target (an edge,
///   an adjusted fling target, an animated `scroll(to:)`).
///
/// Nothing here allocates per step. The drag, fling and programmatic APIs live
/// in `ScrollAxis+Drag.swift` and `ScrollAxis+ScrollTo.swift`.
public struct ScrollAxis: Sendable {
    public enum Phase: String, Equatable, Sendable, Codable {
        case idle, dragging, decelerating, springing
    }

    /// A fling ends, where it is, once its remaining travel to the resting
    /// point is below this many points (then its velocity is below
    /// 0.5·|1000·ln r| ≈ 1 pt/s at 0.998): close enough that the end is
    /// invisible, and the rest lies within half a point of `Deceleration`'s.
    public static let flingRestDistance = 0.5

    public var physics: ScrollPhysics

    /// Presented offset in points; outside `0...maxOffset` while rubber-banding.
    public internal(set) var offset: Double = 0
    /// d(offset)/dt in points/second (0 while dragging: the caller tracks the pointer).
    public internal(set) var velocity: Double = 0
    /// Length of the content along this axis, in points.
    public internal(set) var contentLength: Double = 0
    /// Length of the visible window onto the content, in points.
    public internal(set) var viewportLength: Double = 0
    public internal(set) var phase: Phase = .idle
    /// Where the last released fling would rest by deceleration alone, in points,
    /// before any edge or `targetAdjuster`; may lie outside bounds. For a release
    /// out of bounds it is the edge sprung back to.
    public internal(set) var projectedOffset: Double = 0

    /// Hook for scroll target behaviours (snapping, paging): given the fling's
    /// projected resting offset (points) and the release velocity
    /// (points/second), return where it should rest instead. The result is
    /// clamped to bounds; when it differs from the projection the offset gets
    /// there on the `bounce` spring, starting with the release velocity. Nil: plain fling.
    public var targetAdjuster: (@Sendable (_ projected: Double, _ velocity: Double) -> Double)?

    /// While dragging: the offset the pointer asks for without resistance, in points.
    var rawDragOffset: Double = 0
    /// While decelerating: the fling's start offset (points), velocity (points/second)
    /// and seconds since release.
    var flingOrigin: Double = 0
    var flingVelocity: Double = 0
    var flingElapsed: Double = 0
    /// While springing: the spring carrying the offset.
    var spring = AnimatedValue(0)

    public init(physics: ScrollPhysics = .init()) {
        self.physics = physics
    }

    /// The largest in-bounds offset, in points: `max(0, content − viewport)`.
    public var maxOffset: Double { max(0, contentLength - viewportLength) }

    /// False only when idle (at rest).
    public var isMoving: Bool { phase != .idle }

    /// True when the presented offset lies past an edge.
    public var isOutOfBounds: Bool { offset < 0 || offset > maxOffset }

    /// Where the current motion will come to rest, in points: the spring's
    /// target, the fling's clamped projection, or the offset itself.
    public var targetOffset: Double {
        switch phase {
        case .idle, .dragging: return offset
        case .decelerating: return clamped(projectedOffset)
        case .springing: return spring.target
        }
    }

    /// Updates the lengths (points). The presented offset never jumps: while
    /// dragging the raw drag offset is re-derived from it under the new bounds;
    /// at rest or in a fling, an offset now out of bounds springs back to the
    /// nearest edge (keeping its velocity); a spring whose target left the
    /// bounds is retargeted to the nearest edge.
    public mutating func setLengths(content: Double, viewport: Double) {
        contentLength = max(0, content)
        viewportLength = max(0, viewport)
        switch phase {
        case .dragging:
            rawDragOffset = rawOffset(displayed: offset)
        case .idle, .decelerating:
            if isOutOfBounds { startSpring(to: clamped(offset), with: physics.bounce) }
        case .springing:
            let target = clamped(spring.target)
            if target != spring.target { spring.animate(to: target, with: spring.parameters) }
        }
    }

    /// Advances the fling or spring by `dt` seconds (closed forms, so the step
    /// size does not change where things end up). Idle and dragging do nothing.
    public mutating func step(_ dt: Double) {
        guard dt > 0 else { return }
        switch phase {
        case .idle, .dragging:
            return
        case .decelerating:
            flingElapsed += dt
            let deceleration = physics.deceleration
            offset = deceleration.offset(from: flingOrigin, velocity: flingVelocity, at: flingElapsed)
            velocity = deceleration.velocity(initial: flingVelocity, at: flingElapsed)
            if isOutOfBounds {
                // UIScrollView overshoots the edge a little and springs back.
                startSpring(to: clamped(offset), with: physics.bounce)
            } else if abs(projectedOffset - offset) < Self.flingRestDistance {
                stop()
            }
        case .springing:
            spring.step(dt)
            offset = spring.value
            velocity = spring.velocity
            if spring.isSettled { stop() }
        }
    }

    // MARK: Internal helpers

    /// `x` (points) clamped to `0...maxOffset`.
    func clamped(_ x: Double) -> Double { min(max(x, 0), maxOffset) }

    /// The presented offset for a raw drag offset: exact in bounds, rubber-banded
    /// (`RubberBand.displayed`, d = viewport length) past either edge.
    func displayedOffset(raw: Double) -> Double {
        let edge = clamped(raw)
        guard raw != edge else { return raw }
        return edge
            + RubberBand.displayed(
                overscroll: raw - edge, dimension: viewportLength, coefficient: physics.rubberBandCoefficient)
    }

    /// The raw drag offset that presents as `displayed` (the rubber band's
    /// inverse). An overscroll beyond what a drag can show (≥ the viewport, e.g.
    /// after a violent bounce) is capped just below it, so the result is finite.
    func rawOffset(displayed: Double) -> Double {
        let edge = clamped(displayed)
        guard displayed != edge else { return displayed }
        let limit = 0.999 * viewportLength
        let shown = min(max(displayed - edge, -limit), limit)
        return edge
            + RubberBand.overscroll(
                displayed: shown, dimension: viewportLength, coefficient: physics.rubberBandCoefficient)
    }

    /// Hands the current offset and velocity to the spring, heading for `target` (points).
    mutating func startSpring(to target: Double, with p: SpringParameters) {
        spring.animate(from: offset, velocity: velocity, to: target, with: p)
        phase = .springing
    }

    /// Comes to rest where the offset is now.
    mutating func stop() {
        phase = .idle
        velocity = 0
        spring.set(offset)
    }
}
