import CSDL2
import TesseraCore

/// Which way a window's frames reach the screen — the cheapest that works where it runs
/// (`--renderer`; docs/KIOSK.md, "Deploying a kiosk", has the measurements):
///
/// | display | a GPU | no GPU (OpenGL is Mesa's llvmpipe, or none) |
/// | --- | --- | --- |
/// | X11 (also Xwayland) | `AcceleratedPresenter`, vsync'd | `X11ShmPresenter` (TesseraPresent): MIT-SHM, damage only |
/// | Wayland | `AcceleratedPresenter`, paced by the loop | `WaylandShmPresenter` (TesseraPresent): wl_shm, damage only |
///
/// Without a GPU, OpenGL is rasterised on the CPU: every frame would be drawn whole, uploaded and
/// composited again by a software GL. SDL's own software renderer draws only what changed into the
/// presenter's canvas (`SoftwareCanvasPresenter`), which hands the pixels over in shared memory.
///
/// Whether OpenGL is a GPU's is asked of a hidden window first, so the window the user sees is never
/// made an OpenGL one only to be drawn in software (on Wayland its EGL surface would stay attached). A
/// software OpenGL is recognised by its `GL_RENDERER` string: llvmpipe, softpipe and swrast (the names
/// Mesa's documentation gives its software drivers). Where no GPU device node exists the question is
/// not asked at all: loading Mesa only to hear "llvmpipe" would leave LLVM's code resident for the
/// life of the process (docs/BENCHMARKS.md, "Memory").
enum PresentPath {
    /// The window flags the chosen path needs, decided before the window is made.
    struct Plan {
        var choice: RendererChoice
        /// Set when OpenGL answered on the probe.
        var glRenderer: String?
        var usesGPU: Bool
    }

    /// Decides between the GPU and software for `choice` on the current video driver.
    static func plan(_ choice: RendererChoice) -> Plan {
        switch choice {
        case .software: return Plan(choice: choice, glRenderer: nil, usesGPU: false)
        case .accelerated: return Plan(choice: choice, glRenderer: nil, usesGPU: true)
        case .auto:
            guard GPUDevice.present() else { return Plan(choice: choice, glRenderer: nil, usesGPU: false) }
            let gl = probeOpenGL()
            return Plan(choice: choice, glRenderer: gl, usesGPU: gl.map { !isSoftwareGL($0) } ?? false)
        }
    }

    /// Makes the presenter `plan` chose on `window`; nil (with SDL's error set) when none can be made.
    static func make(_ plan: Plan, window: OpaquePointer, driver: VideoDriver) -> Presenter? {
        if plan.usesGPU {
            let made = AcceleratedPresenter(window: window, vsync: driver != .wayland)
            if made != nil || plan.choice == .accelerated { return made }
        }
        let why = plan.glRenderer.map { "; OpenGL is \(shortName($0))" } ?? ""
        switch driver {
        case .wayland:
            if let shm = SoftwareCanvasPresenter.wayland(window: window) { return shm }
            // No wl_shm (it is core Wayland, so hardly ever): whatever SDL can draw with.
            return AcceleratedPresenter(window: window, vsync: false)
        case .x11:
            if let shm = SoftwareCanvasPresenter.x11(window: window) { return shm }
            // A visual that is not ARGB8888, or a server that cannot share memory: SDL's own surface.
            fallthrough
        default:
            return WindowSurfacePresenter(window: window, why: why)
        }
    }

    /// `GL_RENDERER` of an OpenGL context made on a hidden window, nil when none can be made.
    static func probeOpenGL() -> String? {
        let flags = SDL_WINDOW_HIDDEN.rawValue | SDL_WINDOW_OPENGL.rawValue
        guard let window = SDL_CreateWindow("Tessera", 0, 0, 16, 16, UInt32(flags)) else { return nil }
        defer { SDL_DestroyWindow(window) }
        guard let renderer = SDL_CreateRenderer(window, -1, UInt32(SDL_RENDERER_ACCELERATED.rawValue)) else {
            return nil
        }
        defer { SDL_DestroyRenderer(renderer) }
        return openGLRendererName()
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

    /// `glGetString(GL_RENDERER)` of the context SDL's OpenGL renderer just made current; nil for a
    /// renderer that is not OpenGL.
    static func openGLRendererName() -> String? {
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let glRenderer: UInt32 = 0x1F01  // GL_RENDERER
        guard SDL_GL_GetCurrentContext() != nil, let address = SDL_GL_GetProcAddress("glGetString") else {
            return nil
        }
        let getString = unsafeBitCast(address, to: GetString.self)
        return getString(glRenderer).map { String(cString: $0) }
    }
}

/// SDL's video driver, as far as the present path and HiDPI care.
package enum VideoDriver: Equatable {
    /// The names of every video driver this SDL has, in the order it tries them.
    package static var builtIn: [String] {
        (0..<SDL_GetNumVideoDrivers()).compactMap { SDL_GetVideoDriver($0).map { String(cString: $0) } }
    }

    case x11, wayland
    case other(String)

    /// The driver SDL's video subsystem is running.
    static var current: VideoDriver {
        switch SDL_GetCurrentVideoDriver().map({ String(cString: $0) }) ?? "" {
        case "x11": .x11
        case "wayland": .wayland
        case let name: .other(name)
        }
    }
}
