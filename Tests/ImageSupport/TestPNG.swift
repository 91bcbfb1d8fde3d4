import CDeflate
import CZlib
import Foundation

/// PNG files written byte by byte (PNG specification, W3C / ISO/IEC 15948), so a test can choose what
/// encoders choose — each scanline's filter type, how the image data is split into `IDAT` chunks, bit
/// depth, palette, interlacing — and what damage does: a wrong CRC, a stream of the wrong length.
package struct TestPNG {
    package var width: Int
    package var height: Int
    /// 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA.
    package var colourType: UInt8 = 6
    package var bitDepth: UInt8 = 8
    /// Adam7 when true (every pass's scanlines with filter type None).
    package var interlaced = false
    /// The filter type of scanline `y` (a non-interlaced image): by default all five in turn.
    package var filter: (Int) -> UInt8 = { UInt8($0 % 5) }
    /// Most bytes of the zlib stream in one `IDAT` (libpng writes 8 KB chunks).
    package var chunkSize = 8192
    /// Chunks between `IHDR` and the image data: type and body.
    package var chunksBeforeData: [(String, [UInt8])] = []
    /// Scanlines in the zlib stream, when not `height` (a damaged file).
    package var rowsInStream: Int?
    /// Sample `channel` of pixel (x, y): 8 bits at bit depth 8 (a palette index for colour type 3);
    /// at 16 bits the high byte, the low byte being its complement.
    package var sample: (Int, Int, Int) -> UInt8 = { x, y, c in TestPNG.noisy(x, y, c) }

    package init(width: Int, height: Int, colourType: UInt8 = 6, chunkSize: Int = 8192) {
        self.width = width
        self.height = height
        self.colourType = colourType
        self.chunkSize = chunkSize
    }

    package var channels: Int {
        switch colourType {
        case 2: 3
        case 4: 2
        case 6: 4
        default: 1
        }
    }

    /// A gradient with per-pixel noise, and for alpha (channel 1 of grey + alpha, 3 of RGBA) regions of
    /// 0, 255 and everything between: what makes a box filter's rounding show.
    package static func noisy(_ x: Int, _ y: Int, _ c: Int) -> UInt8 {
        var h = UInt32(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663 ^ c &* 83_492_791)
        h ^= h >> 13
        h = h &* 0x5BD1_E995
        h ^= h >> 15
        let noise = Int(h % 41) - 20
        let base = c == 0 ? x * 255 / 1000 : c == 1 ? y * 255 / 700 : (x + y) % 256
        return UInt8(clamping: base + noise)
    }

    package var data: Data {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let header =
            Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height)) + [
                bitDepth, colourType, 0, 0, interlaced ? 1 : 0,
            ]
        Self.append("IHDR", header, to: &png)
        for (type, body) in chunksBeforeData { Self.append(type, body, to: &png) }
        let stream = Self.compress(interlaced ? adam7Scanlines() : scanlines())
        var at = 0
        repeat {
            let end = min(stream.count, at + chunkSize)
            Self.append("IDAT", Array(stream[at..<end]), to: &png)
            at = end
        } while at < stream.count
        Self.append("IEND", [], to: &png)
        return png
    }

    /// The bytes of pixel (x, y), as stored, from `out[at]` on.
    private func store(_ x: Int, _ y: Int, into out: inout [UInt8], at: Int) {
        var at = at
        for c in 0..<channels {
            let value = sample(x, y, c)
            out[at] = value
            if bitDepth == 16 {
                out[at + 1] = ~value
                at += 2
            } else {
                at += 1
            }
        }
    }

    private var bytesPerPixel: Int { channels * Int(bitDepth) / 8 }

    private func scanlines() -> [UInt8] {
        let rowBytes = width * bytesPerPixel
        let rows = rowsInStream ?? height
        var out = [UInt8](repeating: 0, count: rows * (1 + rowBytes))
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var row = previous
        for y in 0..<rows {
            for x in 0..<width { store(x, y % height, into: &row, at: x * bytesPerPixel) }
            let type = filter(y)
            out[y * (1 + rowBytes)] = type
            Self.filter(row, previous: previous, type: type, bpp: bytesPerPixel, into: &out, at: y * (1 + rowBytes) + 1)
            swap(&previous, &row)
        }
        return out
    }

    /// Adam7's seven passes, each a smaller image of its own scanlines (PNG specification, "Interlacing").
    private func adam7Scanlines() -> [UInt8] {
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        var out: [UInt8] = []
        for (x0, y0, dx, dy) in passes where x0 < width && y0 < height {
            for y in stride(from: y0, to: height, by: dy) {
                out.append(0)
                for x in stride(from: x0, to: width, by: dx) {
                    out += [UInt8](repeating: 0, count: bytesPerPixel)
                    store(x, y, into: &out, at: out.count - bytesPerPixel)
                }
            }
        }
        return out
    }

    /// `row` filtered with `type` against `previous` (filter method 0) into `out` from `at` on; an
    /// undefined type is stored unfiltered.
    package static func filter(
        _ row: [UInt8], previous: [UInt8], type: UInt8, bpp: Int, into out: inout [UInt8], at: Int
    ) {
        for i in 0..<row.count {
            let a = i >= bpp ? Int(row[i - bpp]) : 0
            let b = Int(previous[i])
            let c = i >= bpp ? Int(previous[i - bpp]) : 0
            let prediction: Int
            switch type {
            case 1: prediction = a
            case 2: prediction = b
            case 3: prediction = (a + b) / 2
            case 4:
                let p = a + b - c
                let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                prediction = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
            default: prediction = 0
            }
            out[at + i] = row[i] &- UInt8(truncatingIfNeeded: prediction)
        }
    }

    package static func compress(_ bytes: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        precondition(compress2(&out, &size, bytes, uLong(bytes.count), 6) == Z_OK)
        return Array(out[..<Int(size)])
    }

    package static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
    }

    package static func append(_ type: String, _ body: [UInt8], to png: inout Data) {
        let typed = Array(type.utf8) + body
        png.append(contentsOf: bigEndian(UInt32(body.count)) + typed)
        png.append(contentsOf: bigEndian(crc(typed)))
    }

    /// Makes the CRC of the chunk at `offset` match its (altered) type and data again.
    package static func rewriteCRC(ofChunkAt offset: Int, in png: inout Data) {
        let bytes = [UInt8](png)
        let length = Int(bigEndianWord(bytes, at: offset))
        let typed = Array(bytes[(offset + 4)..<(offset + 8 + length)])
        let crc = bigEndian(crc(typed))
        png.replaceSubrange((offset + 8 + length)..<(offset + 12 + length), with: crc)
    }

    /// The chunk CRC (PNG specification, annex D), the project's one CRC-32: libdeflate's.
    package static func crc(_ bytes: [UInt8]) -> UInt32 { UInt32(libdeflate_crc32(0, bytes, bytes.count)) }

    /// A zlib stream that inflates to `segments` MB of zeros, each megabyte compressed once and repeated
    /// (a full flush resets the compressor, so every segment after the first is the same bytes): a
    /// "decompression bomb" of about a kilobyte per inflated megabyte, made in milliseconds.
    package static func bomb(megabytes segments: Int) -> [UInt8] {
        var stream = z_stream()
        precondition(deflateInit_(&stream, 9, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        defer { deflateEnd(&stream) }
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        var out = [UInt8](repeating: 0, count: 1 << 20)
        func run(_ flush: Int32, input: Bool) -> [UInt8] {
            zeros.withUnsafeBufferPointer { z in
                out.withUnsafeMutableBufferPointer { o in
                    stream.next_in = input ? UnsafeMutablePointer(mutating: z.baseAddress) : nil
                    stream.avail_in = input ? uInt(z.count) : 0
                    stream.next_out = o.baseAddress
                    stream.avail_out = uInt(o.count)
                    _ = deflate(&stream, flush)
                    return Array(o[0..<(o.count - Int(stream.avail_out))])
                }
            }
        }
        let first = run(Z_FULL_FLUSH, input: true)
        let repeated = run(Z_FULL_FLUSH, input: true)
        var bytes = first
        for _ in 1..<max(1, segments) { bytes += repeated }
        // An empty final block and an Adler-32 (of nothing correct: nothing reads that far).
        bytes += [0x03, 0x00, 0, 0, 0, 1]
        return bytes
    }

    private static func bigEndianWord(_ bytes: [UInt8], at i: Int) -> UInt32 {
        UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
    }

    /// The filter types of the scanlines of a non-interlaced, 8-bit `png` of `channels` per pixel.
    package static func filterTypes(in png: Data, channels: Int) -> Set<UInt8> {
        let bytes = [UInt8](png)
        let width = Int(bigEndianWord(bytes, at: 16))
        let height = Int(bigEndianWord(bytes, at: 20))
        let stream = chunks("IDAT", in: png).flatMap { at in
            bytes[(at + 8)..<(at + 8 + Int(bigEndianWord(bytes, at: at)))]
        }
        let stride = 1 + width * channels
        var inflated = [UInt8](repeating: 0, count: height * stride)
        var size = uLong(inflated.count)
        guard uncompress(&inflated, &size, stream, uLong(stream.count)) == Z_OK else { return [] }
        return Set((0..<height).map { inflated[$0 * stride] })
    }

    /// Offsets of the chunks of `png` of `type` (where their length field starts).
    package static func chunks(_ type: String, in png: Data) -> [Int] {
        let bytes = [UInt8](png)
        var offsets: [Int] = []
        var at = 8
        while at + 8 <= bytes.count {
            let length = Int(bigEndianWord(bytes, at: at))
            if String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self) == type { offsets.append(at) }
            at += 12 + length
        }
        return offsets
    }
}
