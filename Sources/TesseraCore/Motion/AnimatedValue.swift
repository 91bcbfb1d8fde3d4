import Foundation

/// One scalar (points, or any unit) chasing a target on a spring.
///
/// Motion is always the closed form of `SpringSolution` evaluated at the time
/// since the last (re)start, never a numerical integration, so stepping in many
/// small steps or one big one lands on the same value.
///
/// Retargeting restarts the closed form from the current value **and** velocity
/// (docs/BEHAVIOUR.md#retargeting-keeps-velocity: x₀ = current − newTarget, v₀ = current velocity,
/// clock restarts), so position and velocity stay continuous. A settled value sleeps: stepping it
/// costs one branch.
struct AnimatedValue: Equatable, Sendable {
    /// The presented value, in units.
    private(set) var value: Double
    /// d(value)/dt, in units/second.
    private(set) var velocity: Double
    /// Where the value is heading, in units.
    private(set) var target: Double
    /// The spring currently driving the value (`.spring`, meaning nothing, once settled).
    var parameters: SpringParameters { motion?.parameters ?? .spring }
    /// Rest tolerance, in units: the value snaps to its target and sleeps once
    /// |value − target| < restThreshold and |velocity| < 10·restThreshold per second.
    var restThreshold: Double
    /// True when the value sits on its target with zero velocity: no spring is running.
    var isSettled: Bool { motion == nil }

    /// Seconds since the spring was last (re)started.
    private var elapsed: Double
    /// The spring started at the last (re)start, nil at rest. Kept out of line: only a moving value
    /// needs it. Inline, its closed form, its parameters and a settled flag made every tile 400 bytes
    /// larger at rest (five springs each: 824 bytes against 424, 40 MB of a 100,000-photo library;
    /// BENCHMARKS.md, "100,000 photos").
    private var motion: Motion?

    /// A running spring: its parameters and its closed form (which holds x₀ and v₀), shared by copies of
    /// the value (it never changes once made).
    private final class Motion: Equatable, Sendable {
        let parameters: SpringParameters
        let solution: SpringSolution
        init(_ parameters: SpringParameters, _ solution: SpringSolution) {
            self.parameters = parameters
            self.solution = solution
        }
        static func == (a: Motion, b: Motion) -> Bool { a.parameters == b.parameters && a.solution == b.solution }
    }

    /// A settled value.
    /// - Parameters:
    ///   - value: the initial value and target, in units.
    ///   - restThreshold: rest tolerance in units (velocity tolerance is ten times that, per second).
    init(_ value: Double, restThreshold: Double = 0.01) {
        self.value = value
        self.velocity = 0
        self.target = value
        self.restThreshold = restThreshold
        self.elapsed = 0
        self.motion = nil
    }

    /// Retargets: restarts the spring towards `target` from the current value
    /// and current velocity, with the clock at 0.
    ///
    /// No-op when the target and parameters are unchanged (the running clock
    /// keeps going), and when the value already rests on `target`.
    mutating func animate(to target: Double, with p: SpringParameters) {
        if target == self.target && (isSettled || p == parameters) { return }
        restart(from: value, velocity: velocity, to: target, with: p)
    }

    /// Hands motion over from another simulation (a fling, a drag): the spring
    /// restarts towards `target` from `value` (units) moving at `velocity`
    /// (units/second), whatever it was doing before.
    mutating func animate(from value: Double, velocity: Double, to target: Double, with p: SpringParameters) {
        restart(from: value, velocity: velocity, to: target, with: p)
    }

    /// Jumps to `value` (units) with zero velocity and settles there.
    mutating func set(_ value: Double) {
        self.value = value
        self.target = value
        velocity = 0
        settle()
    }

    /// Re-bases the value into another coordinate space by adding `delta`
    /// (units) to both value and target. The displacement, velocity and clock
    /// are unchanged, so the motion carries on exactly (e.g. a tile handed to a
    /// container scrolled differently).
    mutating func shift(by delta: Double) {
        value += delta
        target += delta
    }

    /// Advances the clock by `dt` seconds and evaluates the closed form; snaps to
    /// the target and sleeps once within `restThreshold`. Does nothing when settled
    /// or when `dt` ≤ 0.
    mutating func step(_ dt: Double) {
        guard dt > 0, let solution = motion?.solution else { return }
        elapsed += dt
        let x = solution.displacement(at: elapsed)
        let v = solution.velocity(at: elapsed)
        if abs(x) < restThreshold && abs(v) < restThreshold * 10 {
            value = target
            velocity = 0
            settle()
        } else {
            value = target + x
            velocity = v
        }
    }

    private mutating func restart(from value: Double, velocity: Double, to target: Double, with p: SpringParameters) {
        self.value = value
        self.velocity = velocity
        self.target = target
        elapsed = 0
        motion = Motion(p, SpringSolution(p, displacement: value - target, velocity: velocity))
    }

    private mutating func settle() {
        elapsed = 0
        motion = nil
    }
}
