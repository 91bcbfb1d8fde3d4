import CSDL2
import TesseraSDL

/// A renderer to benchmark on, with what it takes to wait until a frame is really drawn.
final class RenderTarget {
    let renderer: OpaquePointer
    let name: String
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

    /// A GPU renderer (OpenGL, GLES…) on a hidden window, drawing into a target texture so frames can
    /// be read back; nil when the video driver offers none.
    init?(gpu: ()) {
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
