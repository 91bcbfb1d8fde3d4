import CWayland
import Foundation

/// Keeps SDL off a Wayland compositor that offers no input seat.
///
/// SDL 2.26 sets up the mouse at Wayland start-up through the seat's input, and with no `wl_seat`
/// global — a compositor with no keyboard, pointer or touchscreen attached, such as weston's headless
/// backend or a display-only kiosk — it dereferences a null pointer and the process dies
/// (libsdl-org/SDL#8898, fixed after 2.28). So before SDL starts, the compositor it would reach is
/// asked for its globals; without a seat, Wayland is taken out of the drivers SDL tries, and with no
/// other display left the start fails with a line saying why.
enum WaylandSeat {
    /// Drops `wayland` from `SDL_VIDEODRIVER` (or SDL's own order) when the compositor lacks a seat.
    /// Throws when no X display remains to use instead.
    static func avoidSeatlessCompositor() throws {
        let environment = ProcessInfo.processInfo.environment
        let drivers =
            environment["SDL_VIDEODRIVER"].map { $0.split(separator: ",").map(String.init) }
            ?? VideoDriver.builtIn
        guard drivers.contains("wayland"), compositorHasSeat() == false else { return }
        guard let others = driversWithoutWayland(drivers, xDisplay: environment["DISPLAY"]) else {
            throw HostError(
                "the Wayland compositor offers no input seat (wl_seat), without which SDL 2.26 cannot start "
                    + "(libsdl-org/SDL#8898): attach a keyboard, pointer or touchscreen, or run through Xwayland "
                    + "(SDL_VIDEODRIVER=x11, DISPLAY set)", exitCode: 3)
        }
        setenv("SDL_VIDEODRIVER", others.joined(separator: ","), 1)
    }

    /// `drivers` less `wayland`, nil when none of the rest can show a window: only X11 can here, and
    /// only with an X display named.
    static func driversWithoutWayland(_ drivers: [String], xDisplay: String?) -> [String]? {
        let others = drivers.filter { $0 != "wayland" }
        guard others.contains("x11"), let xDisplay, !xDisplay.isEmpty else { return nil }
        return others
    }

    /// Whether the compositor libwayland connects to (`$WAYLAND_DISPLAY`, `wl_display_connect(3)`)
    /// announces a `wl_seat`; nil when there is none to connect to or it does not answer (SDL cannot use
    /// Wayland then, and says so itself).
    static func compositorHasSeat() -> Bool? {
        guard let display = wl_display_connect(nil) else { return nil }
        defer { wl_display_disconnect(display) }
        guard let registry = wl_display_get_registry(display) else { return nil }
        defer { wl_registry_destroy(registry) }
        var found = false
        let answered = withUnsafeMutablePointer(to: &found) { flag in
            wl_registry_add_listener(registry, listener, flag)
            return wl_display_roundtrip(display) >= 0
        }
        return answered ? found : nil
    }

    /// Notes a `wl_seat` global in the `Bool` its data points at. Made once and never written again
    /// (libwayland only reads a listener), hence unchecked.
    nonisolated(unsafe) private static let listener: UnsafeMutablePointer<wl_registry_listener> = {
        let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_registry_listener(
                global: { data, _, _, interface, _ in
                    guard let data, let interface, String(cString: interface) == "wl_seat" else { return }
                    data.assumingMemoryBound(to: Bool.self).pointee = true
                },
                global_remove: { _, _, _ in }))
        return listener
    }()
}
