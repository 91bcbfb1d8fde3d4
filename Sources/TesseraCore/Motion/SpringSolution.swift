import Foundation

/// The closed-form motion of a damped spring of mass 1 (docs/BEHAVIOUR.md#closed-forms; the same
/// three cases as Flutter's `physics/spring_simulation.dart`).
///
/// `x` is the displacement from the rest point (value − target, in points or
/// whatever unit the value has), `t` is seconds since the spring was released
/// with displacement `x₀` and velocity `v₀` (units/second). With ω₀ = √k and
/// λ = c/2 = ζω₀:
/// - ζ < 1: ω_d = ω₀√(1−ζ²), `x(t) = e^{−λt}[x₀ cos ω_d t + (v₀+λx₀)/ω_d · sin ω_d t]`
/// - ζ = 1: `x(t) = e^{−ω₀t}[x₀ + (v₀+ω₀x₀)t]`
/// - ζ > 1: r₁,₂ = −λ ∓ ω₀√(ζ²−1), C₂ = (v₀ − r₁x₀)/(r₂ − r₁), C₁ = x₀ − C₂,
///   `x(t) = C₁e^{r₁t} + C₂e^{r₂t}`
///
/// Evaluating at any `t` is exact, so the result does not depend on how time
/// was stepped to get there.
struct SpringSolution: Equatable, Sendable {
    /// Which of the three closed forms applies, with its precomputed constants.
    enum Regime: Equatable, Sendable {
        /// ζ < 1: decay rate λ (1/s), damped angular frequency ω_d (rad/s),
        /// sine coefficient B = (v₀+λx₀)/ω_d (units).
        case underdamped(lambda: Double, omegaD: Double, b: Double)
        /// ζ = 1 (within 1e-9): ω₀ (1/s), linear coefficient B = v₀+ω₀x₀ (units/s).
        case critical(omega0: Double, b: Double)
        /// ζ > 1: the two real roots r₁ < r₂ < 0 (1/s) and their coefficients (units).
        case overdamped(r1: Double, r2: Double, c1: Double, c2: Double)
    }

    /// Displacement at t = 0, in units (value − target).
    let initialDisplacement: Double
    /// Velocity at t = 0, in units/second.
    let initialVelocity: Double
    /// The damping ratio ζ = c / (2√k), dimensionless.
    let dampingRatio: Double
    let regime: Regime

    /// A spring of mass 1.
    /// - Parameters:
    ///   - stiffness: k in 1/s², > 0.
    ///   - damping: c in 1/s, ≥ 0.
    ///   - displacement: x₀ = value − target at t = 0, in units.
    ///   - velocity: v₀ at t = 0, in units/second.
    init(stiffness: Double, damping: Double, displacement: Double, velocity: Double) {
        precondition(stiffness > 0, "SpringSolution: stiffness must be > 0")
        precondition(damping >= 0, "SpringSolution: damping must be ≥ 0")
        let x0 = displacement
        let v0 = velocity
        let omega0 = stiffness.squareRoot()
        let zeta = damping / (2 * omega0)
        initialDisplacement = x0
        initialVelocity = v0
        dampingRatio = zeta
        if abs(zeta - 1) < 1e-9 {
            regime = .critical(omega0: omega0, b: v0 + omega0 * x0)
        } else if zeta < 1 {
            let lambda = zeta * omega0
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            regime = .underdamped(lambda: lambda, omegaD: omegaD, b: (v0 + lambda * x0) / omegaD)
        } else {
            let lambda = zeta * omega0
            let spread = omega0 * (zeta * zeta - 1).squareRoot()
            let r1 = -lambda - spread
            let r2 = -lambda + spread
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            regime = .overdamped(r1: r1, r2: r2, c1: x0 - c2, c2: c2)
        }
    }

    /// The spring SwiftUI would build from `p` (mass 1, k and c from
    /// docs/BEHAVIOUR.md#spring-parameters-and-presets).
    init(_ p: SpringParameters, displacement: Double, velocity: Double) {
        self.init(stiffness: p.stiffness, damping: p.damping, displacement: displacement, velocity: velocity)
    }

    /// Displacement from the rest point, in units, `t` seconds after release.
    func displacement(at t: Double) -> Double {
        let x0 = initialDisplacement
        switch regime {
        case .underdamped(let lambda, let omegaD, let b):
            return exp(-lambda * t) * (x0 * cos(omegaD * t) + b * sin(omegaD * t))
        case .critical(let omega0, let b):
            return exp(-omega0 * t) * (x0 + b * t)
        case .overdamped(let r1, let r2, let c1, let c2):
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// Velocity in units/second, `t` seconds after release: the exact derivative
    /// of `displacement(at:)`.
    /// - ζ < 1: `e^{−λt}[v₀ cos ω_d t − (λB + ω_d x₀) sin ω_d t]`
    /// - ζ = 1: `e^{−ω₀t}[v₀ − ω₀B t]`
    /// - ζ > 1: `C₁r₁e^{r₁t} + C₂r₂e^{r₂t}`
    func velocity(at t: Double) -> Double {
        let x0 = initialDisplacement
        let v0 = initialVelocity
        switch regime {
        case .underdamped(let lambda, let omegaD, let b):
            return exp(-lambda * t) * (v0 * cos(omegaD * t) - (lambda * b + omegaD * x0) * sin(omegaD * t))
        case .critical(let omega0, let b):
            return exp(-omega0 * t) * (v0 - omega0 * b * t)
        case .overdamped(let r1, let r2, let c1, let c2):
            return c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t)
        }
    }
}
