import CSPNG
import Foundation

/// PNGs through libspng, from memory, one row at a time: every colour type and bit depth as 8-bit RGBA
/// (a `tRNS` colour as transparency), and a photo drawn smaller than it is shrunk by a whole factor
/// with a box filter as its rows arrive (the same means and the same dropped edge as `BoxShrink`), so
/// no full-size picture is made unless it is interlaced (Adam7 rows come in seven passes: those are
/// decoded whole, then shrunk).
///
/// Reading row by row also bounds the work by what the header declares: once the last row is in,
/// nothing more is inflated, so image data that would inflate to gigabytes past it (a "zlib bomb")
/// costs no more than a real image of that size. The file is in memory, so there is no read past its
/// end: a truncated file is an error, not a loop. Ancillary chunks are capped (`chunkLimit`), a chunk
/// whose CRC does not match is refused if critical and skipped if not (libpng's defaults), and the
/// decode stops at its deadline.
package enum PNGRowDecoder {
    /// libpng's default limit on either side (`PNG_USER_WIDTH_MAX`).
    static let maxSide: UInt32 = 1_000_000
    /// The most bytes of one ancillary chunk, and of all of them together, that libspng keeps (text,
    /// ICC profiles): far above any real file's, far below what a crafted one could ask.
    static let chunkLimit = 4 << 20
    static let chunkCacheLimit = 16 << 20

    /// A decoded ARGB8888 picture and the PNG's own width and height.
    package typealias Decoded = (picture: PixelBuffer, width: Int, height: Int)

    /// The IHDR's size, or the reason there is none.
    package static func size(of png: UnsafeRawBufferPointer) -> Result<(width: Int, height: Int), PhotoDecoder.Failure>
    {
        withContext(png) { ctx in
            var header = spng_ihdr()
            let rc = spng_get_ihdr(ctx, &header)
            guard rc == 0 else { return .failure(failure(rc)) }
            return .success((Int(header.width), Int(header.height)))
        }
    }

    /// `png` shrunk by `max(width, height) / maxDimension` when that is at least 2, else full size.
    package static func decode(_ png: UnsafeRawBufferPointer, maxDimension: Int, limits: DecodeLimits) -> Result<
        Decoded, PhotoDecoder.Failure
    > {
        withContext(png) { ctx in
            var header = spng_ihdr()
            let rc = spng_get_ihdr(ctx, &header)
            guard rc == 0 else { return .failure(failure(rc)) }
            let width = Int(header.width)
            let height = Int(header.height)
            guard width * height <= PhotoDecoder.maxDecodedPixels else {
                return .failure(.tooLarge(width: width, height: height))
            }
            let flags = Int32(SPNG_DECODE_TRNS.rawValue | SPNG_DECODE_PROGRESSIVE.rawValue)
            let started = spng_decode_image(ctx, nil, 0, Int32(SPNG_FMT_RGBA8.rawValue), flags)
            guard started == 0 else { return .failure(failure(started)) }
            let factor = max(width, height) / max(1, maxDimension)
            let decoded: Result<PixelBuffer, PhotoDecoder.Failure>
            if header.interlace_method == 0, factor >= 2, width / factor > 0, height / factor > 0 {
                decoded = shrunk(ctx, width: width, height: height, factor: factor, limits: limits)
            } else {
                decoded = fullSize(ctx, width: width, height: height, limits: limits).map { picture in
                    guard factor >= 2, let small = BoxShrink.shrink(picture, by: factor) else { return picture }
                    return small
                }
            }
            return decoded.map { ($0, width, height) }
        }
    }

    /// A context reading `png`, with the limits above, for `body`.
    private static func withContext<R>(
        _ png: UnsafeRawBufferPointer, _ body: (OpaquePointer) -> Result<R, PhotoDecoder.Failure>
    ) -> Result<R, PhotoDecoder.Failure> {
        guard let base = png.baseAddress, png.count > 0 else { return .failure(.corrupt("empty file")) }
        guard let ctx = spng_ctx_new(0) else { return .failure(.outOfMemory) }
        defer { spng_ctx_free(ctx) }
        spng_set_image_limits(ctx, maxSide, maxSide)
        spng_set_chunk_limits(ctx, chunkLimit, chunkCacheLimit)
        spng_set_crc_action(ctx, Int32(SPNG_CRC_ERROR.rawValue), Int32(SPNG_CRC_DISCARD.rawValue))
        // libspng only reads the buffer (its parameter is not const).
        guard spng_set_png_buffer(ctx, UnsafeMutableRawPointer(mutating: base), png.count) == 0 else {
            return .failure(.outOfMemory)
        }
        return body(ctx)
    }

    static func failure(_ code: Int32) -> PhotoDecoder.Failure {
        if code == Int32(SPNG_EMEM.rawValue) { return .outOfMemory }
        return .corrupt(String(cString: spng_strerror(code)))
    }

    /// Every row into a new full-size ARGB8888 picture (interlaced passes land where they belong).
    private static func fullSize(_ ctx: OpaquePointer, width: Int, height: Int, limits: DecodeLimits) -> Result<
        PixelBuffer, PhotoDecoder.Failure
    > {
        guard let picture = PixelBuffer(width: width, height: height) else { return .failure(.outOfMemory) }
        let pixels = picture.pixels
        let pitch = picture.pitch
        var touched = [Bool](repeating: false, count: height)
        var info = spng_row_info()
        while true {
            var rc = spng_get_row_info(ctx, &info)
            if rc == 0 {
                let y = Int(info.row_num)
                let row = pixels + y * pitch
                // Decoded in place as R, G, B, A; turned into B, G, R, A (ARGB8888) once the last pass
                // that touches the row is in, below.
                rc = spng_decode_row(ctx, row, width * 4)
                touched[y] = true
            }
            if rc == Int32(SPNG_EOI.rawValue) { break }
            if rc != 0 || limits.isPast {
                return .failure(rc != 0 ? failure(rc) : .corrupt("took too long to decode"))
            }
        }
        for y in 0..<height where touched[y] {
            swapRedAndBlue((pixels + y * pitch).assumingMemoryBound(to: UInt32.self), count: width)
        }
        return .success(picture)
    }

    /// The rows summed in bands of `factor` into a `width / factor` × `height / factor` picture
    /// (`RGBABoxBands`).
    private static func shrunk(_ ctx: OpaquePointer, width: Int, height: Int, factor: Int, limits: DecodeLimits)
        -> Result<PixelBuffer, PhotoDecoder.Failure>
    {
        guard let row = malloc(width * 4)?.assumingMemoryBound(to: UInt8.self),
            let bands = RGBABoxBands(width: width, height: height, factor: factor)
        else { return .failure(.outOfMemory) }
        defer { free(row) }
        for y in 0..<height {
            let rc = spng_decode_row(ctx, row, width * 4)
            // The last row answers "end of image"; any row may answer damage. The rows past the last
            // whole band are decoded too (and dropped), so a truncated file is damage, as libpng says.
            let last = y == height - 1
            guard rc == 0 || (last && rc == Int32(SPNG_EOI.rawValue)), !limits.isPast else {
                return .failure(
                    rc != 0 && rc != Int32(SPNG_EOI.rawValue)
                        ? failure(rc)
                        : .corrupt(
                            rc == 0 ? "took too long to decode" : "truncated"))
            }
            bands.add(row, y: y)
        }
        return bands.takePicture().map { .success($0) } ?? .failure(.outOfMemory)
    }

    /// R, G, B, A bytes as ARGB8888 words (B, G, R, A in memory on a little-endian machine).
    private static func swapRedAndBlue(_ row: UnsafeMutablePointer<UInt32>, count: Int) {
        for x in 0..<count {
            let p = row[x]
            row[x] = (p & 0xFF00_FF00) | (p & 0xFF) << 16 | (p >> 16) & 0xFF
        }
    }
}
