import CSDL2
import CX11

/// The run loop's wait on X11: `poll` on the X connection (and on a pipe other threads wake it with)
/// until input arrives or the time is up — the wait SDL's `SDL_WaitEventTimeout` makes, without the
/// event pumps it runs around it. Each of those pumps is an `XCheckIfEvent`, which reads the socket at
/// two of Xlib's queue modes, two `recvmsg` each that find nothing: with SDL's wait a frame made about
/// 22 system calls (`strace`), with this one 8.
///
/// It relies on the run loop pumping SDL's events before it waits (`WindowHost.pumpEvents`, which
/// skips a pump only when `hasNothingToRead`): what the X connection had by then is in SDL's queue,
/// and anything that arrives later makes the socket readable. Xlib may still hold events it read while
/// waiting for a reply in between (the `XSync` of SDL's window surface presents); those end the wait at
/// once.
final class X11EventWait {
    private let display: OpaquePointer
    private let connection: ConnectionPoll

    /// Nil unless `window` is an X11 window.
    init?(window: OpaquePointer) {
        guard let info = SDLWindow.systemInfo(of: window, SDL_SYSWM_X11),
            let display = info.info.x11.display, let connection = ConnectionPoll(connection: XConnectionNumber(display))
        else { return nil }
        self.display = display
        self.connection = connection
    }

    /// Blocks until the X connection has something to read, `wake` is called, a signal arrives, or
    /// `milliseconds` pass. Returns at once when SDL's queue or Xlib's already holds an event. False
    /// when the time passed with nothing come: the next pump would find nothing to read.
    func wait(milliseconds: Int32) -> Bool {
        guard !hasQueuedEvents else { return true }
        return connection.wait(milliseconds: milliseconds).anything
    }

    /// True when a pump would find nothing: no queued event and nothing to read on the X connection
    /// (one `poll` that does not wait, where a pump is four `recvmsg`). After a present through SDL's
    /// window surface, whose `XSync` reads the socket while it waits for its reply, what it read is in
    /// Xlib's queue and counts.
    var hasNothingToRead: Bool { !hasQueuedEvents && !connection.connectionIsReadable }

    /// Ends a `wait` from any thread (`ConnectionPoll.wake`).
    var wake: @Sendable () -> Void { connection.wake }

    /// An event SDL has queued (its poll sentinel aside, which only marks where a pump ended), or one
    /// Xlib has read and SDL not yet taken. Neither asks the X server anything.
    private var hasQueuedEvents: Bool {
        SDLEventQueue.hasEvents || XEventsQueued(display, QueuedAlready) > 0
    }
}
