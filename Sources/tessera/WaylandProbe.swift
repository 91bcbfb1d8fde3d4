import CSDL2
import Foundation

/// Keeps SDL from probing a Wayland display that cannot exist, so the first line on stderr without a
/// display is Tessera's own, not libwayland's "XDG_RUNTIME_DIR is invalid or not set".
///
/// libwayland connects to `$WAYLAND_DISPLAY` (an absolute path) or to it under `$XDG_RUNTIME_DIR`
/// ("wayland-0" by default; `wl_display_connect(3)`). With neither an absolute `WAYLAND_DISPLAY` nor
/// `XDG_RUNTIME_DIR` the connection cannot succeed, so leaving Wayland out of SDL's driver list
/// (`SDL_VIDEODRIVER` takes a comma-separated list in SDL 2.26) changes nothing but that line. A
/// driver the user chose is never overridden.
enum WaylandProbe {
    static func skipIfUnreachable() {
        let environment = ProcessInfo.processInfo.environment
        guard environment["SDL_VIDEODRIVER"] == nil, environment["XDG_RUNTIME_DIR"] == nil,
            environment["WAYLAND_DISPLAY"]?.hasPrefix("/") != true
        else { return }
        // SDL's own order, less Wayland (and `dummy`, which SDL only uses when asked for by name).
        let drivers = (0..<SDL_GetNumVideoDrivers()).compactMap { SDL_GetVideoDriver($0).map { String(cString: $0) } }
        let kept = drivers.filter { $0 != "wayland" && $0 != "dummy" }
        guard kept.count < drivers.count, !kept.isEmpty else { return }
        setenv("SDL_VIDEODRIVER", kept.joined(separator: ","), 0)
    }
}
