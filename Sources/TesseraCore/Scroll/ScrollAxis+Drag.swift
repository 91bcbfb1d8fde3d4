import Foundation

/// Pointer-driven scrolling: press, move, release.
extension ScrollAxis {
    /// A press: stops any fling or spring where the offset is now (catching a
    /// moving scroll). Past an edge, the raw drag offset is recovered through the
    /// rubber band's inverse so the next `drag(by:)` continues without a jump.
    public mutating func beginDrag() {
        phase = .dragging
        velocity = 0
        spring.set(offset)
        rawDragOffset = rawOffset(displayed: offset)
    }

    /// The pointer moved by `delta` in offset units (points; a finger moving +d
    /// along the axis is an offset delta of −d). In bounds the offset follows
    /// exactly; past an edge it shows `RubberBand.displayed` of the raw
    /// overscroll. Begins a drag if none is in progress.
    public mutating func drag(by delta: Double) {
        if phase != .dragging { beginDrag() }
        rawDragOffset += delta
        offset = displayedOffset(raw: rawDragOffset)
    }

    /// The pointer lifted, moving at `velocity` offset units/second (points/second,
    /// sign as for `drag(by:)`).
    ///
    /// - Out of bounds: the `bounce` spring returns to the nearest edge, starting
    ///   with that velocity.
    /// - Otherwise the fling's resting point is projected with `deceleration`
    ///   (no fling below `restVelocity`: it stays where it is) and offered to
    ///   `targetAdjuster`; a moved target is reached on the `bounce` spring from
    ///   the release velocity, else the plain fling decelerates (and bounces at an
    ///   edge it crosses).
    public mutating func endDrag(velocity v: Double) {
        let edge = clamped(offset)
        velocity = v
        if offset != edge {
            projectedOffset = edge
            startSpring(to: edge, with: physics.bounce)
            return
        }
        let flings = abs(v) >= physics.restVelocity
        let projected = flings ? physics.deceleration.restingOffset(from: offset, velocity: v) : offset
        projectedOffset = projected
        if let adjust = targetAdjuster {
            let target = clamped(adjust(projected, v))
            if target != projected {
                startSpring(to: target, with: physics.bounce)
                return
            }
        }
        if flings {
            phase = .decelerating
            flingOrigin = offset
            flingVelocity = v
            flingElapsed = 0
        } else {
            stop()
        }
    }
}
