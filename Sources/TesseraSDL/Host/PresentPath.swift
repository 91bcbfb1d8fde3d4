import CSDL2
import TesseraCore

/// How a window's frames reach the screen, chosen once when the window opens (`--renderer`), and said
/// in profiles and the HUD.
///
/// - A GPU: SDL's accelerated renderer (OpenGL or GLES), vsync'd; every frame is drawn whole.
/// - No GPU: SDL's software renderer drawing into the window surface, which on X11 is shared memory
///   (XShm) with `SDL_HINT_FRAMEBUFFER_ACCELERATION` off — otherwise SDL itself would present the surface
///   through an OpenGL texture, on a software GL. Only what changed is redrawn and sent to the
///   screen (`FrameDamage`, `SDL_UpdateWindowSurfaceRects`).
///
/// A software OpenGL is recognised by its `GL_RENDERER` string: Mesa's llvmpipe, softpipe and swrast
/// (the names Mesa's documentation gives its software drivers).
struct PresentPath {
    let renderer: OpaquePointer
    /// True for SDL's software renderer on the window surface: damage-only redraw and present.
    let isSoftware: Bool
    /// What the profile and HUD call it, e.g. `software (window surface; OpenGL was llvmpipe)`.
    let name: String

    /// Creates the renderer `choice` asks for on `window`; nil (with SDL's error set) when none can be.
    static func make(for window: OpaquePointer, choice: RendererChoice) -> PresentPath? {
        var glRenderer: String?
        if choice != .software {
            let flags = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
            if let accelerated = SDL_CreateRenderer(window, -1, UInt32(flags)) {
                glRenderer = openGLRendererName()
                let softwareGL = glRenderer.map(isSoftwareGL) ?? false
                if choice == .accelerated || !softwareGL {
                    let name = rendererName(accelerated) + (glRenderer.map { " on \($0)" } ?? "")
                    return PresentPath(renderer: accelerated, isSoftware: false, name: name)
                }
                SDL_DestroyRenderer(accelerated)
            } else if choice == .accelerated {
                return nil
            }
        }
        // Plain shared memory, not a texture on a software GL.
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        guard let software = SDL_CreateRenderer(window, -1, UInt32(SDL_RENDERER_SOFTWARE.rawValue)) else {
            return nil
        }
        let why = glRenderer.map { "; OpenGL was \(shortName($0))" } ?? ""
        return PresentPath(renderer: software, isSoftware: true, name: "software (window surface\(why))")
    }

    /// True for Mesa's software rasterisers.
    static func isSoftwareGL(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software rasterizer"].contains { lower.contains($0) }
    }

    /// `llvmpipe (LLVM 15.0.6, 256 bits)` → `llvmpipe`.
    static func shortName(_ name: String) -> String {
        String(name.split(separator: " ").first ?? Substring(name))
    }

    private static func rendererName(_ renderer: OpaquePointer) -> String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name else { return "unknown" }
        return String(cString: name)
    }

    /// `glGetString(GL_RENDERER)` of the context SDL's OpenGL renderer just made current; nil for a
    /// renderer that is not OpenGL.
    private static func openGLRendererName() -> String? {
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let glRenderer: UInt32 = 0x1F01  // GL_RENDERER
        guard SDL_GL_GetCurrentContext() != nil, let address = SDL_GL_GetProcAddress("glGetString") else {
            return nil
        }
        let getString = unsafeBitCast(address, to: GetString.self)
        return getString(glRenderer).map { String(cString: $0) }
    }
}
