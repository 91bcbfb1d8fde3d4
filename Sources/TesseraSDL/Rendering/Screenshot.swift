import CSDL2
import Foundation
import TesseraCore

/// Screenshots of any renderer (a window's, or an offscreen one).
package enum Screenshot {
    /// Reads the top-left `width`×`height` PIXELS of the renderer's output with `SDL_RenderReadPixels`
    /// (the output's size, or the part of a larger canvas a window shows) and writes them as a PNG. Call it after
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
        var area = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
        guard
            SDL_RenderReadPixels(
                renderer, &area, SDL_PIXELFORMAT_RGB888.rawValue, surface.pointee.pixels, surface.pointee.pitch) == 0
        else { throw OffscreenCanvas.Error.readFailed(sdlError()) }
        try OutputFile.save(pngData(of: surface, path: path), to: path)
    }

    /// `surface` encoded as PNG, in memory: the file is then written by `OutputFile` (atomically, or
    /// through to a device or FIFO), and a failed write is seen — `IMG_SavePNG` on a full disk left
    /// an empty file and reported success.
    static func pngData(of surface: UnsafeMutablePointer<SDL_Surface>, path: String) throws -> Data {
        // Deflate never grows data by more than 5 bytes per 16 KB block, plus a filter byte per row and
        // the chunks' headers (RFC 1951 §3.2.4, PNG §4.1.3): raw size + 1/64 + 64 KB always holds it.
        let raw = Int(surface.pointee.pitch) * Int(surface.pointee.h)
        var buffer = [UInt8](repeating: 0, count: raw + raw / 64 + Int(surface.pointee.h) + 65536)
        let size = try buffer.withUnsafeMutableBytes { bytes -> Int in
            guard let rw = SDL_RWFromMem(bytes.baseAddress, Int32(bytes.count)) else {
                throw OffscreenCanvas.Error.saveFailed(path: path, reason: sdlError())
            }
            defer { SDL_RWclose(rw) }
            guard IMG_SavePNG_RW(surface, rw, 0) == 0 else {
                throw OffscreenCanvas.Error.saveFailed(path: path, reason: sdlError())
            }
            return Int(SDL_RWtell(rw))
        }
        return Data(buffer[0..<size])
    }
}
