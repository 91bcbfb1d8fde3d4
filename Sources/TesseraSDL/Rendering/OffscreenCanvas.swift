import CSDL2
import Foundation
import TesseraCore

/// A render target in memory: an ARGB8888 SDL surface of `width`×`height` PIXELS with SDL's software
/// renderer drawing into it. No window and no video driver needed — headless runs and tests use it,
/// and it produces the same pixels as the software renderer of a `--headless` window.
package final class OffscreenCanvas {
    package enum Error: Swift.Error, CustomStringConvertible {
        case createFailed(String)
        case readFailed(String)
        case saveFailed(path: String, reason: String)

        package var description: String {
            switch self {
            case .createFailed(let reason): "cannot create offscreen canvas: \(reason)"
            case .readFailed(let reason): "cannot read rendered pixels: \(reason)"
            case .saveFailed(let path, let reason): "cannot save PNG \(path): \(reason)"
            }
        }
    }

    /// Size in pixels.
    package let width: Int
    package let height: Int
    /// The `SDL_Renderer*` to draw with; valid for this canvas's lifetime.
    package let renderer: OpaquePointer
    /// The pixels drawn into: a `DrawListRenderer` given it writes fills and scaled photos there
    /// itself, as it does in a window (`OpaqueFill`, `DirectScale`).
    package let surface: UnsafeMutablePointer<SDL_Surface>

    /// - Parameters: size in PIXELS, each at least 1.
    package init(width: Int, height: Int) throws {
        SDLLibraries.initialize()
        guard width > 0, height > 0 else { throw Error.createFailed("size \(width)x\(height) is empty") }
        guard
            let surface = SDL_CreateRGBSurfaceWithFormat(
                0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { throw Error.createFailed(sdlError()) }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            throw Error.createFailed(sdlError())
        }
        self.width = width
        self.height = height
        self.surface = surface
        self.renderer = renderer
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }

    /// Every pixel as 0xAARRGGBB, row-major, `width * height` values. Flushes queued drawing first.
    package func readPixels() throws -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: width * height)
        let rc = pixels.withUnsafeMutableBytes { buffer in
            SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, buffer.baseAddress, Int32(width * 4))
        }
        guard rc == 0 else { throw Error.readFailed(sdlError()) }
        return pixels
    }

    /// Writes the canvas to a PNG file (flushes queued drawing first).
    func savePNG(to path: String) throws {
        // SDL batches draw calls; the surface only holds them after a flush.
        SDL_RenderFlush(renderer)
        try OutputFile.save(Screenshot.pngData(of: surface, path: path), to: path)
    }
}
