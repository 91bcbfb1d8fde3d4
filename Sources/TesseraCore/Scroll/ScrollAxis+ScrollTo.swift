import Foundation

/// Programmatic scrolling: `scrollTo`, wheel notches, keys, reveal-an-item.
extension ScrollAxis {
    /// Scrolls to `target` points, clamped to bounds. With `animated` nil it jumps
    /// there and rests (ending any drag or fling); otherwise a spring with those
    /// parameters starts from the current offset and velocity, or retargets the
    /// running spring, so motion stays continuous.
    mutating func scroll(to target: Double, animated: SpringParameters?) {
        let destination = clamped(target)
        guard let p = animated else {
            offset = destination
            stop()
            return
        }
        switch phase {
        case .springing:
            spring.animate(to: destination, with: p)
        case .idle where destination == offset:
            return
        default:
            startSpring(to: destination, with: p)
        }
    }

    /// Scrolls by `delta` points from where the current spring is heading (or
    /// from the offset when no spring runs), clamped: wheel notches in quick
    /// succession add up instead of restarting from the presented offset.
    mutating func scroll(by delta: Double, animated: SpringParameters?) {
        let base = phase == .springing ? spring.target : offset
        scroll(to: base + delta, animated: animated)
    }

    /// The offset (points) nearest to the current one that shows the content
    /// range `range` (points, content coordinates) whole — `ScrollViewReader
    /// .scrollTo(id)` without an anchor. Unchanged if already visible; a range
    /// longer than the viewport aligns its leading edge. Clamped to bounds.
    func minimalOffset(revealing range: ClosedRange<Double>) -> Double {
        let lo = range.lowerBound
        let hi = range.upperBound
        let candidate: Double
        if hi - lo > viewportLength || lo < offset {
            candidate = lo
        } else if hi > offset + viewportLength {
            candidate = hi - viewportLength
        } else {
            candidate = offset
        }
        return clamped(candidate)
    }
}
