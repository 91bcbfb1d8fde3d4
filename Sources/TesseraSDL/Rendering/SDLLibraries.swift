import CSDL2
import Foundation

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
        let wanted = Int32(IMG_INIT_PNG.rawValue)
        if IMG_Init(wanted) & wanted != wanted { warn("IMG_Init(PNG) incomplete: \(sdlError())") }
        if TTF_WasInit() == 0, TTF_Init() != 0 { warn("TTF_Init failed: \(sdlError())") }
    }()

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
/// README.md#tessera-flags).
func warn(_ message: String) {
    FileHandle.standardError.write(Data(("tessera: " + message + "\n").utf8))
}
