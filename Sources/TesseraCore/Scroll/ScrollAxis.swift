import Foundation
import TesseraGeometry

/// The one-dimensional scroll controller every scene shares: a drag that
/// follows the pointer, rubber-banding past the edges, UIScrollView's fling,
/// and springs that settle the offset (docs/BEHAVIOUR.md#scroll-physics).
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
///   the target a `ScrollTargetBehavior` picked, an animated `scroll(to:)`).
///
/// Nothing here allocates per step. The drag, fling and programmatic APIs live
/// in `ScrollAxis+Drag.swift` and `ScrollAxis+ScrollTo.swift`; how a picked
/// target is reached, in `ScrollAxis+Settle.swift`.
struct ScrollAxis: Sendable {
    enum Phase: String, Equatable, Sendable, Codable {
        case idle, dragging, decelerating, springing
        /// The last stretch of a glide, at constant deceleration (`ScrollPhysics.finishSpeed`), or a
        /// glide onto a picked target at the content's start or end (`ScrollPhysics.edgeLanding`): a
        /// timed curve from the offset and velocity it began with that lands on its target at rest.
        case finishing
    }

    /// A fling ends, where it is, once its remaining travel to the resting
    /// point is below this many points (then its velocity is below
    /// 0.5·|1000·ln r| ≈ 1 pt/s at 0.998): close enough that the end is
    /// invisible, and the rest lies within half a point of `Deceleration`'s.
    static let flingRestDistance = 0.5

    var physics: ScrollPhysics

    /// Presented offset in points; outside `0...maxOffset` while rubber-banding.
    internal(set) var offset: Double = 0
    /// d(offset)/dt in points/second (0 while dragging: the caller tracks the pointer).
    var velocity: Double = 0
    /// The container, content, margins and scroll targets this axis scrolls through.
    internal(set) var geometry = ScrollGeometry()
    internal(set) var phase: Phase = .idle
    /// Where the last released fling would rest by deceleration alone, in points,
    /// before any edge or `targetBehavior`; may lie outside bounds. For a release
    /// out of bounds moving outwards it is the edge sprung back to.
    var projectedOffset: Double = 0

    /// Where a scroll comes to rest (SwiftUI's `scrollTargetBehavior`): asked when a drag ends and
    /// when the container is resized. Nil: plain flings, resting wherever they stop.
    var targetBehavior: (any ScrollTargetBehavior)?

    /// While dragging: the offset the pointer asks for without resistance, in points.
    var rawDragOffset: Double = 0
    /// While decelerating: the fling's start offset (points), velocity (points/second)
    /// and seconds since release.
    var flingOrigin: Double = 0
    var flingVelocity: Double = 0
    var flingElapsed: Double = 0
    /// While springing: the spring carrying the offset.
    var spring = AnimatedValue(0)
    /// While finishing: where it started (points), its velocity then (points/second), where it lands
    /// (points), how long it takes and how long it has run (seconds). See `finishOffset(at:)`.
    var finish = (origin: 0.0, velocity: 0.0, target: 0.0, duration: 0.0, elapsed: 0.0)

    /// An axis at rest at offset 0 with no content; `axis` is the direction it scrolls in.
    init(physics: ScrollPhysics = .init(), axis: Axis = .vertical) {
        self.physics = physics
        geometry.axis = axis
    }

    /// Length of the content along this axis (margins included), in points.
    var contentLength: Double { geometry.contentLength }
    /// Length of the visible window onto the content, in points.
    var viewportLength: Double { geometry.containerLength }

    /// The largest in-bounds offset, in points: `max(0, content − viewport)`.
    var maxOffset: Double { geometry.maxOffset }

    /// False only when idle (at rest).
    var isMoving: Bool { phase != .idle }

    /// True when the presented offset lies past an edge.
    var isOutOfBounds: Bool { offset < 0 || offset > maxOffset }

    /// Where the current motion will come to rest, in points: the spring's
    /// target, the fling's clamped projection, or the offset itself.
    var targetOffset: Double {
        switch phase {
        case .idle, .dragging: return offset
        case .decelerating: return clamped(projectedOffset)
        case .springing: return spring.target
        case .finishing: return finish.target
        }
    }

    /// Updates the lengths (points) along the current axis, keeping the rest of the geometry: see
    /// `setGeometry`.
    mutating func setLengths(content: Double, viewport: Double) {
        var g = geometry
        if g.axis == .horizontal {
            g.contentSize.width = content
            g.containerSize.width = viewport
        } else {
            g.contentSize.height = content
            g.containerSize.height = viewport
        }
        setGeometry(g)
    }

    /// Updates the geometry. The presented offset never jumps: while dragging the raw drag offset is
    /// re-derived from it under the new bounds; at rest or in a fling, an offset now out of bounds
    /// springs back to the nearest edge (keeping its velocity); a spring whose target left the bounds
    /// is retargeted to the nearest edge.
    ///
    /// When the container changed size (or `preferred` is given) and the scroll is resting or settling,
    /// the target behaviour is asked again (`containerResized`), from `preferred` — where the caller
    /// wants to rest, e.g. the new offset of the view at its scroll position — or from the current
    /// target; the scroll then moves there on `animation` (nil: at once).
    mutating func setGeometry(
        _ new: ScrollGeometry, restingAt preferred: Double? = nil, animation: SpringParameters? = nil
    ) {
        let resized = new.containerSize != geometry.containerSize
        geometry = ScrollGeometry(
            axis: new.axis, containerSize: Size(max(0, new.containerSize.width), max(0, new.containerSize.height)),
            contentSize: Size(max(0, new.contentSize.width), max(0, new.contentSize.height)),
            contentMargins: new.contentMargins, targets: new.targets)
        switch phase {
        case .dragging:
            rawDragOffset = rawOffset(displayed: offset)
        case .idle, .decelerating:
            if isOutOfBounds { startSpring(to: clamped(offset), with: physics.bounce) }
        case .springing:
            let target = clamped(spring.target)
            if target != spring.target { spring.animate(to: target, with: spring.parameters) }
        case .finishing:
            let target = clamped(finish.target)
            if target != finish.target { startSpring(to: target, with: physics.bounce) }
        }
        guard resized || preferred != nil, phase == .idle || phase == .springing || phase == .finishing else { return }
        let resting = preferred ?? targetOffset
        var destination = resting
        if let behavior = targetBehavior {
            var target = ScrollTarget(rect: geometry.visibleRect(at: resting))
            let context = ScrollTargetContext(
                event: .containerResized, originalTarget: target, velocity: .zero, currentOffset: resting,
                geometry: geometry)
            behavior.updateTarget(&target, context: context)
            destination = target.offset(along: geometry.axis)
        }
        destination = clamped(destination)
        if destination != targetOffset || (animation == nil && destination != offset) {
            scroll(to: destination, animated: animation)
        }
    }

    /// Advances the fling or spring by `dt` seconds (closed forms, so the step
    /// size does not change where things end up). Idle and dragging do nothing.
    mutating func step(_ dt: Double) {
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
            } else {
                finishIfSlow(towards: projectedOffset)
            }
        case .springing:
            spring.step(dt)
            offset = spring.value
            velocity = spring.velocity
            if spring.isSettled {
                stop()
            } else if spring.parameters.dampingFraction >= 1 {
                // Only glides and bounce-backs: an underdamped spring keeps its overshoot.
                finishIfSlow(towards: spring.target)
            }
        case .finishing:
            finish.elapsed += dt
            (offset, velocity) = finishMotion(at: min(finish.elapsed, finish.duration))
            if finish.elapsed >= finish.duration {
                offset = finish.target
                stop()
            }
        }
    }

    /// A glide heading for `target` points slower than `finishSpeed` finishes at constant deceleration:
    /// same position, same velocity, landing exactly on `target` in 2·distance/speed seconds. Only a
    /// glide: the distance left must be within `finishReach` of the plain fling's reach from this speed
    /// (v/k), so a spring turning round far from its target (speed near zero) is not dragged out.
    mutating func finishIfSlow(towards target: Double) {
        let distance = target - offset
        let reach = Self.finishReach * abs(velocity) / -physics.deceleration.decayPerSecond
        guard abs(velocity) < physics.finishSpeed, distance * velocity > 0, abs(distance) <= reach, !isOutOfBounds
        else { return }
        beginFinish(towards: target, duration: 2 * distance / velocity)
    }

    /// How far past the plain fling's reach (v/k) a slow glide may still be finished, as a multiple of it.
    /// The settle spring for a fling that falls just short of its target (`ScrollAxis+Settle.swift`)
    /// glides at a rate ω a little below k — down to k·(1 − k/4ω_b) ≈ 0.97·k at 0.998 — and its speed
    /// over distance tends to ω from below, so with a reach of exactly v/k it never qualified and crept
    /// on for seconds; 1.25 takes every such glide (finishing in at most 2.5/k = 1.25 s) and still leaves
    /// out a spring turning round (speed near zero, distance not).
    static let finishReach = 1.25

    /// Lands on `target` points in `duration` seconds from the offset and velocity now (see
    /// `finishMotion`).
    mutating func beginFinish(towards target: Double, duration: Double) {
        finish = (offset, velocity, target, max(duration, 1e-6), 0)
        phase = .finishing
    }

    /// The finishing curve `t` seconds in: the cubic (Hermite) from the start offset x₀ and velocity v
    /// to the target at rest after T seconds, with s = t/T and D = target − x₀:
    ///
    ///     x(t) = x₀ + D·(3s² − 2s³) + v·T·(s − 2s² + s³)
    ///
    /// With T = 2D/v it is exactly constant deceleration, x₀ + v·t − v·t²/(2T) — a glide's finish. A
    /// shorter T (an edge landing) decelerates harder at first; the curve never overshoots while
    /// v·T ≤ 3D, and landings keep v·T ≤ 2D. Returns (offset, velocity) in points, points/second.
    func finishMotion(at t: Double) -> (Double, Double) {
        // T and D as in the formula above.
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let T = finish.duration
        let s = t / T
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let D = finish.target - finish.origin
        let vT = finish.velocity * T
        let x = finish.origin + D * (3 * s * s - 2 * s * s * s) + vT * (s - 2 * s * s + s * s * s)
        let v = (D * (6 * s - 6 * s * s) + vT * (1 - 4 * s + 3 * s * s)) / T
        return (x, v)
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
