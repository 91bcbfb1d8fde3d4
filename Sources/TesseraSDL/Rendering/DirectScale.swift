import CSDL2
import TesseraRaster

/// A photo that changes size every frame (a matched-geometry flight), scaled straight into the
/// frame's pixels in the software renderer with AVX2 (`BilinearScale` in TesseraRaster): the same bits SDL's
/// scaler writes, at about a third of its cost (BENCHMARKS.md, "Photos that change size"). In the
/// toggled picker it was a fifth of an animated frame's CPU, one flying photo of some 12,000 pixels.
///
/// It reads the level's texels where the software renderer keeps them: a streaming texture locks onto
/// its own pixels without a copy (`TextureFactory` makes opaque photos' levels so there). It writes
/// the whole destination rectangle in one pass, cut by the clip without moving its samples, where the
/// renderer drew three strips and four corner squares, each cut by SDL's clip from a rounded source.
enum DirectScale {
    /// True on a CPU with AVX2; elsewhere photos are scaled by SDL, as before.
    static var isAvailable: Bool { BilinearScale.isAvailable }

    /// Scales the `source` texels of `level` onto `destination` in `frame`, writing only the pixels
    /// inside `clip` (and the frame), by `BilinearScale` over the level's locked texels. False, with
    /// nothing written, when it cannot: no AVX2, a level whose pixels cannot be read (not a streaming
    /// texture) or in another format than the frame's. What the renderer has queued must have been
    /// flushed first.
    static func draw(
        level: MipLevel, source: IntRect, destination: PixelRect, clip: PixelRect,
        into frame: UnsafeMutablePointer<SDL_Surface>
    ) -> Bool {
        // Past 2²⁴ pixels from the origin (a photo zoomed far beyond the screen) SDL scales it.
        let limit = BilinearScale.limit
        guard isAvailable, !source.isEmpty, destination.width >= 1, destination.height >= 1,
            abs(destination.x0) < limit, abs(destination.y0) < limit, abs(destination.x1) < limit,
            abs(destination.y1) < limit,
            let frameFormat = frame.pointee.format?.pointee, frameFormat.BytesPerPixel == 4,
            let target = PixelCanvas(surface: frame)
        else { return false }
        var format: UInt32 = 0
        var access: Int32 = 0
        var width: Int32 = 0
        var height: Int32 = 0
        guard SDL_QueryTexture(level.texture, &format, &access, &width, &height) == 0,
            access == Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), format == frameFormat.format,
            source.x >= 0, source.y >= 0, source.x + source.w <= Int(width), source.y + source.h <= Int(height)
        else { return false }
        guard !clip.intersection(target.bounds).isEmpty else { return true }
        var texels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(level.texture, nil, &texels, &pitch) == 0, let texels else { return false }
        defer { SDL_UnlockTexture(level.texture) }
        let level = PixelCanvas(pixels: texels, width: Int(width), height: Int(height), pitch: Int(pitch))
        return BilinearScale.scale(source, of: level, onto: destination, in: target, clip: clip)
    }
}
