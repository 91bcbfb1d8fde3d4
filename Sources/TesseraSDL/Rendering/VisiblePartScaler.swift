import CSDL2
import TesseraRaster

/// A photo drawn scaled into a rectangle far larger than the output (a tall panorama's waterfall tile,
/// a photo zoomed to `zoom.maxScale`), scaled for the part that shows only (`VisiblePart` in
/// TesseraRaster: when, and which texels).
///
/// Why: SDL 2's software renderer, asked to scale a texture into a rectangle that reaches outside its
/// target, scales the WHOLE rectangle into a temporary surface it allocates and clears, then blits the
/// part that shows (`SW_RunCommandQueue`, SDL_render_sw.c: "Prevent to do scaling + clipping on viewport
/// boundaries as it may lose proportion"). A 6×65535 PNG in a 504-pt column is a 504×5,510,401-pixel
/// tile: 11 GB for one strip (issue 44). Here the part that shows is scaled by the project's own
/// bilinear scaler (`BilinearScale`, bit for bit SDL's `SDL_SoftStretchLinear` for the whole
/// rectangle, cut without moving its samples) into a scratch texture of the part's size, which is then
/// copied 1:1 with the source's blend mode and modulation — the same two steps SDL takes, so the same
/// pixels, with a temporary the size of what shows instead of the size of the photo.
///
/// Where the scaler cannot run (no AVX2, a level that cannot be read in place) the copy is cut to the
/// whole texels that cover the part that shows (`VisiblePart.coveringPart`): SDL then scales a
/// rectangle at most a texel larger than the part on each side, its samples placed to within a pixel
/// of the whole draw's.
final class VisiblePartScaler {
    private let renderer: OpaquePointer
    /// The scratch texture (streaming), its format and size in pixels.
    private var scratch: OpaquePointer?
    private var scratchFormat: UInt32 = 0
    private var scratchWidth = 0
    private var scratchHeight = 0
    /// Frames since the scratch was last used: it goes after one unused frame (up to a frame's worth of
    /// pixels is not kept for nothing).
    private var idleFrames = 0

    init(renderer: OpaquePointer) { self.renderer = renderer }

    deinit { if let scratch { SDL_DestroyTexture(scratch) } }

    /// Draws the `source` texels of `texture` scaled onto `destination` (pixels), only where it meets
    /// `visible`. False, with nothing drawn, where neither way works (the caller draws it whole).
    func draw(texture: OpaquePointer, source: IntRect, destination: IntRect, visible: PixelRect) -> Bool {
        let part = PixelRect(
            x0: destination.x, y0: destination.y, x1: destination.x + destination.w, y1: destination.y + destination.h
        ).intersection(visible)
        guard !part.isEmpty else { return true }
        if scaleInPlace(texture: texture, source: source, destination: destination, part: part) { return true }
        guard let (from, to) = VisiblePart.coveringPart(source: source, destination: destination, part: part) else {
            return true
        }
        var src = SDL_Rect(x: Int32(from.x), y: Int32(from.y), w: Int32(from.w), h: Int32(from.h))
        var dst = SDL_FRect(x: Float(to.x), y: Float(to.y), w: Float(to.w), h: Float(to.h))
        return SDL_RenderCopyF(renderer, texture, &src, &dst) == 0
    }

    /// Ends a frame: a scratch unused for a whole frame is freed.
    func endFrame() {
        idleFrames += 1
        if idleFrames > 1, let texture = scratch {
            SDL_DestroyTexture(texture)
            scratch = nil
            scratchWidth = 0
            scratchHeight = 0
        }
    }

    /// The scratch path: false where it cannot run.
    private func scaleInPlace(texture: OpaquePointer, source: IntRect, destination: IntRect, part: PixelRect) -> Bool {
        let limit = 1 << 24
        guard DirectScale.isAvailable, abs(destination.x) < limit, abs(destination.y) < limit,
            destination.w < limit, destination.h < limit
        else { return false }
        var format: UInt32 = 0
        var access: Int32 = 0
        var width: Int32 = 0
        var height: Int32 = 0
        guard SDL_QueryTexture(texture, &format, &access, &width, &height) == 0,
            access == Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), (format >> 8) & 0xFF == 32,
            source.x >= 0, source.y >= 0, source.x + source.w <= Int(width), source.y + source.h <= Int(height),
            let scratch = scratch(format: format, width: part.width, height: part.height)
        else { return false }
        idleFrames = 0
        var texels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(texture, nil, &texels, &pitch) == 0, let texels else { return false }
        var pixels: UnsafeMutableRawPointer?
        var scratchPitch: Int32 = 0
        var whole = SDL_Rect(x: 0, y: 0, w: Int32(part.width), h: Int32(part.height))
        guard SDL_LockTexture(scratch, &whole, &pixels, &scratchPitch) == 0, let pixels else {
            SDL_UnlockTexture(texture)
            return false
        }
        // The scaler's clip is at most `maxClip` a side: `scaleWhole` scales the part in tiles.
        let ok = BilinearScale.scaleWhole(
            source, of: PixelCanvas(pixels: texels, width: Int(width), height: Int(height), pitch: Int(pitch)),
            onto: IntRect(x: destination.x - part.x0, y: destination.y - part.y0, w: destination.w, h: destination.h),
            in: PixelCanvas(pixels: pixels, width: part.width, height: part.height, pitch: Int(scratchPitch)))
        SDL_UnlockTexture(scratch)
        SDL_UnlockTexture(texture)
        guard ok else { return false }
        // The second step as SDL takes it: the scaled pixels blitted with the source's blend mode and
        // modulation.
        var blend = SDL_BLENDMODE_NONE
        var alpha: UInt8 = 255
        var r: UInt8 = 255
        var g: UInt8 = 255
        var b: UInt8 = 255
        SDL_GetTextureBlendMode(texture, &blend)
        SDL_GetTextureAlphaMod(texture, &alpha)
        SDL_GetTextureColorMod(texture, &r, &g, &b)
        SDL_SetTextureBlendMode(scratch, blend)
        SDL_SetTextureAlphaMod(scratch, alpha)
        SDL_SetTextureColorMod(scratch, r, g, b)
        var dst = SDL_FRect(x: Float(part.x0), y: Float(part.y0), w: Float(part.width), h: Float(part.height))
        return SDL_RenderCopyF(renderer, scratch, &whole, &dst) == 0
    }

    /// A streaming scratch texture in `format` of at least `width`×`height`; nil if SDL cannot make one.
    private func scratch(format: UInt32, width: Int, height: Int) -> OpaquePointer? {
        if let scratch, scratchFormat == format, scratchWidth >= width, scratchHeight >= height { return scratch }
        if let scratch { SDL_DestroyTexture(scratch) }
        let w = max(width, scratchFormat == format ? scratchWidth : 0)
        let h = max(height, scratchFormat == format ? scratchHeight : 0)
        scratch = SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(w), Int32(h))
        guard let made = scratch else {
            scratchWidth = 0
            scratchHeight = 0
            return nil
        }
        SDL_SetTextureScaleMode(made, SDL_ScaleModeNearest)
        scratchFormat = format
        scratchWidth = w
        scratchHeight = h
        return made
    }
}
