import Foundation

/// Estimates a pointer's release velocity from its recent positions, as
/// Flutter's `VelocityTracker` does: only the last 100 ms count
/// (`_horizonMilliseconds`), at most 20 samples (`_historySize`), and a pointer
/// that has not moved for 40 ms is at rest (`_assumePointerMoveStoppedMilliseconds`).
///
/// Times are seconds on the caller's (simulated) clock; positions are points
/// on one axis. Storage is a fixed ring of 20 samples: no growth, no allocation
/// after `init`.
struct VelocityTracker: Equatable, Sendable {
    /// One pointer position: time in seconds, position in points.
    struct Sample: Equatable, Sendable {
        var time: Double
        var position: Double
    }

    /// Samples kept (Flutter's `_historySize`).
    static let capacity = 20

    /// Seconds of history used for the estimate (Flutter: 100 ms).
    var horizon: Double
    /// Seconds without a new sample after which the pointer counts as stopped:
    /// both a gap inside the history and the age of the newest sample at `now`
    /// (Flutter: 40 ms).
    var stopInterval: Double

    private var ring: [Sample]
    /// Index the next sample is written to.
    private var next = 0
    /// Number of valid samples, ≤ capacity.
    private var count = 0

    init(horizon: Double = 0.1, stopInterval: Double = 0.04) {
        self.horizon = horizon
        self.stopInterval = stopInterval
        ring = Array(repeating: Sample(time: 0, position: 0), count: Self.capacity)
    }

    /// Records the pointer at `position` points at `time` seconds; the oldest
    /// sample is dropped once 20 are held.
    mutating func add(time: Double, position: Double) {
        ring[next] = Sample(time: time, position: position)
        next = (next + 1) % Self.capacity
        count = min(count + 1, Self.capacity)
    }

    /// Forgets every sample (a new press).
    mutating func reset() {
        next = 0
        count = 0
    }

    /// The samples held, oldest first (for inspection and tests; allocates).
    var samples: [Sample] {
        (0..<count).map { ring[(next - count + $0 + Self.capacity) % Self.capacity] }
    }

    /// Velocity in points/second at `now` seconds: the least-squares slope of
    /// position over time through the newest run of samples that lies within
    /// `horizon` of the newest one and has no gap longer than `stopInterval`.
    /// Zero with fewer than two such samples, or when the newest sample is older
    /// than `stopInterval` at `now` (a press held still, then released).
    func velocity(at now: Double) -> Double {
        guard count >= 2 else { return 0 }
        let newest = ring[(next - 1 + Self.capacity) % Self.capacity]
        guard now - newest.time <= min(stopInterval, horizon) else { return 0 }

        // Walk back from the newest sample while the motion is continuous,
        // accumulating sums for the slope about the newest time (for precision).
        var n = 0.0
        var sumT = 0.0
        var sumX = 0.0
        var sumTT = 0.0
        var sumTX = 0.0
        var previousTime = newest.time
        for back in 0..<count {
            let s = ring[(next - 1 - back + 2 * Self.capacity) % Self.capacity]
            if newest.time - s.time > horizon || previousTime - s.time > stopInterval { break }
            previousTime = s.time
            let t = s.time - newest.time
            let x = s.position - newest.position
            n += 1
            sumT += t
            sumX += x
            sumTT += t * t
            sumTX += t * x
        }
        guard n >= 2 else { return 0 }
        let denominator = n * sumTT - sumT * sumT
        guard denominator > 1e-15 else { return 0 }
        return (n * sumTX - sumT * sumX) / denominator
    }
}
