import Foundation

/// How a released scroll reaches a target that a `ScrollTargetBehavior` moved: the behaviour picks the
/// final offset and a spring reaches it (docs/BEHAVIOUR.md#settling-on-a-target).
///
/// The spring is critically damped and starts from the release velocity v, D points short of the
/// target; its rate ω decides the feel. With k = |1000·ln r| the plain fling's decay rate (2/s at
/// 0.998) the fling alone would travel v/k, a share f = (v/D)/k of the way:
///
/// - f ≥ 1, the fling carries it there: ω = v/D. Then the critically damped solution
///   `x(t) = e^{−ωt}[x₀ + (v₀ + ωx₀)t]` loses its linear term (v₀ + ωx₀ = 0) and is exactly an
///   exponential deceleration from v that ends on the target — as UIScrollView bends its
///   deceleration to a changed `targetContentOffset`. A target the fling nearly reaches feels like
///   the fling itself; a much nearer one (a swipe limited to one card) stops sooner.
/// - f < 1, too weak: ω = v/D + ω_b·(1 − f)², with ω_b the `bounce` spring's rate (2π / 0.4 s). A
///   fling that falls just short still glides in without speeding up (for f above about 0.7 at
///   0.998); a feeble one is pulled in like a card snapping into place. ω is continuous in v, so two
///   similar releases feel alike.
/// - Moving away from the target, or not moving: the `bounce` spring itself.
///
/// ω is capped at 2π/`quickestSettle`, so the hardest fling stopped a few points away overshoots a
/// little and comes back rather than stopping dead.
extension ScrollAxis {
    /// The spring that carries an offset at `offset` points, moving at `velocity` points/second, to
    /// `target` points, for a fling decelerating as `deceleration` (the behaviour's, or the physics').
    func settleSpring(
        from offset: Double, velocity v: Double, to target: Double, deceleration: Deceleration? = nil
    ) -> SpringParameters {
        let distance = target - offset
        guard distance * v > 0 else { return physics.bounce }
        let flingRate = v / distance
        let plainRate = -(deceleration ?? physics.deceleration).decayPerSecond
        let share = flingRate / plainRate
        let bounceRate = 2 * Double.pi / physics.bounce.response
        let rate = share >= 1 ? flingRate : flingRate + bounceRate * (1 - share) * (1 - share)
        let omega = min(rate, 2 * Double.pi / physics.quickestSettle)
        return SpringParameters(response: 2 * Double.pi / omega, dampingFraction: 1)
    }

    /// Seconds a released scroll takes to land on `target` points when the behaviour's target is the
    /// content's start or end and the release heads for it; nil otherwise (the settle spring).
    ///
    /// The settle spring suits a card in the middle: the fling nearly reaches it, and the glide lands in
    /// at most about 3 s. At an edge the behaviour's target is often clamped well short of where the
    /// fling would rest (the last cards cannot reach the margin, the last page is short), or just beyond
    /// (the end is nearest the projection), and an exponential glide towards it crept on for seconds.
    /// There a plain fling would hit the edge and be back within the bounce (docs/BEHAVIOUR.md#edge-landing),
    /// so a landing never takes longer than `edgeLanding`: at the fling's own constant deceleration when
    /// that is sooner (2·D/v), otherwise on the finishing curve timed to `edgeLanding`.
    func edgeLanding(from offset: Double, velocity v: Double, to target: Double) -> Double? {
        let distance = target - offset
        guard target == 0 || target == maxOffset, distance * v > 0 else { return nil }
        return min(2 * distance / v, physics.edgeLanding)
    }
}
