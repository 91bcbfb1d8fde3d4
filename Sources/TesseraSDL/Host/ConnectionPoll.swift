import Glibc

/// The run loop's `poll` on a display connection's socket and on a pipe other threads wake it with:
/// the part `X11EventWait` and `WaylandEventWait` share (each reads its own protocol around it).
final class ConnectionPoll {
    private let wakes: WakePipe
    /// The connection's socket and the wake pipe (kept, so a wait allocates nothing).
    private var watched: [pollfd]

    /// Nil when no pipe can be made.
    init?(connection: Int32) {
        guard let wakes = WakePipe() else { return nil }
        self.wakes = wakes
        watched = [
            pollfd(fd: connection, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakes.readEnd, events: Int16(POLLIN), revents: 0),
        ]
    }

    /// Blocks until the connection has something to read (or has failed), `wake` is called, a signal
    /// arrives (EINTR ends the wait like input does: SIGTERM's flag is read by the loop), or
    /// `milliseconds` pass. Whether anything came, and whether the connection did.
    func wait(milliseconds: Int32) -> (anything: Bool, connection: Bool) {
        let ready = watched.withUnsafeMutableBufferPointer { poll($0.baseAddress, 2, milliseconds) }
        if watched[1].revents != 0 { wakes.drain() }
        return (ready != 0, watched[0].revents != 0)
    }

    /// Whether the connection has something to read now (one `poll` that does not wait).
    var connectionIsReadable: Bool {
        var fd = pollfd(fd: watched[0].fd, events: Int16(POLLIN), revents: 0)
        return poll(&fd, 1, 0) != 0
    }

    /// Ends a `wait` from any thread. It holds the pipe, so a waker that outlives the window (a folder
    /// watcher stopping late) writes into that pipe and never into a descriptor since reused.
    var wake: @Sendable () -> Void {
        let wakes = wakes
        return { wakes.signal() }
    }
}

/// A non-blocking pipe that wakes a `poll`: any thread writes a byte, the waiter drains them. Closed
/// when the last holder lets go.
private final class WakePipe: Sendable {
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
