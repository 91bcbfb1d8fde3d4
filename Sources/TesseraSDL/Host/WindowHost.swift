import CSDL2
import Foundation
import TesseraCore
import TesseraGeometry
import TesseraPhotos
import TesseraRaster

/// TesseraSDL: the backend over SDL 2. It implements the window and its events (`WindowHost`,
/// `SDLWindow`, `SDLEventTranslator`), the way frames reach the screen (`PresentPath`: SDL's GPU
/// renderer, SDL's window surface, or SDL's software renderer over a shared-memory presenter's canvas),
/// and SDL's renderer path (`DrawListRenderer`: textures, text, mip levels and the decode queue that
/// fills them, the offscreen canvas of headless runs). It does not: do the software rasteriser's pixel
/// work itself (fills in place, corners cut out, AVX2 scaling, shadow masks: TesseraRaster, over a
/// canvas made on its surfaces and locked textures), hand frames to an X server or a Wayland compositor
/// in shared memory (TesseraPresent), or decode photo files (TesseraImageIO).
///
/// A real window: the windowed demo, or the fullscreen kiosk. It is the run loop's frame sink and its
/// input (`FrameLoop` decides when to step, draw and present), so the same loop drives an interactive
/// run and a script watched playing in a window. It puts together:
///
/// - the window and its sizes and scale (`SDLWindow`: points, SDL's units, pixels; HiDPI),
/// - the way frames reach the screen (`PresentPath` → a `Presenter`),
/// - what changed since the last frame, so a presenter that keeps it draws and sends only that
///   (`LastFrame`, `FrameDamage`),
/// - SDL's events, translated (`SDLEventTranslator`) and handed to the loop, and the renderer reset
///   they may report (`SDL_RENDER_TARGETS_RESET`, `SDL_RENDER_DEVICE_RESET`: textures are made anew),
/// - a kiosk's pointer (`KioskPointer`); a kiosk also turns the screensaver off and ignores the close
///   button and Ctrl+Q — only the configured chord quits.
package final class WindowHost: FrameSink, InteractiveHost {
    private let window: SDLWindow
    private let presenter: Presenter
    private var photos: PhotoLibrary
    private let fonts: FontSet
    /// Text widths in these fonts at the window's scale when it opened.
    package private(set) var textMeasure: TextMeasure = .estimated
    /// Implicitly unwrapped only so that `deinit` can drop it (and its textures) before the renderer.
    private var drawer: DrawListRenderer!
    private let background: Color
    private var translator = SDLEventTranslator()
    private var translated: [SDLEventTranslator.Translated] = []
    private var lastFrame = LastFrame()
    /// What the last `render` drew, for `present`: nil for the whole window.
    private var drawnDamage: FrameDamage = .whole
    /// The damaged parts of the last frame in pixels, for `present` (reused from frame to frame).
    private var damagedPixels: [PixelRect] = []
    /// Set when the user closes the window or presses the quit chord.
    private(set) var quitRequested = false
    /// Set (how) when the display went away (`DisplayLoss`).
    package private(set) var displayLost: String?
    /// The window's contents were lost (a renderer reset, an expose): draw again even at rest.
    private var contentsLost = false
    private var pointer: KioskPointer?
    private let thumbnails: ThumbnailStore?
    /// Counters of the caches of earlier renderers (a renderer reset starts a new one).
    private var earlierStatistics = PhotoStatistics()
    /// Whether the last drawer waited for photos to decode, for the one that replaces it.
    private var retiredWaitsForPhotos: Bool?
    /// The event type `wake` pushes (`UInt32.max` if SDL had none left).
    private let wakeEvent: UInt32
    /// On X11 and Wayland the loop's wait is a `poll` of this program's own (`X11EventWait`,
    /// `WaylandEventWait`); elsewhere SDL's.
    private let x11Wait: X11EventWait?
    private let waylandWait: WaylandEventWait?
    /// Set when that wait ran to its time with nothing come. Then, or when the X connection has nothing
    /// to read (`X11EventWait.hasNothingToRead`), a pump would find nothing and is skipped (each pump is
    /// four `recvmsg`) — unless the last one was a second ago: SDL's X11 pump also keeps a kiosk's
    /// screensaver reset (every 30 s, where the server lacks the suspend extension).
    private var waitFoundNothing = false
    private var lastPump: UInt64 = 0
    /// The backend's clock (`SDLPerformanceCounter`).
    private let clock = SDLPerformanceCounter()
    /// The size last handed to the run loop, and the drawable it was measured with.
    private var reportedSize: Size?
    private var reportedPixels: (width: Int32, height: Int32) = (0, 0)

    /// - Parameters:
    ///   - size: the window's size in points (a kiosk takes the display's).
    ///   - scale: pixels per point (`--scale`), nil for the display's.
    ///   - thumbnails: the shared thumbnail cache, nil to neither read nor write it.
    package init(
        title: String, size: Size, photos: PhotoLibrary, background: Color, kiosk: KioskConfig? = nil,
        renderer choice: RendererChoice = .auto, scale: Double? = nil, thumbnails: ThumbnailStore? = nil
    ) throws {
        SDLLibraries.initialize()
        // SDL turns the screensaver off by default; a demo window should let the screen blank as usual.
        if kiosk == nil { SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1") }
        // A kiosk fills its output: no client-side decorations, whose title bar libdecor would keep room
        // for (24 px under a cage without `-d`) while a kiosk compositor shows none (SDL 2.26's hint
        // `SDL_VIDEO_WAYLAND_ALLOW_LIBDECOR`, SDL_hints.h). It is borderless fullscreen anyway.
        if kiosk != nil { SDL_SetHint(SDL_HINT_VIDEO_WAYLAND_ALLOW_LIBDECOR, "0") }
        try WaylandSeat.avoidSeatlessCompositor()
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
        let plan = PresentPath.plan(choice)
        window = try SDLWindow(title: title, points: size, kiosk: kiosk != nil, openGL: plan.usesGPU, scale: scale)
        guard let presenter = PresentPath.make(plan, window: window.window, driver: window.driver) else {
            throw HostError(
                "cannot create a \(choice == .auto ? "" : choice.rawValue + " ")renderer: "
                    + String(cString: SDL_GetError()), exitCode: 3)
        }
        self.presenter = presenter
        self.photos = photos
        self.background = background
        fonts = try FontSet()
        textMeasure = FontMeasure(fonts: fonts, pixelsPerPoint: window.pixelsPerPoint).measure
        self.thumbnails = thumbnails
        wakeEvent = SDL_RegisterEvents(1)
        x11Wait = X11EventWait(window: window.window)
        waylandWait = x11Wait == nil ? WaylandEventWait(window: window.window) : nil
        if window.driver == .x11 { DisplayConnection.handleXConnectionLoss() }
        drawer = makeDrawer()
        if let kiosk {
            SDL_DisableScreenSaver()
            pointer = KioskPointer(config: kiosk)
            translator.quitChord = kiosk.exitChord
            translator.ignoresWindowClose = true
        }
    }

    deinit {
        // The renderer frees its textures; the caches must free theirs before that.
        drawer = nil
        presenter.destroy()
    }

    private func makeDrawer() -> DrawListRenderer {
        let made = DrawListRenderer(
            renderer: presenter.renderer, photos: photos, fonts: fonts, thumbnails: thumbnails,
            output: presenter.drawingSurface)
        made.pixelsPerPoint = window.pixelsPerPoint
        made.outputSize = presenter.outputSize
        return made
    }

    /// Starts the caches again on a new renderer (textures are gone with the old one; photos decode anew).
    private func replaceDrawer() {
        retireDrawer()
        startDrawer()
    }

    /// Frees the drawer and every texture its caches hold, while their renderer still lives; its
    /// counters and whether it waited for photos are kept for the next.
    private func retireDrawer() {
        guard let drawer else { return }
        retiredWaitsForPhotos = drawer.textures.waitsForPhotos
        earlierStatistics.add(drawer.textures.statistics)
        self.drawer = nil
    }

    private func startDrawer() {
        drawer = makeDrawer()
        if let retiredWaitsForPhotos { drawer.textures.waitsForPhotos = retiredWaitsForPhotos }
        contentsLost = true
    }

    /// The window's size in points.
    package var size: Size { window.points }

    /// Keeps the presenter, the drawer and the run loop in step with the window's real size and scale.
    /// Checked every frame (a few cheap calls): a fullscreen window can change size without a
    /// `SIZE_CHANGED` event (seen under X without a window manager).
    private func syncSize(_ receiver: InputReceiver) {
        let pixels = window.pixels
        let rescaled = window.updateScale()
        let points = window.points
        // `reportedSize` unwrapped first: `Optional`'s `==` goes through the generic witnesses, every frame.
        let sizeKept = reportedSize.map { $0 == points } ?? false
        guard rescaled || pixels != reportedPixels || !sizeKept else { return }
        if presenter.windowResized(releasingTextures: retireDrawer) {
            startDrawer()
        } else {
            drawer.pixelsPerPoint = window.pixelsPerPoint
            drawer.outputSize = presenter.outputSize
        }
        translator.pointsPerUnit = 1 / window.unitsPerPoint
        contentsLost = true
        reportedPixels = pixels
        if !sizeKept {
            reportedSize = points
            receiver.receive(.resize(points), age: nil)
        }
    }

    /// Feeds pending SDL events to the run loop. False once the user asked to quit.
    package func pumpEvents(into receiver: InputReceiver) -> Bool {
        syncSize(receiver)
        var event = SDL_Event()
        translated.removeAll(keepingCapacity: true)
        let points = size
        let ticks = UInt64(clock.seconds * 1000)
        let nothingToRead = waitFoundNothing || x11Wait?.hasNothingToRead == true
        if !nothingToRead || ticks &- lastPump >= 1000 {
            lastPump = ticks
            while SDL_PollEvent(&event) != 0 {
                translator.translate(event, windowSize: points, into: &translated)
            }
        }
        waitFoundNothing = false
        // Event timestamps are SDL_GetTicks milliseconds: their age is how long each waited for this frame.
        let now = SDLPerformanceCounter.eventMilliseconds
        for item in translated {
            switch item {
            case .input(.resize, _):
                // The window's size is read from SDL, in points (`syncSize`).
                syncSize(receiver)
            case .input(let input, let timestamp):
                receiver.receive(input, age: Double(now &- timestamp) / 1000)
            case .quit:
                quitRequested = true
                // SDL's Wayland driver reports a dead compositor as a quit (`DisplayConnection`).
                displayLost = displayLost ?? DisplayConnection.waylandFailure(of: window.window)
            case .closeIgnored:
                if let lost = DisplayConnection.waylandFailure(of: window.window) {
                    displayLost = lost
                    quitRequested = true
                }
            case .renderReset:
                replaceDrawer()
            case .expose:
                contentsLost = true
            case .mouseActivity:
                pointer?.mouseMoved()
            }
        }
        pointer?.hideIfIdle()
        // SIGTERM/SIGINT end any run as a quit does, a kiosk's too (`ProcessSignals`).
        if ProcessSignals.quitRequested { quitRequested = true }
        return !quitRequested
    }

    /// Blocks until an event arrives or `seconds` pass (the event stays queued): `X11EventWait` on X11,
    /// `WaylandEventWait` on Wayland, `SDL_WaitEventTimeout` elsewhere. Rounded up to the millisecond: a
    /// frame's wait never ends before its tick.
    package func waitForEvents(upTo seconds: Double) {
        let milliseconds = Int32(min(max((max(seconds, 0) * 1000).rounded(.up), 1), 10_000))
        if let x11Wait {
            waitFoundNothing = !x11Wait.wait(milliseconds: milliseconds)
        } else if let waylandWait {
            waylandWait.wait(milliseconds: milliseconds)
        } else {
            _ = SDL_WaitEventTimeout(nil, milliseconds)
        }
    }

    /// The kiosk's pointer hides after `cursorHideSeconds` still: the loop wakes for it.
    package var nextDue: Double? { pointer?.secondsUntilHidden }

    package var refreshInterval: Double? { window.refreshInterval }

    package var presentsOnVSync: Bool { presenter.presentsOnVSync }

    /// Interactive runs never stall a frame on decoding: photos appear as they are ready.
    package func drawPhotosAsTheyDecode() { drawer.textures.waitsForPhotos = false }

    /// At rest: frees the textures of photos and paragraphs the screen no longer shows
    /// (`DrawListRenderer.releaseUnshown`).
    package func releaseUnshown() { drawer.releaseUnshown() }

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
    /// type (`SDL_RegisterEvents`; `SDL_PushEvent` is thread-safe), which the translator ignores, and on
    /// X11 and Wayland wakes the poll.
    package var wake: @Sendable () -> Void {
        let type = wakeEvent
        let wakeWait = x11Wait?.wake ?? waylandWait?.wake
        return {
            wakeWait?()
            guard type != UInt32.max else { return }
            var event = SDL_Event()
            event.type = type
            _ = SDL_PushEvent(&event)
        }
    }

    /// Where the window's top left is on the screen (`SDL_GetWindowPosition`), read from any thread: the
    /// accessibility bridge's screen coordinates. SDL keeps the position in the window's own fields as
    /// the window system reports moves, so the read takes no lock. Zero where the window system does not
    /// say (Wayland tells clients nothing of where their windows are).
    package var screenOrigin: @Sendable () -> Point {
        let address = Int(bitPattern: window.window)
        return {
            guard let window = OpaquePointer(bitPattern: address) else { return .zero }
            var x: Int32 = 0
            var y: Int32 = 0
            SDL_GetWindowPosition(window, &x, &y)
            return Point(Double(x), Double(y))
        }
    }

    /// The renderer and how it presents, e.g. `opengl on NVIDIA …`, `software (wl_shm)` or
    /// `software (window surface; OpenGL is llvmpipe)`.
    package var rendererName: String { presenter.name }

    /// The frame budget in milliseconds: one refresh of the window's display (frames start on its
    /// ticks), or one simulation step when the display does not say.
    package func frameBudgetMs(hz: Double) -> Double {
        (refreshInterval ?? FrameLoop.unknownRefreshInterval) * 1000
    }

    // MARK: FrameSink

    /// Draws `list`: only what changed since the last frame when the presenter keeps that frame.
    /// SDL batches render calls until a present; the flush makes them run here, so the profile's
    /// `render` holds the drawing and `present` only the hand-over (and any wait for vsync).
    package func render(_ list: inout DrawList, window: Size) {
        drawnDamage = .whole
        // A photo still loading pulses, and a decoded one replaces it, under the same command: only a
        // frame after one that drew no loading tile can be compared command by command.
        if presenter.keepsLastFrame, !contentsLost, !drawer.textures.drewLoadingTile {
            drawnDamage = lastFrame.damage(
                to: list, window: size, textureGeneration: drawer.textures.generation(of:),
                latestGeneration: drawer.textures.latestGeneration
            ) { text, style in
                drawer.measure(text, style: style)
            }
        }
        if drawnDamage != .none { presenter.prepareToDraw() }
        switch drawnDamage {
        case .none: break
        case .region: drawer.render(list, background: background, damage: lastFrame.damageParts)
        case .whole: drawer.render(list, background: background)
        }
        lastFrame.remember(&list)
        SDL_RenderFlush(presenter.renderer)
        contentsLost = false
    }

    /// Shows the frame; a presenter that keeps the last frame is sent only the damaged pixels, or nothing
    /// when nothing changed.
    package func present() {
        switch drawnDamage {
        case .none:
            break
        case .region:
            let output = presenter.outputSize
            let bounds = PixelRect(x0: 0, y0: 0, x1: output.width, y1: output.height)
            damagedPixels.removeAll(keepingCapacity: true)
            for part in lastFrame.damageParts {
                let pixels = PixelRect(enclosing: part, pixelsPerPoint: drawer.pixelsPerPoint).intersection(bounds)
                if !pixels.isEmpty { damagedPixels.append(pixels) }
            }
            presenter.present(damage: damagedPixels)
        case .whole:
            presenter.present(damage: nil)
        }
    }

    package func saveScreenshot(to path: String) throws {
        let output = presenter.outputSize
        // After a present a GPU's back buffer is undefined: draw the last frame again first.
        presenter.prepareToDraw()
        drawer.render(lastFrame.list, background: background)
        try Screenshot.savePNG(renderer: presenter.renderer, width: output.width, height: output.height, path: path)
    }
}

/// The last frame drawn: what the next one is compared with (`FrameDamage`), and what a screenshot
/// draws again. It takes the caller's list by swapping storage with it, so neither is copied and the
/// caller reuses the storage of the frame before (cleared as it draws) without allocating.
struct LastFrame {
    private(set) var list = DrawList()
    private var scratch = FrameDamage.Scratch()

    /// What must be redrawn to turn this frame into `next`; `textureGeneration` tells a photo whose
    /// pixels changed under the same command.
    mutating func damage(
        to next: DrawList, window: Size, textureGeneration: (PhotoID) -> Int, latestGeneration: Int,
        measure: (String, TextStyle) -> Size
    ) -> FrameDamage {
        FrameDamage.between(
            list.commands, next.commands, window: window, scratch: &scratch, textureGeneration: textureGeneration,
            latestGeneration: latestGeneration, measure: measure)
    }

    /// The last `damage` found as up to `FrameDamage.maxParts` rectangles (window points), when it was a
    /// region.
    var damageParts: [Rect] { scratch.parts }

    /// Keeps `next` as the last frame; `next` is left holding the frame before it.
    mutating func remember(_ next: inout DrawList) { swap(&list, &next) }
}
