import TesseraGeometry

/// SwiftUI's `scrollTransition` with its default `.interactive` configuration (WWDC 2023 "Beyond
/// scroll views", 12:34; docs/BEHAVIOUR.md#scroll-transitions): a view wholly inside its scroll
/// view's visible region is in the identity phase; as it leaves, its phase value runs to −1 (leaving
/// past the leading edge) or +1 (past the trailing edge) in proportion to how much of it is outside,
/// and the effect is interpolated by that value — not switched.
///
/// The visible region is the scroll view's frame (the clip), not the content margins: a card resting
/// at the margin is fully visible.
enum ScrollTransition {
    /// Phase value in −1...1 of a view with layout frame `frame` (window points, before any effect)
    /// in a scroll view whose visible region is `visible`, along `axis`: the fraction of the view's
    /// length outside the trailing edge minus the fraction outside the leading edge.
    static func phaseValue(of frame: Rect, in visible: Rect, axis: Axis) -> Double {
        let (start, end, visibleStart, visibleEnd) =
            axis == .horizontal
            ? (frame.minX, frame.maxX, visible.minX, visible.maxX)
            : (frame.minY, frame.maxY, visible.minY, visible.maxY)
        let length = end - start
        guard length > 0 else { return 0 }
        let leading = min(max(visibleStart - start, 0), length)
        let trailing = min(max(end - visibleEnd, 0), length)
        return (trailing - leading) / length
    }

    /// The session's `scaleEffect(phase.isIdentity ? 1 : edgeScale)`, interpolated: 1 at phase value 0,
    /// `edgeScale` at ±1.
    static func scale(phaseValue: Double, edgeScale: Double) -> Double {
        1 + (edgeScale - 1) * min(abs(phaseValue), 1)
    }
}
