import Foundation
import TesseraSDL

/// Chooses between Wayland and X11 before SDL does, when the user did not (`SDL_VIDEODRIVER` unset).
///
/// - In a Wayland session (`$WAYLAND_DISPLAY` set) Wayland comes first: SDL 2.26 tries X11 first, so
///   under a Wayland compositor that also runs Xwayland every window would go through it — one more
///   process copying every frame, and no output scale. X11 stays the fallback.
/// - With no Wayland display that can exist, Wayland is left out, so the first line on stderr without
///   any display is Tessera's own, not libwayland's "XDG_RUNTIME_DIR is invalid or not set".
///   libwayland connects to `$WAYLAND_DISPLAY` (an absolute path) or to it under `$XDG_RUNTIME_DIR`
///   ("wayland-0" by default; `wl_display_connect(3)`).
///
/// `SDL_VIDEODRIVER` takes a comma-separated list in SDL 2.26; a driver the user chose is never
/// overridden.
enum WaylandProbe {
    static func chooseVideoDriver() {
        let environment = ProcessInfo.processInfo.environment
        guard environment["SDL_VIDEODRIVER"] == nil else { return }
        // SDL's own order, less `dummy` (which SDL only uses when asked for by name).
        let drivers = VideoDriver.builtIn.filter { $0 != "dummy" }
        let display = environment["WAYLAND_DISPLAY"] ?? ""
        let reachable = display.hasPrefix("/") || environment["XDG_RUNTIME_DIR"] != nil
        let ordered: [String]
        if !display.isEmpty && reachable {
            ordered = drivers.filter { $0 == "wayland" } + drivers.filter { $0 != "wayland" }
        } else if !reachable {
            ordered = drivers.filter { $0 != "wayland" }
        } else {
            return
        }
        guard !ordered.isEmpty, ordered != drivers else { return }
        setenv("SDL_VIDEODRIVER", ordered.joined(separator: ","), 0)
    }
}
