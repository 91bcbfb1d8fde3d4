import Foundation

/// The process's own accounting of time: wall-clock seconds on the monotonic clock, and CPU seconds
/// (user + system, `getrusage(RUSAGE_SELF)`, POSIX) spent by every thread, decoders included. The
/// profile's "CPU per presented frame" is the difference of two of these over the number of presents.
struct ProcessTimes: Sendable, Equatable {
    var wallSeconds: Double
    var cpuSeconds: Double

    static func now() -> ProcessTimes {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1_000_000 }
        return ProcessTimes(
            wallSeconds: ProcessInfo.processInfo.systemUptime,
            cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }

    static func - (a: ProcessTimes, b: ProcessTimes) -> ProcessTimes {
        ProcessTimes(wallSeconds: a.wallSeconds - b.wallSeconds, cpuSeconds: a.cpuSeconds - b.cpuSeconds)
    }
}
