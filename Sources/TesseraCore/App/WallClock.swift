import Foundation

/// The system's monotonic clock (`CLOCK_MONOTONIC` through Foundation's `systemUptime`): real time for
/// windows and kiosks, never set back by a clock change.
package final class WallClock: MonotonicClock {
    package init() {}
    package func now() -> Double { ProcessInfo.processInfo.systemUptime }
    package func sleep(_ seconds: Double) {
        if seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
    }
}
