import Foundation

/// A box shrink fed one RGBA row (8 bits a channel) at a time, as both PNG decoders produce them: the
/// rows of a band of `factor` are summed per byte, and each whole band becomes one row of a
/// `width / factor` × `height / factor` ARGB8888 picture, each channel the rounded mean of its
/// `factor` × `factor` box — `BoxShrink.shrink(_:by:)`'s result, without a full-size picture. The last
/// `width % factor` columns and `height % factor` rows are dropped.
final class RGBABoxBands {
    let factor: Int
    /// Bytes of a row that fall in some box (the rest are never read).
    let usedBytes: Int
    private let outWidth: Int
    private let outHeight: Int
    private let sums: UnsafeMutablePointer<UInt32>
    private var picture: PixelBuffer?

    /// Nil when memory for the sums or the picture cannot be had.
    init?(width: Int, height: Int, factor: Int) {
        self.factor = factor
        outWidth = width / factor
        outHeight = height / factor
        usedBytes = outWidth * factor * 4
        guard let sums = malloc(usedBytes * 4)?.assumingMemoryBound(to: UInt32.self) else { return nil }
        self.sums = sums
        guard let picture = PixelBuffer(width: outWidth, height: outHeight) else {
            free(sums)
            return nil
        }
        self.picture = picture
    }

    deinit { free(sums) }

    /// Adds row `y` of the picture (at least `usedBytes` long); a row past the last whole band is
    /// ignored.
    func add(_ row: UnsafePointer<UInt8>, y: Int) {
        let band = y / factor
        guard band < outHeight, let picture else { return }
        if y % factor == 0 {
            for i in 0..<usedBytes { sums[i] = UInt32(row[i]) }
        } else {
            for i in 0..<usedBytes { sums[i] &+= UInt32(row[i]) }
        }
        guard y % factor == factor - 1 else { return }
        let out = picture.row(band)
        let area = UInt64(factor &* factor)
        let half = area / 2
        // In 64 bits, so no factor can overflow a box's sum.
        @inline(__always) func mean(_ sum: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: (sum &+ half) / area) }
        for ox in 0..<outWidth {
            var p = sums + ox &* factor &* 4
            var r: UInt64 = 0
            var g: UInt64 = 0
            var b: UInt64 = 0
            var a: UInt64 = 0
            for _ in 0..<factor {
                r &+= UInt64(p[0])
                g &+= UInt64(p[1])
                b &+= UInt64(p[2])
                a &+= UInt64(p[3])
                p += 4
            }
            out[ox] = mean(a) << 24 | mean(r) << 16 | mean(g) << 8 | mean(b)
        }
    }

    /// The shrunk picture, handed to the caller; the bands let go of it.
    func takePicture() -> PixelBuffer? {
        defer { picture = nil }
        return picture
    }
}
