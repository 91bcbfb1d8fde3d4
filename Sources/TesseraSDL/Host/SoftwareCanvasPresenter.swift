import CSDL2
import CX11
import TesseraPresent
import TesseraRaster

/// SDL's software renderer drawing into the canvas a shared-memory presenter hands it
/// (`PixelPresenter`, TesseraPresent): X11's MIT-SHM image (`x11(window:)`) or the Wayland canvas whose
/// frames go out in `wl_shm` buffers (`wayland(window:)`). The renderer draws over an SDL surface made on
/// the canvas's pixels, and writes fills, scaled photos and corners there itself (`OpaqueFill`,
/// `DirectScale`, `CornerCutout`, through `drawingSurface`).
///
/// What it adds to the presenter is SDL's side only: the window's server handles and size, the surface
/// and renderer over the canvas (made again when a window grows past it), and flushing what the renderer
/// has queued before each present. It does not present anything itself.
final class SoftwareCanvasPresenter: Presenter {
    private let window: OpaquePointer
    private let presenter: PixelPresenter
    /// The canvas's size for a window of the given size, where the presenter needs a larger one.
    private let canvasSize: (PixelSize) -> PixelSize
    /// SDL's surface over the canvas's pixels.
    private var surface: UnsafeMutablePointer<SDL_Surface>
    private(set) var renderer: OpaquePointer

    var name: String { presenter.name }
    var drawingSurface: UnsafeMutablePointer<SDL_Surface>? { surface }
    var keepsLastFrame: Bool { true }
    var presentsOnVSync: Bool { false }

    /// Nil (with `presenter` destroyed) when SDL cannot draw into its canvas.
    private init?(window: OpaquePointer, presenter: PixelPresenter, canvasSize: @escaping (PixelSize) -> PixelSize) {
        guard let (surface, renderer) = Self.renderer(drawingInto: presenter.canvas) else {
            presenter.destroy()
            return nil
        }
        self.window = window
        self.presenter = presenter
        self.canvasSize = canvasSize
        self.surface = surface
        self.renderer = renderer
    }

    /// MIT-SHM on `window`'s X server (`X11ShmPresenter`); nil when `window` is not an X11 window, its
    /// visual is not ARGB8888-compatible, or the server offers no MIT-SHM it can attach.
    static func x11(window: OpaquePointer) -> SoftwareCanvasPresenter? {
        guard let info = SDLWindow.systemInfo(of: window, SDL_SYSWM_X11), let display = info.info.x11.display,
            let name = XDisplayString(display),
            let x11 = X11ShmPresenter(displayName: name, window: info.info.x11.window)
        else { return nil }
        return SoftwareCanvasPresenter(window: window, presenter: x11) { x11.canvasSize(forWindow: $0) }
    }

    /// `wl_shm` buffers on `window`'s Wayland surface (`WaylandShmPresenter`), from a canvas of the
    /// display's size; nil when the window is not a Wayland window or the compositor offers no `wl_shm`.
    static func wayland(window: OpaquePointer) -> SoftwareCanvasPresenter? {
        guard let info = SDLWindow.systemInfo(of: window, SDL_SYSWM_WAYLAND),
            let display = info.info.wl.display, let surface = info.info.wl.surface,
            let wayland = WaylandShmPresenter(
                display: display, surface: surface,
                canvasSize: canvasSize(for: window, atLeast: PixelSize(width: 1, height: 1)))
        else { return nil }
        return SoftwareCanvasPresenter(window: window, presenter: wayland) { canvasSize(for: window, atLeast: $0) }
    }

    /// The window's size in pixels.
    var outputSize: (width: Int, height: Int) { SDLWindow.outputSize(of: window) }

    func windowResized(releasingTextures: () -> Void) -> Bool {
        let size = outputSize
        let window = PixelSize(width: size.width, height: size.height)
        return presenter.fit(
            window: window, canvas: { canvasSize(window) },
            switching: { canvas in
                guard let (surface, renderer) = Self.renderer(drawingInto: canvas) else { return false }
                releasingTextures()
                SDL_DestroyRenderer(self.renderer)
                SDL_FreeSurface(self.surface)
                self.surface = surface
                self.renderer = renderer
                return true
            })
    }

    func prepareToDraw() { presenter.prepareToDraw() }

    func present(damage: [PixelRect]?) {
        // What the renderer has queued lands in the canvas first.
        SDL_RenderFlush(renderer)
        let size = outputSize
        presenter.present(damage: damage, window: PixelSize(width: size.width, height: size.height))
    }

    func destroy() {
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
        presenter.destroy()
    }

    /// A surface over `canvas`'s pixels (ARGB8888, not copied) and a software renderer drawing into it;
    /// nil (nothing left over) when either cannot be made.
    private static func renderer(drawingInto canvas: PixelCanvas) -> (UnsafeMutablePointer<SDL_Surface>, OpaquePointer)?
    {
        guard
            let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                canvas.pixels, Int32(canvas.width), Int32(canvas.height), 32, Int32(canvas.pitch),
                SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { return nil }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            return nil
        }
        return (surface, renderer)
    }

    /// The Wayland canvas for `window`: its display's size in pixels, or `atLeast` if larger.
    private static func canvasSize(for window: OpaquePointer, atLeast: PixelSize) -> PixelSize {
        var mode = SDL_DisplayMode()
        var w = atLeast.width
        var h = atLeast.height
        var pw: Int32 = 0
        var ph: Int32 = 0
        SDL_GetWindowSizeInPixels(window, &pw, &ph)
        var units: Int32 = 0
        var unitsHigh: Int32 = 0
        SDL_GetWindowSize(window, &units, &unitsHigh)
        // The display's mode is in window units; a scaled output has more pixels.
        let scale = units > 0 ? max(1, Double(pw) / Double(units)) : 1
        if SDL_GetCurrentDisplayMode(max(0, SDL_GetWindowDisplayIndex(window)), &mode) == 0 {
            w = max(w, Int((Double(mode.w) * scale).rounded(.up)))
            h = max(h, Int((Double(mode.h) * scale).rounded(.up)))
        }
        return PixelSize(width: max(w, Int(pw)), height: max(h, Int(ph)))
    }
}
