/// Shrinks a full-size ARGB8888 decode (a full-size interlaced PNG from libspng) by a whole factor k
/// with a k×k box filter into a small picture, reading it in place a band of k rows at a time: for
/// 5600×3200 that is a 54 MB decode and a 4.5 MB result, with no further copy or halvings. Averaging
/// every source pixel also makes a better reduction than bilinear steps.
///
/// Every decoder here produces ARGB8888 (`PixelBuffer`), the one format this reads, so the per-band
/// conversion to ARGB8888 it once asked of SDL (a plain copy between equal formats) is gone: the sums
/// are those of the same words.
enum BoxShrink {
    /// `source` reduced by `factor` (≥ 2) into a new picture; the last `width % factor` columns and
    /// `height % factor` rows (under one output pixel) are dropped. Nil when out of memory.
    static func shrink(_ source: PixelBuffer, by factor: Int) -> PixelBuffer? {
        guard factor >= 2 else { return nil }
        let width = source.width
        let outWidth = width / factor
        let outHeight = source.height / factor
        guard outWidth > 0, outHeight > 0, let out = PixelBuffer(width: outWidth, height: outHeight) else {
            return nil
        }
        // Sums per output pixel of a band of `factor` source rows.
        var sums = [UInt32](repeating: 0, count: outWidth * 4)
        let area = UInt32(factor * factor)
        for oy in 0..<outHeight {
            for i in sums.indices { sums[i] = 0 }
            sums.withUnsafeMutableBufferPointer { sum in
                for y in 0..<factor {
                    let rows = source.row(oy * factor + y)
                    for ox in 0..<outWidth {
                        let base = ox * factor
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
            let outRow = out.row(oy)
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
