import CSDL2
import Foundation

/// Wall time from SDL's performance counter (the clock the profiler uses too).
enum Stopwatch {
    private static let ticksPerSecond = Double(SDL_GetPerformanceFrequency())

    /// Seconds `body` took.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = SDL_GetPerformanceCounter()
        try body()
        return Double(SDL_GetPerformanceCounter() - start) / ticksPerSecond
    }

    /// CPU seconds the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`, the kernel's accounting).
    static func threadCPUSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// User + system seconds process `pid` has run, by the kernel's accounting of it: fields 14 and 15
    /// of `/proc/PID/stat`, in clock ticks (proc(5)); 0 once it is gone.
    static func processCPUSeconds(of pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return 0 }
        // Fields after the command name (which may hold spaces): state is field 3.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
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
