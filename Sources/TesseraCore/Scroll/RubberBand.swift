import Foundation

/// UIScrollView's rubber band: how far content is drawn past an edge for a
/// finger that has dragged `x` points past it (docs/BEHAVIOUR.md#rubber-band: Grant
/// Paul's reverse-engineered UIScrollView formula):
///
///     b = (1 − 1 / (x·c/d + 1))·d
///
/// with c = 0.55 and d the viewport length on that axis, in points. The
/// displayed overscroll starts with slope c and never reaches d.
enum RubberBand {
    /// UIKit's coefficient.
    static let defaultCoefficient = 0.55

    /// Displayed overscroll in points for a raw (unresisted) overscroll `x`
    /// points, viewport length `d` points. Odd: negative `x` (past the leading
    /// edge) gives the mirror image. |result| < d. Returns 0 when d ≤ 0.
    static func displayed(overscroll x: Double, dimension d: Double, coefficient c: Double = 0.55) -> Double {
        guard d > 0 else { return 0 }
        let magnitude = (1 - 1 / (abs(x) * c / d + 1)) * d
        return x < 0 ? -magnitude : magnitude
    }

    /// The inverse of `displayed`: the raw overscroll in points that shows as
    /// `b` points, `x = (d / c)·|b| / (d − |b|)` with b's sign. Since |b| < d is
    /// all `displayed` can produce, |b| ≥ d answers ±infinity. Returns 0 when d ≤ 0.
    static func overscroll(displayed b: Double, dimension d: Double, coefficient c: Double = 0.55) -> Double {
        guard d > 0 else { return 0 }
        let magnitude = abs(b) >= d ? Double.infinity : (d / c) * abs(b) / (d - abs(b))
        return b < 0 ? -magnitude : magnitude
    }
}
