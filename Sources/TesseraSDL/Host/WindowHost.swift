import CSDL2
import Foundation
import TesseraCore

/// The windowed demo: a resizable, HiDPI-aware SDL window, vsync'd, driven by the fixed-step clock
/// (real time is banked and spent in fixed steps; frames interpolate between the last two states).
/// Also a `FrameSink`, so a script can be watched playing in a real window.
///
/// With a `ProfilingSession` the loop times every frame's phases, passes the profiling keys (F3 HUD,
/// F4 slow motion) to it, draws its HUD over the scene, and in slow motion banks real time scaled
/// by the session's time scale.
public final class WindowHost: FrameSink {
    private let window: OpaquePointer
    private let sdlRenderer: OpaquePointer
    private let drawer: DrawListRenderer
    private let background: Color
    private var translator = SDLEventTranslator()
    private var translated: [SDLEventTranslator.Translated] = []
    private var list = DrawList()
    /// The last frame drawn, kept so a screenshot can redraw it: after a present the back buffer's
    /// contents are undefined.
    private var lastFrame = DrawList()
    /// Set when the user closes the window or presses Ctrl+Q.
    public private(set) var quitRequested = false
    /// Times frames and takes the profiling keys; nil runs unprofiled.
    public var profiling: ProfilingSession?

    public init(title: String, size: Size, photos: PhotoLibrary, background: Color) throws {
        SDLLibraries.initialize()
        guard SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS)) == 0 else {
            throw HostError(
                "no usable display (\(String(cString: SDL_GetError()))); run with --headless to render offscreen",
                exitCode: 3)
        }
        // Let the screen blank normally in the demo; the kiosk decides otherwise.
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        // SDL_WINDOWPOS_CENTERED is a macro that does not import (NOTES-rendering.md).
        let centered = Int32(bitPattern: UInt32(SDL_WINDOWPOS_CENTERED_MASK))
        guard
            let window = SDL_CreateWindow(
                title, centered, centered, Int32(size.width), Int32(size.height), UInt32(flags))
        else {
            throw HostError(
                "cannot open a window (\(String(cString: SDL_GetError()))); run with --headless to render offscreen",
                exitCode: 3)
        }
        self.window = window
        let accelerated = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        guard
            let renderer = SDL_CreateRenderer(window, -1, UInt32(accelerated))
                ?? SDL_CreateRenderer(window, -1, UInt32(SDL_RENDERER_SOFTWARE.rawValue))
        else {
            SDL_DestroyWindow(window)
            throw HostError("cannot create a renderer: \(String(cString: SDL_GetError()))", exitCode: 3)
        }
        sdlRenderer = renderer
        self.background = background
        drawer = DrawListRenderer(renderer: renderer, photos: photos, fonts: try FontSet())
        updatePixelScale()
    }

    deinit {
        SDL_DestroyRenderer(sdlRenderer)
        SDL_DestroyWindow(window)
    }

    /// The window's size in points.
    public var size: Size {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return Size(Double(w), Double(h))
    }

    /// HiDPI: drawing is in points, the renderer's output in pixels.
    private func updatePixelScale() {
        var pw: Int32 = 0
        var ph: Int32 = 0
        SDL_GetRendererOutputSize(sdlRenderer, &pw, &ph)
        let points = size
        drawer.pixelsPerPoint = points.width > 0 ? Double(pw) / points.width : 1
    }

    /// Feeds pending SDL events to the simulation. False once the user asked to quit.
    public func pumpEvents(into simulation: Simulation) -> Bool {
        var event = SDL_Event()
        translated.removeAll(keepingCapacity: true)
        let points = size
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
                // Every frame is drawn whole, and photo textures are static (not render targets), which
                // SDL keeps across a targets reset; the next frame repaints. (A device reset, which
                // loses textures, is the kiosk's concern.)
                break
            }
        }
        return !quitRequested
    }

    /// The interactive loop: runs until the window closes (or after `frames` steps).
    public func run(_ simulation: Simulation, frames: Int?) {
        var clock = FixedStepClock(hz: simulation.hz)
        let frequency = Double(SDL_GetPerformanceFrequency())
        var last = SDL_GetPerformanceCounter()
        let profiler = profiling?.profiler
        simulation.handle(.resize(size))
        while true {
            profiler?.beginFrame()
            guard timed(.input, { pumpEvents(into: simulation) }) else {
                profiler?.discardFrame()
                return
            }
            let now = SDL_GetPerformanceCounter()
            // Slow motion banks less simulated time per real second; the fixed step stays the same.
            let scale = profiling?.controls.timeScale ?? 1
            let steps = clock.advance(by: Double(now - last) / frequency * scale)
            last = now
            for _ in 0..<steps {
                timed(.layout) { simulation.layOutIfNeeded() }
                timed(.simulate) { simulation.step() }
                if let frames, simulation.stepCount >= frames {
                    profiler?.endFrame(animatingTiles: simulation.animatingTileCount)
                    return
                }
            }
            timed(.render) {
                simulation.draw(into: &list, alpha: clock.alpha)
                profiling?.drawOverlay(into: &list, window: simulation.window)
                draw(list)
            }
            timed(.present) { SDL_RenderPresent(sdlRenderer) }
            profiler?.endFrame(animatingTiles: simulation.animatingTileCount)
        }
    }

    /// Runs `body` as `phase` of the current frame when profiling.
    private func timed<Result>(_ phase: FramePhase, _ body: () -> Result) -> Result {
        guard let profiler = profiling?.profiler else { return body() }
        return profiler.measure(phase, body)
    }

    /// Draws `list` and keeps a copy for screenshots. The copy is element-wise into storage it owns,
    /// so the caller's list stays uniquely referenced and is reused next frame without allocating.
    /// SDL batches render calls until a present; the flush makes them run here, so the profile's
    /// `render` holds the drawing and `present` only the swap (and the wait for vsync).
    private func draw(_ list: DrawList) {
        lastFrame.removeAll()
        for command in list.commands { lastFrame.append(command) }
        drawer.render(list, background: background)
        SDL_RenderFlush(sdlRenderer)
    }

    /// The SDL renderer's name (`opengl`, `opengles2`, `software`, …).
    public var rendererName: String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(sdlRenderer, &info) == 0, let name = info.name else { return "unknown" }
        return String(cString: name)
    }

    /// The frame budget in milliseconds: one refresh of the window's display when presents wait for
    /// vsync (a frame that misses it is shown a refresh late), otherwise one simulation step.
    public func frameBudgetMs(hz: Double) -> Double {
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

    public func render(_ list: DrawList, window: Size) { draw(list) }

    public func present() { SDL_RenderPresent(sdlRenderer) }

    public func saveScreenshot(to path: String) throws {
        var pw: Int32 = 0
        var ph: Int32 = 0
        SDL_GetRendererOutputSize(sdlRenderer, &pw, &ph)
        drawer.render(lastFrame, background: background)
        try Screenshot.savePNG(renderer: sdlRenderer, width: Int(pw), height: Int(ph), path: path)
    }

    public func isKnownKey(_ name: String) -> Bool { sdlKnowsKey(name) }
}
