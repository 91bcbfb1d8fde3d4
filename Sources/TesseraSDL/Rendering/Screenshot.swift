import CSDL2
import Foundation

/// Screenshots of any renderer (a window's, or an offscreen one).
package enum Screenshot {
    /// Reads the renderer's current output with `SDL_RenderReadPixels` and writes it as a PNG.
    /// `width`/`height` are the output size in PIXELS (`SDL_GetRendererOutputSize`). Call it after
    /// drawing a frame and before `SDL_RenderPresent` (after presenting, the back buffer's contents
    /// are undefined on GPU renderers).
    static func savePNG(renderer: OpaquePointer, width: Int, height: Int, path: String) throws {
        guard width > 0, height > 0 else {
            throw OffscreenCanvas.Error.saveFailed(path: path, reason: "empty size \(width)x\(height)")
        }
        // XRGB: a screenshot is opaque whatever alpha the drawing left in the target.
        guard
            let surface = SDL_CreateRGBSurfaceWithFormat(
                0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_RGB888.rawValue)
        else { throw OffscreenCanvas.Error.saveFailed(path: path, reason: sdlError()) }
        defer { SDL_FreeSurface(surface) }
        guard
            SDL_RenderReadPixels(
                renderer, nil, SDL_PIXELFORMAT_RGB888.rawValue, surface.pointee.pixels, surface.pointee.pitch) == 0
        else { throw OffscreenCanvas.Error.readFailed(sdlError()) }
        guard IMG_SavePNG(surface, path) == 0 else {
            throw OffscreenCanvas.Error.saveFailed(path: path, reason: sdlError())
        }
    }
}
