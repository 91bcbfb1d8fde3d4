import CSDL2
import CX11
import Glibc

/// The run loop's wait on X11: `poll` on the X connection (and on a pipe other threads wake it with)
/// until input arrives or the time is up — the wait SDL's `SDL_WaitEventTimeout` makes, without the
/// event pumps it runs around it. Each of those pumps is an `XCheckIfEvent`, which reads the socket at
/// two of Xlib's queue modes, two `recvmsg` each that find nothing: with SDL's wait a frame made about
/// 22 system calls (`strace`), with this one 8.
///
/// It relies on the run loop pumping SDL's events before it waits (`WindowHost.pumpEvents`, which
/// skips a pump only when `hasNothingToRead`): what the X connection had by then is in SDL's queue,
/// and anything that arrives later makes the socket readable. Xlib may still hold events it read while
/// waiting for a reply in between (a present's `XSync`); those end the wait at once.
final class X11EventWait {
    private let display: OpaquePointer
    private let connection: Int32
    /// Written by `wake` (any thread), read here: a folder watcher's change ends the wait.
    private let wakeRead: Int32
    private let wakeWrite: Int32

    /// Nil unless `window` is an X11 window.
    init?(window: OpaquePointer) {
        var info = SDL_SysWMinfo()
        info.version = SDL_version(
            major: UInt8(SDL_MAJOR_VERSION), minor: UInt8(SDL_MINOR_VERSION), patch: UInt8(SDL_PATCHLEVEL))
        guard SDL_GetWindowWMInfo(window, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_X11,
            let display = info.info.x11.display
        else { return nil }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            // A full pipe must not block a waker, and draining it must not block the wait.
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        self.display = display
        connection = XConnectionNumber(display)
        wakeRead = ends[0]
        wakeWrite = ends[1]
    }

    deinit {
        close(wakeRead)
        close(wakeWrite)
    }

    /// Blocks until the X connection has something to read, `wake` is called, a signal arrives, or
    /// `milliseconds` pass. Returns at once when SDL's queue or Xlib's already holds an event. False
    /// when the time passed with nothing come: the next pump would find nothing to read.
    func wait(milliseconds: Int32) -> Bool {
        guard !hasQueuedEvents else { return true }
        var fds = [
            pollfd(fd: connection, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        // EINTR (a signal: SIGTERM's flag is read by the loop) ends the wait like input does.
        let ready = poll(&fds, 2, milliseconds)
        if fds[1].revents != 0 {
            var bytes = [UInt8](repeating: 0, count: 64)
            while read(wakeRead, &bytes, bytes.count) > 0 {}
        }
        return ready != 0
    }

    /// True when a pump would find nothing: no queued event and nothing to read on the X connection
    /// (one `poll` that does not wait, where a pump is four `recvmsg`). After a present, whose `XSync`
    /// reads the socket while it waits for its reply, what it read is in Xlib's queue and counts.
    var hasNothingToRead: Bool {
        guard !hasQueuedEvents else { return false }
        var fd = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        return poll(&fd, 1, 0) == 0
    }

    /// Ends a `wait` from any thread (`write` is async-signal-safe and thread-safe).
    var wake: @Sendable () -> Void {
        let end = wakeWrite
        return {
            var byte: UInt8 = 1
            _ = write(end, &byte, 1)
        }
    }

    /// An event SDL has queued (its poll sentinel aside, which only marks where a pump ended), or one
    /// Xlib has read and SDL not yet taken. Neither asks the X server anything.
    private var hasQueuedEvents: Bool {
        let sentinel = SDL_POLLSENTINEL.rawValue
        return SDL_HasEvents(SDL_FIRSTEVENT.rawValue, sentinel - 1) == SDL_TRUE
            || SDL_HasEvents(sentinel + 1, SDL_LASTEVENT.rawValue) == SDL_TRUE
            || XEventsQueued(display, QueuedAlready) > 0
    }
}
