import CPixels
import CSDL2

/// A photo that changes size every frame (a matched-geometry flight), scaled straight into the
/// frame's pixels in the software renderer with AVX2 (`tessera_scale_bilinear`): the same bits SDL's
/// scaler writes, at about a third of its cost (BENCHMARKS.md, "Photos that change size"). In the
/// toggled picker it was a fifth of an animated frame's CPU, one flying photo of some 12,000 pixels.
///
/// It reads the level's texels where the software renderer keeps them: a streaming texture locks onto
/// its own pixels without a copy (`TextureFactory` makes opaque photos' levels so there). It writes
/// the whole destination rectangle in one pass, cut by the clip without moving its samples, where the
/// renderer drew three strips and four corner squares, each cut by SDL's clip from a rounded source.
enum DirectScale {
    /// True on a CPU with AVX2; elsewhere photos are scaled by SDL, as before.
    static let isAvailable = tessera_scale_bilinear_available() != 0

    /// Scales the `source` texels of `level` onto `destination` in `frame`, writing only the pixels
    /// inside `clip` (and the frame). False, with nothing written, when it cannot: no AVX2, a level
    /// whose pixels cannot be read (not a streaming texture) or in another format than the frame's.
    /// What the renderer has queued must have been flushed first.
    static func draw(
        level: MipLevel, source: IntRect, destination: PixelRect, clip: PixelRect,
        into frame: UnsafeMutablePointer<SDL_Surface>
    ) -> Bool {
        // Past 2²⁴ pixels from the origin (a photo zoomed far beyond the screen) SDL scales it.
        let limit = 1 << 24
        guard isAvailable, !source.isEmpty, destination.width >= 1, destination.height >= 1,
            abs(destination.x0) < limit, abs(destination.y0) < limit, abs(destination.x1) < limit,
            abs(destination.y1) < limit,
            let frameFormat = frame.pointee.format?.pointee, frameFormat.BytesPerPixel == 4,
            let framePixels = frame.pointee.pixels
        else { return false }
        var format: UInt32 = 0
        var access: Int32 = 0
        var width: Int32 = 0
        var height: Int32 = 0
        guard SDL_QueryTexture(level.texture, &format, &access, &width, &height) == 0,
            access == Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), format == frameFormat.format,
            source.x >= 0, source.y >= 0, source.x + source.w <= Int(width), source.y + source.h <= Int(height)
        else { return false }
        let written = clip.intersection(PixelRect(x0: 0, y0: 0, x1: Int(frame.pointee.w), y1: Int(frame.pointee.h)))
        guard !written.isEmpty else { return true }
        var texels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(level.texture, nil, &texels, &pitch) == 0, let texels else { return false }
        defer { SDL_UnlockTexture(level.texture) }
        return tessera_scale_bilinear(
            texels.assumingMemoryBound(to: UInt32.self), pitch, Int32(source.x), Int32(source.y), Int32(source.w),
            Int32(source.h), framePixels.assumingMemoryBound(to: UInt32.self), frame.pointee.pitch,
            Int32(destination.x0), Int32(destination.y0), Int32(destination.width), Int32(destination.height),
            Int32(written.x0), Int32(written.y0), Int32(written.x1), Int32(written.y1)) == 0
    }
}
