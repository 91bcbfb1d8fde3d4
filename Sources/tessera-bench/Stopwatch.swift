import CSDL2
import Foundation
import TesseraSDL

/// Wall time from SDL's performance counter (the clock the profiler uses too, `SDLPerformanceCounter`).
enum Stopwatch {
    private static let counter = SDLPerformanceCounter()

    /// Seconds `body` took.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = counter.now()
        try body()
        return Double(counter.now() - start) / Double(counter.ticksPerSecond)
    }

    /// CPU seconds the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`, the kernel's accounting).
    static func threadCPUSeconds() -> Double { seconds(on: CLOCK_THREAD_CPUTIME_ID) ?? 0 }

    /// User + system seconds process `pid` has run, by the kernel's accounting of its threads: its CPU-time
    /// clock (`clock_getcpuclockid(3)`), in nanoseconds; 0 once it is gone. `/proc/PID/stat` keeps the
    /// same in clock ticks, 10 ms: an animated run's extra CPU is some 120 ms, so a tick more or less
    /// moved a round's ratio by a tenth (BENCHMARKS.md, "A clock fine enough").
    static func processCPUSeconds(of pid: Int32) -> Double {
        var clock = clockid_t()
        guard clock_getcpuclockid(pid, &clock) == 0 else { return 0 }
        return seconds(on: clock) ?? 0
    }

    /// What `clock` reads, in seconds; nil when it cannot be read (a process that is gone).
    private static func seconds(on clock: clockid_t) -> Double? {
        var t = timespec()
        guard clock_gettime(clock, &t) == 0 else { return nil }
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

extension Array where Element == Double {
    /// The middle value (the mean of the two middle values for an even count); 0 when empty.
    var median: Double {
        guard !isEmpty else { return 0 }
        let sorted = self.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
