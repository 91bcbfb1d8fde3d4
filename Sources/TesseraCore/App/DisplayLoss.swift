import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The display or compositor went away under a run (cage or weston killed, Xwayland or the X server
/// gone): the run ends with `exitCode`, after one line on stderr, `STOPPING=1`, and the outputs asked for
/// (dump, trace, profile) written whole — so a service manager's `Restart=on-failure` restarts it
/// (systemd.service(5)), where a quiet exit 0 or a loop polling a dead socket would not.
///
/// Two ways in. On Wayland SDL 2.26 reports a broken connection as `SDL_QUIT` (`Wayland_PumpEvents`),
/// which the window tells from a user's quit by the connection's error (`wl_display_get_error`): the
/// loop then ends as usual and the launcher writes the outputs. On X11 Xlib calls its I/O error handler
/// from inside whatever call found the connection broken, and that handler must not return (Xlib exits
/// if it does, `XSetIOErrorHandler(3)`): the window's handler calls `exitNow`, which runs the
/// launcher's `finish` (the same outputs, from the state as of the last step) and `_exit`s.
package enum DisplayLoss {
    /// The exit status of a run whose display went away (docs/REFERENCE.md, exit codes; tessera(1)).
    package static let exitCode: Int32 = 5

    /// The launcher's last words when the run cannot go back to its loop: tell the supervisor, write the
    /// outputs. Runs at most once.
    nonisolated(unsafe) package static var finish: ((String) -> Void)?

    private static let lost = Atomic<Bool>(false)

    /// True once the display went away: the watchdog is fed no more (the loop that feeds it must be
    /// presenting or idle on a live display), even while another thread's Xlib call is ending the run.
    package static var hasHappened: Bool { lost.load(ordering: .acquiring) }

    /// The line on stderr.
    package static func message(_ reason: String) -> String { "the display went away (\(reason))" }

    /// Ends the process from a place that cannot return (Xlib's I/O error handler): `finish`, the line,
    /// `_exit(exitCode)` — no `atexit` handlers, which could call into the broken connection again.
    package static func exitNow(_ reason: String) -> Never {
        lost.store(true, ordering: .releasing)
        let last = finish
        finish = nil
        last?(reason)
        FileHandle.standardError.write(Data("tessera: \(MessageLine.printable(message(reason)))\n".utf8))
        _exit(exitCode)
    }
}
