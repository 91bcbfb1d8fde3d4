import CSDL2
import Foundation
import TesseraCore

/// One-time initialisation of SDL, SDL_image and SDL_ttf for the rendering code.
///
/// The software renderer (`SDL_CreateSoftwareRenderer`) needs no video driver, so headless runs
/// and tests only need `SDL_Init(0)`; a windowed app calls `SDL_Init(SDL_INIT_VIDEO)` itself
/// (before or after this, SDL reference-counts subsystems). SDL_image only writes screenshots
/// (`IMG_SavePNG_RW`; photos are decoded by libjpeg and libspng), SDL_ttf draws text (`FontSet`).
package enum SDLLibraries {
    /// Runs once, on first use, whichever thread asks first (Swift's global initialisers are lazy and
    /// thread-safe).
    private static let initialized: Void = {
        if SDL_Init(0) != 0 { warn("SDL_Init failed: \(sdlError())") }
        settleCPUFeatures()
        let wanted = Int32(IMG_INIT_PNG.rawValue)
        if IMG_Init(wanted) & wanted != wanted { warn("IMG_Init(PNG) incomplete: \(sdlError())") }
        if TTF_WasInit() == 0, TTF_Init() != 0 { warn("TTF_Init failed: \(sdlError())") }
    }()

    /// Makes SDL work out which SIMD its blitters and scalers may use, now, on this thread.
    ///
    /// Why: SDL 2.26 fills its CPU-feature masks a bit at a time the first time anything asks, with no
    /// lock (`SDL_GetCPUFeatures` in SDL_cpuinfo.c, and `SDL_ChooseBlitFunc`'s own copy in SDL_blit.c).
    /// A photo decoding on a worker thread while the renderer asks for the first time can read a
    /// half-filled mask, and SDL's bilinear scaler caches what it read for the whole run. Measured on
    /// an animated 1920×1080 picker, 4 runs of 20 then scaled every photo in flight with the scaler's
    /// plain-C loop instead of its SSE2 one: 2.6 times the scaling, a quarter of the frame (none of 20
    /// since). The workers start after this runs (`TextureCache` initialises SDL before it makes its
    /// `DecodeQueue`).
    private static func settleCPUFeatures() {
        _ = SDL_HasSSE2()
        // A colour-modulated blit is one SDL_ChooseBlitFunc picks, so its mask is filled too.
        guard let from = SDL_CreateRGBSurfaceWithFormat(0, 1, 1, 32, SDL_PIXELFORMAT_ARGB8888.rawValue),
            let to = SDL_CreateRGBSurfaceWithFormat(0, 1, 1, 32, SDL_PIXELFORMAT_ABGR8888.rawValue)
        else { return }
        defer {
            SDL_FreeSurface(from)
            SDL_FreeSurface(to)
        }
        SDL_SetSurfaceColorMod(from, 128, 128, 128)
        _ = SDL_UpperBlit(from, nil, to, nil)
    }

    /// Idempotent: safe to call from every entry point (FontSet, OffscreenCanvas, tests).
    /// Call it from the thread that renders (SDL's renderer is single-threaded).
    package static func initialize() { initialized }
}

/// SDL's last error message (`SDL_GetError`), for error values and stderr lines.
func sdlError() -> String {
    guard let message = SDL_GetError() else { return "unknown SDL error" }
    let text = String(cString: message)
    return text.isEmpty ? "unknown SDL error" : text
}

/// One line on stderr, prefixed like the app's other diagnostics (one line naming the file:
/// docs/REFERENCE.md#tessera-flags).
func warn(_ message: String) {
    FileHandle.standardError.write(Data(("tessera: " + MessageLine.printable(message) + "\n").utf8))
}
