import Foundation

/// Pointer-driven scrolling: press, move, release.
extension ScrollAxis {
    /// A press: stops any fling or spring where the offset is now (catching a
    /// moving scroll). Past an edge, the raw drag offset is recovered through the
    /// rubber band's inverse so the next `drag(by:)` continues without a jump.
    mutating func beginDrag() {
        phase = .dragging
        velocity = 0
        spring.set(offset)
        rawDragOffset = rawOffset(displayed: offset)
    }

    /// The pointer moved by `delta` in offset units (points; a finger moving +d
    /// along the axis is an offset delta of −d). In bounds the offset follows
    /// exactly; past an edge it shows `RubberBand.displayed` of the raw
    /// overscroll. Begins a drag if none is in progress.
    mutating func drag(by delta: Double) {
        if phase != .dragging { beginDrag() }
        rawDragOffset += delta
        offset = displayedOffset(raw: rawDragOffset)
    }

    /// The pointer lifted, moving at `velocity` offset units/second (points/second,
    /// sign as for `drag(by:)`).
    ///
    /// - Past an edge and moving outwards (or not at all): the `bounce` spring
    ///   returns to that edge, starting with the release velocity.
    /// - Otherwise the fling's resting point is projected with `deceleration` (the
    ///   behaviour's own when it has one) from where it let go (from the edge, when released past one moving
    ///   back in); below `restVelocity` there is no fling and the projection is
    ///   the release point. The `targetBehavior` may move that target; a moved
    ///   target (clamped to bounds) is reached by the settle spring of
    ///   `ScrollAxis+Settle.swift`, starting with the release velocity — or, when
    ///   it lies on the content's start or end, by that file's edge landing. An
    ///   unmoved one is a plain fling, which bounces at an edge it crosses.
    mutating func endDrag(velocity released: Double) {
        let v = min(max(released, -physics.maxFlingVelocity), physics.maxFlingVelocity)
        velocity = v
        let edge = clamped(offset)
        let isOut = offset != edge
        let movesInward = offset < edge ? v > 0 : v < 0
        if isOut && !movesInward {
            projectedOffset = edge
            startSpring(to: edge, with: physics.bounce)
            return
        }
        let flings = abs(v) >= physics.restVelocity
        let deceleration = targetBehavior?.deceleration ?? physics.deceleration
        let projected = flings ? deceleration.restingOffset(from: edge, velocity: v) : edge
        projectedOffset = projected
        let adjusted = behaviorTarget(projected: projected, releasedAt: edge, velocity: v)
        if !isOut && adjusted == projected {
            if flings {
                phase = .decelerating
                flingOrigin = offset
                flingVelocity = v
                flingElapsed = 0
            } else {
                stop()
            }
            return
        }
        let target = clamped(adjusted)
        if let duration = edgeLanding(from: offset, velocity: v, to: target) {
            beginFinish(towards: target, duration: duration)
            return
        }
        startSpring(to: target, with: settleSpring(from: offset, velocity: v, to: target, deceleration: deceleration))
    }

    /// The `targetBehavior`'s answer for a fling released at `releasedAt` points moving at `velocity`
    /// points/second that would rest at `projected` points; `projected` itself when there is none.
    func behaviorTarget(projected: Double, releasedAt: Double, velocity v: Double) -> Double {
        guard let behavior = targetBehavior else { return projected }
        var target = ScrollTarget(rect: geometry.visibleRect(at: projected))
        let context = ScrollTargetContext(
            event: .dragEnded, originalTarget: target, velocity: geometry.vector(v), currentOffset: releasedAt,
            geometry: geometry)
        behavior.updateTarget(&target, context: context)
        return target.offset(along: geometry.axis)
    }
}
