import CSDL2

/// Shrinks a full-size decode by a whole factor k with a k×k box filter, straight from whatever format
/// a decoder returned (a full-size interlaced PNG from libspng) into a small ARGB8888 surface — a few rows at a time,
/// so the full image is never converted (or copied) whole: for 5600×3200 that is a 54 MB decode and a
/// 4.5 MB result, instead of a further 72 MB ARGB copy and two halvings. Averaging every source pixel
/// also makes a better reduction than bilinear steps.
enum BoxShrink {
    /// `source` reduced by `factor` (≥ 2) into a new ARGB8888 surface the caller owns; the last
    /// `width % factor` columns and `height % factor` rows (under one output pixel) are dropped. Nil
    /// for a palettised surface (SDL_ConvertPixels cannot read those) or when out of memory.
    static func shrink(_ source: UnsafeMutablePointer<SDL_Surface>, by factor: Int) -> UnsafeMutablePointer<
        SDL_Surface
    >? {
        let s = source.pointee
        guard factor >= 2, let format = s.format, format.pointee.palette == nil, let pixels = s.pixels else {
            return nil
        }
        let width = Int(s.w)
        let outWidth = width / factor
        let outHeight = Int(s.h) / factor
        guard outWidth > 0, outHeight > 0,
            let out = SDL_CreateRGBSurfaceWithFormat(
                0, Int32(outWidth), Int32(outHeight), 32, SDL_PIXELFORMAT_ARGB8888.rawValue),
            let outPixels = out.pointee.pixels
        else { return nil }
        // One band of `factor` source rows, converted to ARGB8888; sums per output pixel of a band.
        var band = [UInt32](repeating: 0, count: width * factor)
        var sums = [UInt32](repeating: 0, count: outWidth * 4)
        let area = UInt32(factor * factor)
        let pitch = Int(s.pitch)
        for oy in 0..<outHeight {
            let converted = band.withUnsafeMutableBytes { buffer in
                SDL_ConvertPixels(
                    Int32(width), Int32(factor), format.pointee.format, pixels + oy * factor * pitch, Int32(pitch),
                    SDL_PIXELFORMAT_ARGB8888.rawValue, buffer.baseAddress, Int32(width * 4))
            }
            guard converted == 0 else {
                SDL_FreeSurface(out)
                return nil
            }
            for i in sums.indices { sums[i] = 0 }
            band.withUnsafeBufferPointer { rows in
                sums.withUnsafeMutableBufferPointer { sum in
                    for y in 0..<factor {
                        let row = y * width
                        for ox in 0..<outWidth {
                            let base = row + ox * factor
                            var a: UInt32 = 0
                            var r: UInt32 = 0
                            var g: UInt32 = 0
                            var b: UInt32 = 0
                            for x in 0..<factor {
                                let p = rows[base + x]
                                a += p >> 24
                                r += (p >> 16) & 0xFF
                                g += (p >> 8) & 0xFF
                                b += p & 0xFF
                            }
                            sum[ox * 4] += a
                            sum[ox * 4 + 1] += r
                            sum[ox * 4 + 2] += g
                            sum[ox * 4 + 3] += b
                        }
                    }
                }
            }
            let outRow = (outPixels + oy * Int(out.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
            for ox in 0..<outWidth {
                let half = area / 2
                let a = (sums[ox * 4] + half) / area
                let r = (sums[ox * 4 + 1] + half) / area
                let g = (sums[ox * 4 + 2] + half) / area
                let b = (sums[ox * 4 + 3] + half) / area
                outRow[ox] = a << 24 | r << 16 | g << 8 | b
            }
        }
        return out
    }
}
