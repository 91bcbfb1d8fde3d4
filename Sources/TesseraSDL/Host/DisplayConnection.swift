import CSDL2
import CWayland
import CX11
import Foundation
import TesseraCore

/// Whether the window's display connection still stands (`DisplayLoss` says what happens when not).
///
/// - Wayland: SDL 2.26 turns a failed `wl_display_dispatch_pending` into `SDL_QUIT`
///   (`Wayland_PumpEvents`, "the compositor may have shut down"), the same event a user's quit makes.
///   `wl_display_get_error` is non-zero once the connection failed (wayland-client.h), so the window
///   asks it whenever an `SDL_QUIT` arrives.
/// - X11: Xlib finds the broken connection itself, inside any call, and calls the process-wide I/O
///   error handler, which must not return (`XSetIOErrorHandler(3)`: Xlib exits if it does). Tessera's
///   handler ends the run through `DisplayLoss.exitNow`: outputs written, one line, exit 5 — instead of
///   Xlib's own "XIO: fatal IO error" and exit 1 with nothing written.
enum DisplayConnection {
    /// How the Wayland connection of `window` failed, nil while it stands (or the window is not Wayland's).
    static func waylandFailure(of window: OpaquePointer) -> String? {
        guard let info = SDLWindow.systemInfo(of: window, SDL_SYSWM_WAYLAND),
            let display = info.info.wl.display
        else { return nil }
        let error = wl_display_get_error(display)
        guard error != 0 else { return nil }
        return "the Wayland compositor closed the connection: \(String(cString: strerror(error)))"
    }

    /// Installs Tessera's X I/O error handler (once SDL is up: SDL's X11 driver then finds it in place).
    static func handleXConnectionLoss() {
        _ = XSetIOErrorHandler { display in
            let name = display.flatMap { XDisplayString($0) }.map { String(cString: $0) } ?? "?"
            DisplayLoss.exitNow("lost the connection to the X server \(name)")
        }
    }
}
