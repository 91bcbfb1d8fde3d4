import CSDL2

/// The pixel format a renderer's frames are drawn in: a software renderer's window surface's (an X11
/// window's is XRGB8888), else ARGB8888 (offscreen canvases, the Wayland presenter's canvas).
///
/// Why it matters: SDL's software renderer copies or scales a texture straight into its output only
/// when the two share a format and nothing is blended or modulated; otherwise every draw goes through a
/// temporary surface it allocates, converts into and blits from (`SDL_PrivateLowerBlitScaled`,
/// SDL_surface.c). Opaque photos (`TextureFactory`) and their scaled bodies (`TileBodies`) are kept in
/// this format for that reason.
enum OutputFormat {
    static func of(_ renderer: OpaquePointer) -> UInt32 {
        var info = SDL_RendererInfo()
        // Asking a GPU renderer's window for a surface would give it a second, unused framebuffer.
        guard SDL_GetRendererInfo(renderer, &info) == 0, info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0,
            SDL_GetRenderTarget(renderer) == nil, let window = SDL_RenderGetWindow(renderer),
            let surface = SDL_GetWindowSurface(window), let format = surface.pointee.format
        else { return SDL_PIXELFORMAT_ARGB8888.rawValue }
        return format.pointee.format
    }
}
