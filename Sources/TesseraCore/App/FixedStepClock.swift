/// The fixed-timestep accumulator ("Fix Your Timestep"): real time is banked, spent in whole steps of
/// `1 / hz` seconds, and the remainder becomes the interpolation factor for rendering between the last
/// two states. The backlog is clamped so a stall (a dragged window, a debugger) does not make the
/// simulation race to catch up afterwards.
struct FixedStepClock: Sendable {
    let step: Double
    /// Most seconds of real time kept in the bank; anything older is dropped.
    let maxBacklog: Double
    private var accumulator = 0.0

    init(hz: Double, maxBacklog: Double = 0.25) {
        step = 1 / hz
        self.maxBacklog = maxBacklog
    }

    /// Banks `elapsed` seconds of real time and returns how many steps to run now. Without
    /// `clampingBacklog` nothing is dropped (a resting simulation skips its steps, so there is no
    /// catching up to fear).
    mutating func advance(by elapsed: Double, clampingBacklog: Bool = true) -> Int {
        accumulator += max(0, elapsed)
        if clampingBacklog { accumulator = min(accumulator, maxBacklog) }
        let steps = Int((accumulator / step).rounded(.down))
        accumulator -= Double(steps) * step
        return steps
    }

    /// How far (0…1) real time is between the last step and the next: the render interpolation factor.
    var alpha: Double { min(1, max(0, accumulator / step)) }
}
