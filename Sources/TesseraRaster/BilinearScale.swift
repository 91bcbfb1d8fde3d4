import CPixels

/// Bilinear scaling from one canvas into another with AVX2 (`tessera_scale_bilinear`, `CPixels`): bit
/// for bit what SDL 2's `SDL_SoftStretchLinear` writes for the whole destination rectangle, cut by a
/// clip without moving its samples, at about a third of its cost (BENCHMARKS.md, "Photos that change
/// size"). TesseraSDL scales a photo changing size straight into the frame with it (`DirectScale`),
/// and the part of an oversized copy that shows into a scratch texture (`VisiblePartScaler`).
///
/// Both canvases hold 32-bit pixels of one format (each 8-bit channel is interpolated alike, so which
/// format does not matter). Where the CPU has no AVX2 nothing here runs and the caller lets SDL scale.
package enum BilinearScale {
    /// True on a CPU with AVX2.
    package static let isAvailable = tessera_scale_bilinear_available() != 0
    /// The scaler's widest and tallest clip (`TesseraScale.h`).
    package static let maxClip = 4096
    /// Past 2²⁴ pixels from the origin (a photo zoomed far beyond the screen) the caller lets SDL scale.
    package static let limit = 1 << 24

    /// Scales the `source` texels of `texels` onto `destination` (pixels of `target`; it may reach
    /// outside it), writing only the pixels inside `clip` and the target, in one pass. False, with
    /// nothing written, when it cannot: no AVX2, a source outside `texels` or empty, a destination
    /// past `limit`, a clip wider or taller than `maxClip`.
    package static func scale(
        _ source: IntRect, of texels: PixelCanvas, onto destination: PixelRect, in target: PixelCanvas,
        clip: PixelRect
    ) -> Bool {
        guard isAvailable, !source.isEmpty, destination.width >= 1, destination.height >= 1,
            abs(destination.x0) < limit, abs(destination.y0) < limit, abs(destination.x1) < limit,
            abs(destination.y1) < limit, source.x >= 0, source.y >= 0, source.x + source.w <= texels.width,
            source.y + source.h <= texels.height
        else { return false }
        let written = clip.intersection(target.bounds)
        guard !written.isEmpty else { return true }
        return tessera_scale_bilinear(
            texels.pixels.assumingMemoryBound(to: UInt32.self), Int32(texels.pitch), Int32(source.x),
            Int32(source.y), Int32(source.w), Int32(source.h), target.pixels.assumingMemoryBound(to: UInt32.self),
            Int32(target.pitch), Int32(destination.x0), Int32(destination.y0), Int32(destination.width),
            Int32(destination.height), Int32(written.x0), Int32(written.y0), Int32(written.x1), Int32(written.y1))
            == 0
    }

    /// Scales the `source` texels of `texels` onto `destination` (x, y relative to `target`'s origin;
    /// it may reach far outside it), writing every pixel of `target`, in tiles of at most `maxClip` a
    /// side. False when a tile failed (what came before it is written).
    package static func scaleWhole(
        _ source: IntRect, of texels: PixelCanvas, onto destination: IntRect, in target: PixelCanvas
    ) -> Bool {
        var ok = true
        var y = 0
        while y < target.height && ok {
            var x = 0
            while x < target.width && ok {
                let x1 = min(target.width, x + maxClip)
                let y1 = min(target.height, y + maxClip)
                ok =
                    tessera_scale_bilinear(
                        texels.pixels.assumingMemoryBound(to: UInt32.self), Int32(texels.pitch), Int32(source.x),
                        Int32(source.y), Int32(source.w), Int32(source.h),
                        target.pixels.assumingMemoryBound(to: UInt32.self), Int32(target.pitch), Int32(destination.x),
                        Int32(destination.y), Int32(destination.w), Int32(destination.h), Int32(x), Int32(y),
                        Int32(x1), Int32(y1)) == 0
                x = x1
            }
            y = min(target.height, y + maxClip)
        }
        return ok
    }
}
