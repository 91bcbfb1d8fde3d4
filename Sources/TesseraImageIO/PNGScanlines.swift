import Foundation

/// A PNG's inflated image data — `height` scanlines, each a filter-type byte then `width` RGBA pixels
/// at bit depth 8 — made into an ARGB8888 picture one scanline at a time. Each scanline is unfiltered in place, where the next one finds it as the row
/// above, and is used at once: no full-size picture is made for a shrunk one.
struct PNGScanlines {
    let bytes: UnsafeMutablePointer<UInt8>
    let width: Int
    let height: Int
    private let channels = 4

    private var stride: Int { 1 + width * channels }

    /// Every pixel, in a new ARGB8888 picture: what `MipChain` (TesseraSDL) makes of libpng's RGBA.
    func fullSize() -> Result<PixelBuffer, PhotoDecoder.Failure> {
        let rowBytes = width * channels
        guard let zeros = calloc(rowBytes, 1)?.assumingMemoryBound(to: UInt8.self) else {
            return .failure(.outOfMemory)
        }
        defer { free(zeros) }
        guard let picture = PixelBuffer(width: width, height: height) else { return .failure(.outOfMemory) }
        for y in 0..<height {
            guard reconstruct(y, count: rowBytes, zeros: zeros) else {
                return .failure(.corrupt("undefined filter type"))
            }
            let source = bytes + (y &* stride &+ 1)
            let row = picture.row(y)
            for x in 0..<width {
                let p = source + x &* 4
                let alpha = UInt32(p[3]) << 24
                let red = UInt32(p[0]) << 16
                let green = UInt32(p[1]) << 8
                row[x] = alpha | red | green | UInt32(p[2])
            }
        }
        return .success(picture)
    }

    /// Reduced by `factor` (≥ 2, and no larger than either side) into a new ARGB8888 picture, exactly as `BoxShrink.shrink(_:by:)` reduces a full-size decode: each output
    /// channel is the rounded mean of a `factor`×`factor` box, and the last `width % factor` columns
    /// and `height % factor` rows are dropped.
    func boxShrunk(by factor: Int) -> Result<PixelBuffer, PhotoDecoder.Failure> {
        let outHeight = height / factor
        guard let bands = RGBABoxBands(width: width, height: height, factor: factor),
            // The dropped columns are not even unfiltered.
            let zeros = calloc(bands.usedBytes, 1)?.assumingMemoryBound(to: UInt8.self)
        else { return .failure(.outOfMemory) }
        defer { free(zeros) }
        for y in 0..<(outHeight * factor) {
            guard reconstruct(y, count: bands.usedBytes, zeros: zeros) else {
                return .failure(.corrupt("undefined filter type"))
            }
            bands.add(bytes + (y &* stride &+ 1), y: y)
        }
        // The dropped rows are not unfiltered either, but libpng refuses an undefined filter type in
        // any scanline, so they are refused here too.
        for y in (outHeight * factor)..<height where bytes[y &* stride] > 4 {
            return .failure(.corrupt("undefined filter type"))
        }
        return bands.takePicture().map { .success($0) } ?? .failure(.outOfMemory)
    }

    /// Unfilters the first `count` bytes of scanline `y` in place, the row above being done already;
    /// false for a filter type the PNG specification does not define.
    @inline(__always)
    private func reconstruct(_ y: Int, count: Int, zeros: UnsafeMutablePointer<UInt8>) -> Bool {
        let line = bytes + y &* stride
        let above = y == 0 ? zeros : bytes + ((y &- 1) &* stride &+ 1)
        return PNGRowFilter.reconstruct(
            line[0], row: line + 1, previous: UnsafePointer(above), count: count, bytesPerPixel: channels)
    }
}
