import Foundation

/// The system's monotonic clock (`CLOCK_MONOTONIC`, clock_gettime(2)): real time for windows and kiosks,
/// never set back by a clock change. Read directly rather than through Foundation's `systemUptime`
/// (the same clock): the profiler reads it a dozen times a frame, and each `ProcessInfo.processInfo`
/// costs a lazy-global check and a retain.
final class WallClock: MonotonicClock {
    init() {}
    func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    func sleep(_ seconds: Double) {
        if seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
    }
}
