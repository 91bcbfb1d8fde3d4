import CSDL2
import Foundation
import TesseraCore

/// A real window: the windowed demo, or the fullscreen kiosk. Resizable and HiDPI-aware, vsync'd. It is
/// the run loop's frame sink and its input (`FrameLoop` decides when to step, draw and present), so the
/// same loop drives an interactive run and a script watched playing in a window.
///
/// Kiosk (`kiosk` set): fullscreen at the display's size (`SDL_WINDOW_FULLSCREEN_DESKTOP`), the
/// screensaver off, the pointer hidden until a mouse moves (and again after a few still seconds), the
/// close button and Ctrl+Q ignored — only the configured chord quits. Display resizes relayout; a lost
/// renderer (`SDL_RENDER_TARGETS_RESET`, `SDL_RENDER_DEVICE_RESET`) rebuilds its textures.
package final class WindowHost: FrameSink, InteractiveHost {
    private let window: OpaquePointer
    private let sdlRenderer: OpaquePointer
    /// How frames reach the screen: a GPU renderer, or the software renderer on the window surface.
    private let path: PresentPath
    /// What the last `render` drew, for `present` on the software path: nil for the whole window.
    private var drawnDamage: FrameDamage = .whole
    private var damageScratch = FrameDamage.Scratch()
    private var photos: PhotoLibrary
    private let fonts: FontSet
    /// Implicitly unwrapped only so that `deinit` can drop it (and its textures) before the renderer.
    private var drawer: DrawListRenderer!
    private let background: Color
    private let kiosk: KioskConfig?
    private var translator = SDLEventTranslator()
    private var translated: [SDLEventTranslator.Translated] = []
    private var list = DrawList()
    /// The last frame drawn, kept so a screenshot can redraw it: after a present the back buffer's
    /// contents are undefined.
    private var lastFrame = DrawList()
    /// Set when the user closes the window or presses the quit chord.
    private(set) var quitRequested = false
    /// The window's contents were lost (a renderer reset, an expose): draw again even at rest.
    private var contentsLost = false

    private let frequency = Double(SDL_GetPerformanceFrequency())
    private var lastMouseActivity: UInt64 = 0
    private var cursorShown = true
    private let thumbnails: ThumbnailStore?
    /// Counters of the caches of earlier renderers (a renderer reset starts a new one).
    private var earlierStatistics = PhotoStatistics()
    /// The event type `wake` pushes (`UInt32.max` if SDL had none left).
    private let wakeEvent: UInt32

    /// - Parameter thumbnails: the shared thumbnail cache, nil to neither read nor write it.
    package init(
        title: String, size: Size, photos: PhotoLibrary, background: Color, kiosk: KioskConfig? = nil,
        renderer choice: RendererChoice = .auto, thumbnails: ThumbnailStore? = nil
    ) throws {
        SDLLibraries.initialize()
        // SDL turns the screensaver off by default; a demo window should let the screen blank as usual.
        if kiosk == nil { SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1") }
        guard SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS)) == 0 else {
            throw HostError(
                "no usable display (\(String(cString: SDL_GetError()))); run with --headless to render offscreen",
                exitCode: 3)
        }
        // With no display SDL quietly falls back to its offscreen driver: a window nobody can see. That
        // is "no usable display" unless the user asked for that driver by name.
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        let requested = ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] ?? ""
        if ["offscreen", "dummy"].contains(driver) && requested != driver {
            SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS))
            throw HostError(
                "no usable display (SDL found only its \(driver) video driver; is DISPLAY or WAYLAND_DISPLAY set?); "
                    + "run with --headless to render offscreen", exitCode: 3)
        }
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        // SDL_WINDOWPOS_CENTERED is a macro that does not import (docs/BEHAVIOUR.md#macros-that-do-not-import).
        var position = Int32(bitPattern: UInt32(SDL_WINDOWPOS_CENTERED_MASK))
        var width = Int32(size.width)
        var height = Int32(size.height)
        var mode = SDL_DisplayMode()
        if kiosk != nil, SDL_GetDesktopDisplayMode(0, &mode) == 0 {
            // Fullscreen at the display's own size. The window is also *made* that size, borderless at
            // the origin: without a window manager (a bare X server on a kiosk) the fullscreen request
            // alone is not honoured and the window would stay at its created size.
            flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue | SDL_WINDOW_BORDERLESS.rawValue
            position = 0
            width = mode.w
            height = mode.h
        }
        guard let window = SDL_CreateWindow(title, position, position, width, height, UInt32(flags))
        else {
            throw HostError(
                "cannot open a window (\(String(cString: SDL_GetError()))); run with --headless to render offscreen",
                exitCode: 3)
        }
        self.window = window
        guard let path = PresentPath.make(for: window, choice: choice) else {
            SDL_DestroyWindow(window)
            throw HostError(
                "cannot create a \(choice == .auto ? "" : choice.rawValue + " ")renderer: "
                    + String(cString: SDL_GetError()), exitCode: 3)
        }
        self.path = path
        sdlRenderer = path.renderer
        self.photos = photos
        self.background = background
        self.kiosk = kiosk
        fonts = try FontSet()
        self.thumbnails = thumbnails
        wakeEvent = SDL_RegisterEvents(1)
        drawer = DrawListRenderer(renderer: path.renderer, photos: photos, fonts: fonts, thumbnails: thumbnails)
        if let kiosk {
            SDL_DisableScreenSaver()
            _ = SDL_ShowCursor(SDL_DISABLE)
            cursorShown = false
            translator.quitChord = KeyChord(kiosk.exitChord) ?? translator.quitChord
            translator.ignoresWindowClose = true
        }
        updatePixelScale()
    }

    deinit {
        // SDL_DestroyRenderer frees the renderer's textures; the caches must free theirs before that.
        drawer = nil
        SDL_DestroyRenderer(sdlRenderer)
        SDL_DestroyWindow(window)
    }

    /// The window's size in points.
    package var size: Size {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return Size(Double(w), Double(h))
    }

    private var outputSize = (width: Int32(0), height: Int32(0))

    /// HiDPI: drawing is in points, the renderer's output in pixels.
    private func updatePixelScale() {
        var pw: Int32 = 0
        var ph: Int32 = 0
        SDL_GetRendererOutputSize(sdlRenderer, &pw, &ph)
        outputSize = (pw, ph)
        let points = size
        drawer.pixelsPerPoint = points.width > 0 ? Double(pw) / points.width : 1
    }

    /// Keeps the renderer and the simulation in step with the window's real size. A fullscreen window
    /// can change size without a `SIZE_CHANGED` event (seen under X without a window manager), which
    /// leaves SDL's viewport at the old size: check every frame (two cheap calls) and reset it.
    private func syncSize(_ simulation: Simulation) {
        var pw: Int32 = 0
        var ph: Int32 = 0
        SDL_GetRendererOutputSize(sdlRenderer, &pw, &ph)
        let points = size
        guard pw != outputSize.width || ph != outputSize.height || points != simulation.window else { return }
        SDL_RenderSetViewport(sdlRenderer, nil)
        updatePixelScale()
        simulation.handle(.resize(points))
    }

    /// Feeds pending SDL events to the simulation (the profiling keys to `profiling` first). False once
    /// the user asked to quit.
    package func pumpEvents(into simulation: Simulation, profiling: ProfilingSession?) -> Bool {
        syncSize(simulation)
        var event = SDL_Event()
        translated.removeAll(keepingCapacity: true)
        let points = size
        translator.wheelScalePerNotch = simulation.config.zoom.wheelScalePerNotch
        while SDL_PollEvent(&event) != 0 {
            translator.translate(event, windowSize: points, into: &translated)
        }
        for item in translated {
            switch item {
            case .input(let input):
                if case .resize = input { updatePixelScale() }
                if profiling?.handle(input) == true { continue }
                simulation.handle(input)
            case .quit:
                quitRequested = true
            case .renderReset:
                // Textures may be gone with the device: start the caches again (photos decode anew).
                let scale = drawer.pixelsPerPoint
                let waits = drawer.textures.waitsForPhotos
                earlierStatistics.add(drawer.textures.statistics)
                drawer = DrawListRenderer(renderer: sdlRenderer, photos: photos, fonts: fonts, thumbnails: thumbnails)
                drawer.pixelsPerPoint = scale
                drawer.textures.waitsForPhotos = waits
                contentsLost = true
            case .expose:
                contentsLost = true
            case .mouseActivity:
                lastMouseActivity = SDL_GetPerformanceCounter()
                if !cursorShown {
                    _ = SDL_ShowCursor(SDL_ENABLE)
                    cursorShown = true
                }
            }
        }
        hideIdleCursor()
        // SIGTERM/SIGINT end any run as a quit does, a kiosk's too (`ProcessSignals`).
        if ProcessSignals.quitRequested { quitRequested = true }
        return !quitRequested
    }

    /// Kiosk: the pointer hides again after `cursorHideSeconds` without mouse movement.
    private func hideIdleCursor() {
        guard let kiosk, cursorShown else { return }
        let still = Double(SDL_GetPerformanceCounter() - lastMouseActivity) / frequency
        if still >= kiosk.cursorHideSeconds {
            _ = SDL_ShowCursor(SDL_DISABLE)
            cursorShown = false
        }
    }

    /// Blocks in `SDL_WaitEventTimeout` until an event arrives or `seconds` pass (the event stays queued).
    package func waitForEvents(upTo seconds: Double) {
        _ = SDL_WaitEventTimeout(nil, Int32(min(max(seconds * 1000, 1), 10_000)))
    }

    /// The kiosk's pointer hides after `cursorHideSeconds` still: the loop wakes for it.
    package var nextDue: Double? {
        guard let kiosk, cursorShown else { return nil }
        let still = Double(SDL_GetPerformanceCounter() - lastMouseActivity) / frequency
        return max(0, kiosk.cursorHideSeconds - still)
    }

    /// One refresh of the window's display, nil when SDL does not know its rate.
    package var refreshInterval: Double? {
        var mode = SDL_DisplayMode()
        guard SDL_GetWindowDisplayMode(window, &mode) == 0, mode.refresh_rate > 0 else { return nil }
        return 1 / Double(mode.refresh_rate)
    }

    /// Interactive runs never stall a frame on decoding: photos appear as they are ready.
    package func drawPhotosAsTheyDecode() { drawer.textures.waitsForPhotos = false }

    package var needsRedraw: Bool { contentsLost || drawer.textures.drewLoadingTile }

    package func takeIn(_ changes: PhotoChanges) {
        photos.apply(changes)
        drawer.textures.takeIn(changes)
    }

    package var photoStatistics: PhotoStatistics? {
        var total = earlierStatistics
        total.add(drawer.textures.statistics)
        return total
    }

    /// Ends `waitForEvents` from any thread (the folder watcher's): pushes an event of this program's own
    /// type (`SDL_RegisterEvents`; `SDL_PushEvent` is thread-safe), which the translator ignores.
    package var wake: @Sendable () -> Void {
        let type = wakeEvent
        return {
            guard type != UInt32.max else { return }
            var event = SDL_Event()
            event.type = type
            _ = SDL_PushEvent(&event)
        }
    }

    /// Draws `list` and keeps a copy for screenshots. The copy is element-wise into storage it owns,
    /// so the caller's list stays uniquely referenced and is reused next frame without allocating.
    /// SDL batches render calls until a present; the flush makes them run here, so the profile's
    /// `render` holds the drawing and `present` only the swap (and the wait for vsync).
    ///
    /// On the software path only what changed since the last frame is redrawn (`FrameDamage`); a GPU's
    /// back buffer does not keep the last frame, so there every frame is drawn whole.
    private func draw(_ list: DrawList) {
        drawnDamage = .whole
        if path.isSoftware, !contentsLost, !drawer.textures.drewLoadingTile {
            // A photo still loading pulses, and a decoded one replaces it, under the same command: only
            // a frame after one that drew no loading tile can be compared command by command.
            drawnDamage = FrameDamage.between(
                lastFrame.commands, list.commands, window: size, scratch: &damageScratch,
                textureGeneration: drawer.textures.generation(of:)
            ) { text, style in
                drawer.measure(text, style: style)
            }
        }
        lastFrame.removeAll()
        for command in list.commands { lastFrame.append(command) }
        switch drawnDamage {
        case .none: break
        case .region(let damage): drawer.render(list, background: background, damage: damage)
        case .whole: drawer.render(list, background: background)
        }
        SDL_RenderFlush(sdlRenderer)
        contentsLost = false
    }

    /// The renderer and how it presents, e.g. `opengl on NVIDIA …` or `software (window surface; OpenGL
    /// was llvmpipe)`.
    package var rendererName: String { path.name }

    /// The frame budget in milliseconds: one refresh of the window's display when presents wait for
    /// vsync (a frame that misses it is shown a refresh late), otherwise one simulation step.
    package func frameBudgetMs(hz: Double) -> Double {
        var info = SDL_RendererInfo()
        var mode = SDL_DisplayMode()
        let vsync =
            SDL_GetRendererInfo(sdlRenderer, &info) == 0 && info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
        if vsync, SDL_GetWindowDisplayMode(window, &mode) == 0, mode.refresh_rate > 0 {
            return 1000 / Double(mode.refresh_rate)
        }
        return 1000 / hz
    }

    // MARK: FrameSink (scripted runs in a window)

    package func render(_ list: DrawList, window: Size) { draw(list) }

    /// Shows the frame. The software path sends only the damaged pixels to the screen
    /// (`SDL_UpdateWindowSurfaceRects`), or nothing when nothing changed.
    package func present() {
        guard path.isSoftware else { return SDL_RenderPresent(sdlRenderer) }
        switch drawnDamage {
        case .none:
            break
        case .region(let damage):
            var rect = PixelRect(enclosing: damage, pixelsPerPoint: drawer.pixelsPerPoint).sdlRect
            if SDL_UpdateWindowSurfaceRects(window, &rect, 1) != 0 { SDL_RenderPresent(sdlRenderer) }
        case .whole:
            SDL_RenderPresent(sdlRenderer)
        }
    }

    package func saveScreenshot(to path: String) throws {
        var pw: Int32 = 0
        var ph: Int32 = 0
        SDL_GetRendererOutputSize(sdlRenderer, &pw, &ph)
        drawer.render(lastFrame, background: background)
        try Screenshot.savePNG(renderer: sdlRenderer, width: Int(pw), height: Int(ph), path: path)
    }
}
