import Foundation

/// The system's monotonic clock (`CLOCK_MONOTONIC` through Foundation's `systemUptime`): real time for
/// windows and kiosks, never set back by a clock change.
final class WallClock: MonotonicClock {
    init() {}
    func now() -> Double { ProcessInfo.processInfo.systemUptime }
    func sleep(_ seconds: Double) {
        if seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
    }
}
