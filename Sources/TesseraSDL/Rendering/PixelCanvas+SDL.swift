import CSDL2
import TesseraRaster

/// The rasteriser's pixel types (TesseraRaster) over SDL's: a surface's pixels as a canvas, a pixel
/// rect as the rects SDL's calls take.
extension PixelCanvas {
    /// `surface`'s pixels, when it has them in memory at 4 bytes a pixel; nil otherwise. The canvas is
    /// good while the surface lives (and, for an RLE surface, is locked; the renderer's never are).
    init?(surface: UnsafeMutablePointer<SDL_Surface>) {
        guard let pixels = surface.pointee.pixels, surface.pointee.format?.pointee.BytesPerPixel == 4 else {
            return nil
        }
        self.init(
            pixels: pixels, width: Int(surface.pointee.w), height: Int(surface.pointee.h),
            pitch: Int(surface.pointee.pitch))
    }
}

extension PixelRect {
    var sdlRect: SDL_Rect { SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(width), h: Int32(height)) }

    /// Integer-valued float rect: what `SDL_RenderCopyF` / `SDL_RenderFillRectF` get, so the software
    /// renderer's truncation is a no-op and GPU renderers land on the same pixels.
    var sdlFRect: SDL_FRect { SDL_FRect(x: Float(x0), y: Float(y0), w: Float(width), h: Float(height)) }
}
