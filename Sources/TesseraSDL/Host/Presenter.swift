import CSDL2
import TesseraCore
import TesseraRaster

/// How a window's frames reach the screen: the renderer they are drawn with, and the present. Chosen
/// once when the window opens (`PresentPath`), and named in profiles and the HUD.
protocol Presenter: AnyObject {
    /// The SDL renderer frames are drawn with (it owns the photos' textures).
    var renderer: OpaquePointer { get }
    /// What the profile and the HUD call it, e.g. `software (wl_shm)` or `opengl on NVIDIA …`.
    var name: String { get }
    /// True when the drawing target still holds the last frame at the next one, so only what changed
    /// needs drawing (`FrameDamage`). A GPU's back buffer does not.
    var keepsLastFrame: Bool { get }
    /// True when a present blocks until the display's vertical blank.
    var presentsOnVSync: Bool { get }
    /// The surface the renderer draws into, when the presenter made it (SDL cannot be asked for it).
    var drawingSurface: UnsafeMutablePointer<SDL_Surface>? { get }
    /// The drawing target's size in pixels.
    var outputSize: (width: Int, height: Int) { get }
    /// Follows the window's new size. True when the renderer had to be replaced: then
    /// `releasingTextures` was called first, while the old renderer still lived, so that every cache
    /// made with it freed its textures, and they must all be made again.
    func windowResized(releasingTextures: () -> Void) -> Bool
    /// Called before anything is drawn into the target: a presenter whose last present may still be
    /// reading it waits here (`X11ShmPresenter`).
    func prepareToDraw()
    /// Shows the frame just drawn; `damage` (pixels, possibly overlapping rectangles) is all that
    /// changed since the last present, nil for everything.
    func present(damage: [PixelRect]?)
    /// Frees the renderer (the caches holding its textures must have gone first).
    func destroy()
}

extension Presenter {
    var drawingSurface: UnsafeMutablePointer<SDL_Surface>? { nil }
    func prepareToDraw() {}
}

/// SDL's GPU renderer (OpenGL or GLES through SDL): every frame drawn whole into a back buffer and
/// swapped. With `vsync` the swap waits for the blank (X11's GLX and EGL); on Wayland it does not —
/// SDL emulates vsync there with frame callbacks, which a compositor may withhold from a window for
/// a tenth of a second at a time (seen under cage), so the run loop paces itself.
final class AcceleratedPresenter: Presenter {
    let renderer: OpaquePointer
    let name: String
    let presentsOnVSync: Bool
    var keepsLastFrame: Bool { false }

    init?(window: OpaquePointer, vsync: Bool) {
        var flags = SDL_RENDERER_ACCELERATED.rawValue
        if vsync { flags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
        guard let renderer = SDL_CreateRenderer(window, -1, UInt32(flags)) else { return nil }
        self.renderer = renderer
        var info = SDL_RendererInfo()
        let kind = SDL_GetRendererInfo(renderer, &info) == 0 ? info.name.map { String(cString: $0) } ?? "gpu" : "gpu"
        presentsOnVSync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
        name = kind + (PresentPath.openGLRendererName().map { " on \($0)" } ?? "")
    }

    var outputSize: (width: Int, height: Int) { Self.outputSize(of: renderer) }

    func windowResized(releasingTextures: () -> Void) -> Bool {
        // A fullscreen window can change size without SDL resetting the viewport (seen under X without a
        // window manager).
        SDL_RenderSetViewport(renderer, nil)
        return false
    }

    func present(damage: [PixelRect]?) { SDL_RenderPresent(renderer) }

    func destroy() { SDL_DestroyRenderer(renderer) }

    static func outputSize(of renderer: OpaquePointer) -> (width: Int, height: Int) {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (Int(w), Int(h))
    }
}

/// SDL's software renderer drawing into the window's own surface: on X11 where `X11ShmPresenter`
/// cannot be used (an X server that cannot share memory, a visual other than ARGB8888's), and on
/// video drivers Tessera has no presenter of its own for. On X11 it is shared memory (XShm) when it can
/// be, with `SDL_HINT_FRAMEBUFFER_ACCELERATION` off — otherwise SDL would itself present the surface
/// through an OpenGL texture, on a software GL. The surface keeps the last frame, so only what changed
/// is drawn and sent to the X server (`SDL_UpdateWindowSurfaceRects`).
final class WindowSurfacePresenter: Presenter {
    let renderer: OpaquePointer
    let name: String
    private let window: OpaquePointer
    /// The damaged rectangles of a present, in SDL's type (reused from frame to frame).
    private var rects: [SDL_Rect] = []
    var keepsLastFrame: Bool { true }
    var presentsOnVSync: Bool { false }

    init?(window: OpaquePointer, why: String) {
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        guard let renderer = SDL_CreateRenderer(window, -1, UInt32(SDL_RENDERER_SOFTWARE.rawValue)) else { return nil }
        self.renderer = renderer
        self.window = window
        name = "software (window surface\(why))"
    }

    var outputSize: (width: Int, height: Int) { AcceleratedPresenter.outputSize(of: renderer) }

    func windowResized(releasingTextures: () -> Void) -> Bool {
        SDL_RenderSetViewport(renderer, nil)
        return false
    }

    func present(damage: [PixelRect]?) {
        guard let damage else { return SDL_RenderPresent(renderer) }
        rects.removeAll(keepingCapacity: true)
        for part in damage { rects.append(part.sdlRect) }
        guard !rects.isEmpty else { return }
        if SDL_UpdateWindowSurfaceRects(window, rects, Int32(rects.count)) != 0 { SDL_RenderPresent(renderer) }
    }

    func destroy() { SDL_DestroyRenderer(renderer) }
}
