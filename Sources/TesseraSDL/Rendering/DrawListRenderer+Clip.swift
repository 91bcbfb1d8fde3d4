import CSDL2
import TesseraCore
import TesseraGeometry
import TesseraRaster

extension DrawListRenderer {
    /// Applies a command's clip (POINTS) and returns the pixels it may touch: the output, cut by the
    /// clip when there is one. Returns nil when nothing would be visible, so the command is skipped.
    ///
    /// The clip is rounded OUTWARD to whole pixels (a tile reaching into a clip's partial pixel keeps
    /// that pixel) and set with `SDL_RenderSetClipRect`, which takes pixels because this renderer
    /// never uses `SDL_RenderSetScale`.
    func prepareClip(_ clip: Rect?) -> PixelRect? {
        guard let clip else {
            setClip(drawsDamageOnly ? output : nil)
            return output.isEmpty ? nil : output
        }
        let clipPixels = PixelRect(enclosing: clip, pixelsPerPoint: pixelsPerPoint)
        let pixels = clipPixels.intersection(output)
        guard !pixels.isEmpty else { return nil }
        setClip(pixels)
        return pixels
    }

    /// Sets the renderer's clip rect (pixels), or removes it for nil, skipping redundant calls.
    /// `render` clears `clipIsKnown` first, so each frame starts from a clip it set itself.
    func setClip(_ pixels: PixelRect?) {
        // Compared case by case: `Optional`'s own `==` went through the generic witnesses, once for
        // every command of every pass.
        if clipIsKnown {
            switch (pixels, currentClip) {
            case (nil, nil): return
            case (let new?, let current?) where new == current: return
            default: break
            }
        }
        if let pixels {
            var rect = pixels.sdlRect
            check(SDL_RenderSetClipRect(renderer, &rect), "SDL_RenderSetClipRect")
        } else {
            check(SDL_RenderSetClipRect(renderer, nil), "SDL_RenderSetClipRect")
        }
        currentClip = pixels
        clipIsKnown = true
    }
}
