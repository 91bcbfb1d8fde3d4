import Glibc

/// A non-blocking pipe that wakes a `poll`: any thread writes a byte, the waiter drains them. Closed
/// when the last holder lets go.
final class WakePipe: Sendable {
    let readEnd: Int32
    private let writeEnd: Int32

    init?() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            // A full pipe must not block a waker, and draining it must not block the wait.
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// `write` is async-signal-safe and thread-safe; a full pipe already wakes the waiter.
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    func drain() {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { bytes in
            while read(readEnd, bytes.baseAddress, bytes.count) > 0 {}
        }
    }
}
