import CSDL2
import Foundation
import TesseraSDL

/// A renderer to benchmark on, with what it takes to wait until a frame is really drawn.
final class RenderTarget {
    let renderer: OpaquePointer
    let name: String
    /// What draws for an OpenGL renderer (`GL_RENDERER`, e.g. a GPU's name, or Mesa's llvmpipe).
    private(set) var device: String?
    let width = 1024
    let height = 768
    private var canvas: OffscreenCanvas?
    private var window: OpaquePointer?
    private var texture: OpaquePointer?

    /// SDL's software renderer drawing into memory: what `--headless` uses.
    init(software: ()) throws {
        let canvas = try OffscreenCanvas(width: width, height: height)
        self.canvas = canvas
        renderer = canvas.renderer
        name = "software"
    }

    /// SDL's accelerated renderer (OpenGL, GLES…) on a hidden window, drawing into a target texture
    /// so frames can be read back; nil when the video driver offers none. Whether it is a GPU is
    /// `isHardware`: without a display SDL's offscreen driver may give OpenGL on Mesa's llvmpipe,
    /// which rasterises on the CPU.
    init?(accelerated: ()) {
        // With no display at all only the offscreen driver can work; asking for it skips probing
        // the others (Wayland's probe complains on stderr).
        let env = ProcessInfo.processInfo.environment
        if env["SDL_VIDEODRIVER"] == nil, env["DISPLAY"] == nil, env["WAYLAND_DISPLAY"] == nil {
            SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen")
        }
        guard SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO)) == 0,
            let window = SDL_CreateWindow(
                "tessera-bench", 0, 0, Int32(width), Int32(height), SDL_WINDOW_HIDDEN.rawValue)
        else { return nil }
        guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue) else {
            SDL_DestroyWindow(window)
            return nil
        }
        var info = SDL_RendererInfo()
        let name = SDL_GetRendererInfo(renderer, &info) == 0 ? info.name.map { String(cString: $0) } : nil
        guard let name, name != "software",
            let texture = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(width),
                Int32(height)), SDL_SetRenderTarget(renderer, texture) == 0
        else {
            SDL_DestroyRenderer(renderer)
            SDL_DestroyWindow(window)
            return nil
        }
        self.window = window
        self.renderer = renderer
        self.texture = texture
        self.name = name
        device = Self.glRenderer()
    }

    /// True unless the renderer is known to run on the CPU (the software renderer, or a software
    /// OpenGL: llvmpipe, softpipe, SwiftShader).
    var isHardware: Bool {
        guard name != "software" else { return false }
        let d = (device ?? "").lowercased()
        return !["llvmpipe", "softpipe", "swiftshader", "software"].contains { d.contains($0) }
    }

    /// `glGetString(GL_RENDERER)` of the current GL context (SDL's GL renderers make theirs current).
    private static func glRenderer() -> String? {
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        guard SDL_GL_GetCurrentContext() != nil, let address = SDL_GL_GetProcAddress("glGetString") else { return nil }
        let glRendererName: UInt32 = 0x1F01
        return unsafeBitCast(address, to: GetString.self)(glRendererName).map { String(cString: $0) }
    }

    deinit {
        if let texture { SDL_DestroyTexture(texture) }
        if window != nil { SDL_DestroyRenderer(renderer) }
        if let window { SDL_DestroyWindow(window) }
    }

    /// Waits until everything drawn so far is in the target: a flush for the software renderer; for a
    /// GPU, reading one pixel back, which waits for the GPU to finish.
    func finish() {
        SDL_RenderFlush(renderer)
        guard canvas == nil else { return }
        var pixel: UInt32 = 0
        var one = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
        SDL_RenderReadPixels(renderer, &one, SDL_PIXELFORMAT_ARGB8888.rawValue, &pixel, 4)
    }

    /// Every pixel of the target, 0xAARRGGBB.
    func pixels() -> [UInt32] {
        if let canvas { return (try? canvas.readPixels()) ?? [] }
        var pixels = [UInt32](repeating: 0, count: width * height)
        let rc = pixels.withUnsafeMutableBytes {
            SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, $0.baseAddress, Int32(width * 4))
        }
        return rc == 0 ? pixels : []
    }
}
