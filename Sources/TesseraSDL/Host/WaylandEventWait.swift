import CSDL2
import CWayland

/// The run loop's wait on Wayland: `poll` on the compositor's socket and on a pipe other threads wake
/// it with, as `SDL_WaitEventTimeout` polls the socket — but woken without SDL.
///
/// SDL 2.26 (Debian 12) wakes its own wait, for an `SDL_PushEvent` from another thread, with a
/// `wl_display_sync` whose callback it never destroys (libsdl-org/SDL#8056, fixed in 2.28.2): every
/// wake from the control socket, the folder watcher or a screen reader kept 80 bytes for good — the
/// 2-hour soak's heaptrack run counted 2,348 of them (docs/KIOSK.md, "Memory over days"). SDL only
/// wakes a wait of its own, so this one never leaks.
///
/// The socket is read the way libwayland asks of a thread that polls it (`wl_display_prepare_read`,
/// then `wl_display_read_events` or `wl_display_cancel_read`); the run loop's next pump dispatches what
/// was read. Wayland repeats a held key in the client: SDL 2.26's pump sends each repeat that has come
/// due (`Wayland_PumpEvents`, `keyboard_repeat_handle`), so while a key is down the wait ends every
/// `keyRepeatCheckMs` at the latest and the next pump sends it, at most that late. (Until 6 December
/// the wait was SDL's while a key was held, which leaked as above on every wake in that time.)
final class WaylandEventWait {
    /// How long a wait lasts at most while a key is held: a repeat comes at most half a 60 Hz frame
    /// late (SDL's own wait timed it to the millisecond), and a held key costs 125 wakes a second, only
    /// while it is held — a modifier or a key that does not repeat too, since SDL does not say which
    /// keys repeat.
    private static let keyRepeatCheckMs: Int32 = 8

    private let display: OpaquePointer
    private let connection: ConnectionPoll

    /// Nil unless `window` is a Wayland window.
    init?(window: OpaquePointer) {
        guard let info = SDLWindow.systemInfo(of: window, SDL_SYSWM_WAYLAND),
            let display = info.info.wl.display, let connection = ConnectionPoll(connection: wl_display_get_fd(display))
        else { return nil }
        self.display = display
        self.connection = connection
    }

    /// Blocks until the compositor sends something, `wake` is called, a signal arrives, or
    /// `milliseconds` pass. Returns at once when SDL's queue or libwayland's already holds an event.
    func wait(milliseconds: Int32) {
        guard !SDLEventQueue.hasEvents else { return }
        let timeout = Self.isKeyHeld ? min(milliseconds, Self.keyRepeatCheckMs) : milliseconds
        // Requests made since the last pump (a present's commit) go out before the wait, as SDL's do.
        _ = wl_display_flush(display)
        // Non-zero: events already read wait in a queue, and the next pump dispatches them.
        guard wl_display_prepare_read(display) == 0 else { return }
        // A closed socket reads as an error, which the next pump turns into SDL_QUIT (`DisplayConnection`).
        if connection.wait(milliseconds: timeout).connection {
            _ = wl_display_read_events(display)
        } else {
            wl_display_cancel_read(display)
        }
    }

    /// Ends a `wait` from any thread (`ConnectionPoll.wake`).
    var wake: @Sendable () -> Void { connection.wake }

    /// Whether any key is down (SDL's keyboard state, a few hundred bytes).
    private static var isKeyHeld: Bool {
        var count: Int32 = 0
        guard let keys = SDL_GetKeyboardState(&count) else { return false }
        return UnsafeBufferPointer(start: keys, count: Int(count)).contains { $0 != 0 }
    }
}
