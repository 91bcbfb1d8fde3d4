import CSDL2
import CX11
import Foundation
import TesseraCore
import TesseraGeometry

/// The SDL window and its three sizes: *points* (what layout and input use), SDL's window *units*
/// (`SDL_GetWindowSize`: pixels on X11, the compositor's logical size on Wayland) and *pixels* (the
/// drawable). `pixelsPerPoint` comes from `DisplayScale`: the user's scale, else the compositor's
/// (Wayland), else the desktop's (X11's `GDK_SCALE`, `QT_SCALE_FACTOR`, `Xft.dpi`).
///
/// A kiosk is fullscreen at the display's size (`SDL_WINDOW_FULLSCREEN_DESKTOP`), and also *made* that
/// size, borderless at the origin: without a window manager (a bare X server) the fullscreen request
/// alone is not honoured and the window would keep its created size.
final class SDLWindow {
    let window: OpaquePointer
    let driver: VideoDriver
    /// `--scale` or `display.scale`; nil follows the display.
    private let chosenScale: Double?
    /// X11's desktop scale, read once at start (toolkits do not follow a change either).
    private let desktopScale: Double?
    private(set) var pixelsPerPoint = 1.0
    /// SDL window units per point (1 unless the scale is not the compositor's own).
    private(set) var unitsPerPoint = 1.0

    /// Opens a window of `points` (ignored for a kiosk). On X11 it is shown once it has the size its
    /// scale asks for; on Wayland at once (its size in units is its size in points unless `--scale`
    /// overrides the compositor).
    ///
    /// SDL 2.26 on Wayland unmaps a new window when the compositor answers its request for server-side
    /// decorations with "client-side" (cage does), to map it again through libdecor — but not while the
    /// window is still flagged hidden, which it is during `SDL_CreateWindow`'s own show, so the window
    /// never appears (libsdl-org/SDL#8173, fixed after 2.26). A window left without its toplevel is
    /// hidden and shown once more here, which maps it through libdecor.
    init(title: String, points: Size, kiosk: Bool, openGL: Bool, scale: Double?) throws {
        let driver = VideoDriver.current
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if driver == .x11 { flags |= SDL_WINDOW_HIDDEN.rawValue }
        if openGL { flags |= SDL_WINDOW_OPENGL.rawValue }
        // SDL_WINDOWPOS_CENTERED is a macro that does not import (docs/BEHAVIOUR.md#macros-that-do-not-import).
        var position = Int32(bitPattern: UInt32(SDL_WINDOWPOS_CENTERED_MASK))
        var width = Int32(points.width)
        var height = Int32(points.height)
        var mode = SDL_DisplayMode()
        if kiosk, SDL_GetDesktopDisplayMode(0, &mode) == 0 {
            flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue | SDL_WINDOW_BORDERLESS.rawValue
            position = 0
            width = mode.w
            height = mode.h
        }
        guard let window = SDL_CreateWindow(title, position, position, width, height, UInt32(flags)) else {
            throw HostError(
                "cannot open a window (\(String(cString: SDL_GetError()))); run with --headless to render offscreen",
                exitCode: 3)
        }
        self.window = window
        self.driver = driver
        chosenScale = scale
        desktopScale =
            driver == .x11
            ? DisplayScale.desktop(environment: ProcessInfo.processInfo.environment, xftDPI: Self.xftDPI(window))
            : nil
        updateScale()
        if !kiosk {
            // A window fits the display it opens on: the size asked for, times the scale, is cut to the
            // display's usable area (no title, tab bar or dock off screen); the scale stays and the
            // layout adapts to the points left (docs/REFERENCE.md, "`tessera` flags").
            let wanted = (
                width: Int32((points.width * unitsPerPoint).rounded()),
                height: Int32((points.height * unitsPerPoint).rounded())
            )
            let fitted = Self.fitting(wanted, in: Self.usableBounds(of: window))
            if unitsPerPoint != 1 || fitted != (width, height) {
                SDL_SetWindowSize(window, fitted.width, fitted.height)
                SDL_SetWindowPosition(window, position, position)
            }
        }
        if driver == .x11 { SDL_ShowWindow(window) }
        if driver == .wayland && !Self.hasToplevel(window) {
            SDL_HideWindow(window)
            SDL_ShowWindow(window)
        }
    }

    /// The usable area (SDL window units) of the display `window` is on: the desktop less panels and docks
    /// (`SDL_GetDisplayUsableBounds`), nil when SDL cannot say.
    private static func usableBounds(of window: OpaquePointer) -> (width: Int32, height: Int32)? {
        var bounds = SDL_Rect()
        let display = SDL_GetWindowDisplayIndex(window)
        guard display >= 0, SDL_GetDisplayUsableBounds(display, &bounds) == 0, bounds.w > 0, bounds.h > 0 else {
            return nil
        }
        return (bounds.w, bounds.h)
    }

    /// `wanted` (window units) cut to `usable`, each side on its own; unchanged when the display does not
    /// say.
    static func fitting(_ wanted: (width: Int32, height: Int32), in usable: (width: Int32, height: Int32)?)
        -> (width: Int32, height: Int32)
    {
        guard let usable else { return wanted }
        return (min(wanted.width, usable.width), min(wanted.height, usable.height))
    }

    /// What SDL knows of `window` in its windowing system (its display connection, surface or window
    /// id), nil when SDL does not say or the window is not `subsystem`'s.
    static func systemInfo(of window: OpaquePointer, _ subsystem: SDL_SYSWM_TYPE) -> SDL_SysWMinfo? {
        var info = SDL_SysWMinfo()
        // SDL fills in only what the version it is told was compiled against knows.
        info.version = SDL_version(
            major: UInt8(SDL_MAJOR_VERSION), minor: UInt8(SDL_MINOR_VERSION), patch: UInt8(SDL_PATCHLEVEL))
        guard SDL_GetWindowWMInfo(window, &info) == SDL_TRUE, info.subsystem == subsystem else { return nil }
        return info
    }

    /// True when SDL has given the Wayland window its `xdg_toplevel` (it is mapped, or about to be).
    private static func hasToplevel(_ window: OpaquePointer) -> Bool {
        guard let info = SDLWindow.systemInfo(of: window, SDL_SYSWM_WAYLAND) else { return true }
        return info.info.wl.xdg_toplevel != nil
    }

    deinit { SDL_DestroyWindow(window) }

    /// `SDL_GetWindowSize`.
    var units: (width: Int32, height: Int32) {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (w, h)
    }

    /// `SDL_GetWindowSizeInPixels`: the drawable.
    var pixels: (width: Int32, height: Int32) {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetWindowSizeInPixels(window, &w, &h)
        return (w, h)
    }

    /// The drawable of `window` in pixels, at least 1×1: the size a presenter's frames have.
    static func outputSize(of window: OpaquePointer) -> (width: Int, height: Int) {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetWindowSizeInPixels(window, &w, &h)
        return (max(1, Int(w)), max(1, Int(h)))
    }

    /// The window's size in points.
    var points: Size {
        let u = units
        return Size(Double(u.width) / unitsPerPoint, Double(u.height) / unitsPerPoint)
    }

    /// Recomputes the scale from the window as it is now (a Wayland window moved to an output of
    /// another scale changes its pixel size). True when it changed.
    @discardableResult
    func updateScale() -> Bool {
        let u = units
        let p = pixels
        // Pixels per SDL unit: the compositor's scale on Wayland, 1 on X11.
        let compositor = u.width > 0 && p.width > 0 ? Double(p.width) / Double(u.width) : 1
        let scale = DisplayScale.resolve(
            flag: chosenScale, config: nil, compositor: driver == .x11 ? nil : compositor, desktop: desktopScale)
        let perUnit = scale / compositor
        guard scale != pixelsPerPoint || perUnit != unitsPerPoint else { return false }
        pixelsPerPoint = scale
        unitsPerPoint = perUnit
        return true
    }

    /// One refresh of the window's display, nil when SDL does not know its rate. (The window's own
    /// display mode is only set for exclusive fullscreen; the display's current mode is what it shows.)
    var refreshInterval: Double? {
        var mode = SDL_DisplayMode()
        let index = max(0, SDL_GetWindowDisplayIndex(window))
        guard SDL_GetCurrentDisplayMode(index, &mode) == 0, mode.refresh_rate > 0 else { return nil }
        return 1 / Double(mode.refresh_rate)
    }

    /// `Xft.dpi` of the X server the window is on (its `RESOURCE_MANAGER` text), nil if unset.
    private static func xftDPI(_ window: OpaquePointer) -> Double? {
        guard let info = SDLWindow.systemInfo(of: window, SDL_SYSWM_X11),
            let display = info.info.x11.display, let text = XResourceManagerString(display)
        else { return nil }
        return DisplayScale.xftDPI(fromResources: String(cString: text))
    }
}
