import Foundation

/// How a released scroll reaches a target that a `ScrollTargetBehavior` moved (SPEC §5: "the scroll
/// target behaviour picks the final offset, reached by a spring").
///
/// The spring is critically damped and starts from the release velocity v, D points from the target.
/// Its rate ω decides the feel:
///
/// - A fling heading for the target fast enough to get there on its own — its plain exponential
///   deceleration (rate k = |1000·ln r|, 2/s at 0.998) would carry it at least `1/glideReach` of the
///   way — glides there: ω = v/D. With that ω the critically damped solution
///   `x(t) = e^{−ωt}[x₀ + (v₀ + ωx₀)t]` loses its linear term (v₀ + ωx₀ = 0) and is exactly an
///   exponential deceleration from v that ends on the target, as UIScrollView bends its deceleration
///   to a changed `targetContentOffset`. A target the fling nearly reaches feels like the fling
///   itself; one much nearer (a swipe limited to one card) stops sooner. ω is capped at
///   2π/`quickestSettle`, so the hardest fling stopped a few points away overshoots a little and
///   comes back rather than stopping dead.
/// - A release too slow to get there, or moving away from it, is pulled in by the `bounce` spring
///   (0.4 s): the snap of a card settling into place.
extension ScrollAxis {
    /// The spring that carries an offset at `offset` points, moving at `velocity` points/second, to
    /// `target` points.
    public func settleSpring(from offset: Double, velocity v: Double, to target: Double) -> SpringParameters {
        let distance = target - offset
        guard distance * v > 0 else { return physics.bounce }
        let rate = v / distance
        let plainRate = -physics.deceleration.decayPerSecond
        guard rate * physics.glideReach >= plainRate else { return physics.bounce }
        let omega = min(rate, 2 * Double.pi / physics.quickestSettle)
        return SpringParameters(response: 2 * Double.pi / omega, dampingFraction: 1)
    }
}
