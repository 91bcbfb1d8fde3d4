import CDeflate
import Foundation

/// Decodes 8-bit RGBA PNGs (not interlaced) of up to 8 megapixels — what editors and screenshot
/// tools export with an alpha channel — faster than libspng, and already shrunk by a whole factor.
/// Anything else (RGB, grey, palette, 16-bit, interlaced, `tRNS`, an unknown critical chunk, a larger
/// picture: `maxInflatedBytes`…) is declined with nil and goes to libspng (`PNGRowDecoder`), which
/// gives the same pixels.
///
/// Why it is kept (measured here, release, shrunk for a 256-px thumbnail): a 3200×2400 RGBA photo in
/// 56 ms against libspng's 120 ms row by row (4000×3000: 86 against 192 ms); for RGB the margin was 153
/// against 173 ms, too small to keep a second decoder for, so RGB goes to libspng. Two costs go. The
/// image data is inflated in one call by libdeflate, "significantly faster than the zlib library ...
/// especially on x86 processors" (its README), but whole-buffer only. And the scanlines are unfiltered
/// one at a time into the sums of a k×k box filter, so no full-size picture is made (or converted) at
/// all: what remains full size is the inflated data, which libdeflate's whole-buffer interface needs.
///
/// The pixels are exactly those of libspng (or libpng) followed by `BoxShrink.shrink(_:by:)`: the
/// same rounding, the same last `width % k` columns and `height % k` rows dropped; below a factor of
/// 2 a full-size ARGB8888 picture.
///
/// Damage is named only where libspng would refuse the file too — a critical chunk whose CRC does not
/// match (PNG specification, "Chunk layout": CRC-32 of the type and data), the file ending inside the
/// image data, image data that inflates to too few bytes, an undefined filter type. Any other oddity
/// declines, so libspng decides. Image data that inflates to more than the header allows (a
/// decompression bomb) stops at the first byte too many (libdeflate never writes past the buffer) and
/// is declined: libspng then reads only the rows the header declares.
///
/// Its safety rests on the checks below and on fuzzing (`make fuzz`, target `png`), with its output
/// compared against libspng's on the corpus (`Tests/Fuzz`).
enum PNGDecoder {
    /// A decoded ARGB8888 picture and the PNG's own width and height.
    typealias Decoded = (picture: PixelBuffer, width: Int, height: Int)

    /// libpng's default limit on either side (`PNG_USER_WIDTH_MAX`, `PNG_USER_HEIGHT_MAX`): it refuses
    /// larger images, and they are left to it so that they are refused the same way.
    static let maxSide = 1_000_000

    /// The most inflated image data this decoder takes, 32 MB (8 megapixels of RGBA). libdeflate
    /// inflates whole buffers only, so a camera-size PNG held its 48 MB of rows at once, the largest
    /// allocation a window made: a thousand-photo library's first launch peaked at 168–182 MB in a
    /// window with two of them at once, 104–106 MB with a larger PNG going to libspng row by row, which
    /// takes about twice as long (a 4000×3000 one for a thumbnail 83 against 182 ms, once: thumbnails
    /// are kept; BENCHMARKS.md, "Memory").
    static let maxInflatedBytes = 32 << 20

    /// `png` shrunk as `PhotoDecoder` shrinks any decode: by `max(width, height) / maxDimension` when
    /// that is at least 2. Nil when this is not a PNG this decoder reads.
    static func decode(_ png: UnsafeMutableRawBufferPointer, maxDimension: Int) -> Result<
        Decoded, PhotoDecoder.Failure
    >? {
        guard let header = Header(UnsafeRawBufferPointer(png)) else { return nil }
        return decode(png, shrinkBy: max(header.width, header.height) / max(1, maxDimension))
    }

    /// `png` reduced by `factor` with a box filter (full size below 2); nil as for `decode(_:maxDimension:)`.
    static func decode(_ png: UnsafeMutableRawBufferPointer, shrinkBy factor: Int) -> Result<
        Decoded, PhotoDecoder.Failure
    >? {
        guard let header = Header(UnsafeRawBufferPointer(png)) else { return nil }
        guard header.width * header.height <= PhotoDecoder.maxDecodedPixels else {
            return .failure(.tooLarge(width: header.width, height: header.height))
        }
        guard header.height * (1 + header.width * header.channels) <= maxInflatedBytes else { return nil }
        let chunks: [Range<Int>]
        switch imageData(in: UnsafeRawBufferPointer(png), header: header) {
        case .declined: return nil
        case .failed(let failure): return .failure(failure)
        case .found(let ranges): chunks = ranges
        }
        let stride = 1 + header.width * header.channels  // each scanline starts with its filter type
        let size = header.height * stride
        let decoded = ScratchBuffers.shared.withBuffer(atLeast: size) {
            buffer -> Result<Decoded, PhotoDecoder.Failure>? in
            let inflated = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
            switch inflate(chunks, of: png, into: inflated, size: size) {
            case .declined: return nil
            case .failed(let failure): return .failure(failure)
            case .found: break
            }
            let scanlines = PNGScanlines(
                bytes: inflated, width: header.width, height: header.height)
            // As BoxShrink: a factor under 2, or one that leaves no whole output row or column, is no shrink.
            let picture =
                factor >= 2 && header.width / factor > 0 && header.height / factor > 0
                ? scanlines.boxShrunk(by: factor) : scanlines.fullSize()
            return picture.map { ($0, header.width, header.height) }
        }
        return decoded ?? .failure(.outOfMemory)
    }

    /// What `IHDR` says, for the kinds of PNG this decoder reads.
    private struct Header {
        var width: Int
        var height: Int
        var colourType: UInt8
        /// Bytes per pixel at bit depth 8: 2 grey + alpha, 3 RGB, 4 RGBA.
        var channels: Int

        /// Nil unless `png` starts with the PNG signature and an `IHDR` (it must come first) declaring
        /// bit depth 8, colour type 6 (RGBA), compression and filter method 0 and no interlacing, in
        /// libpng's size limits. Its CRC is checked with the other chunks'.
        init?(_ png: UnsafeRawBufferPointer) {
            let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            guard png.count >= 33, signature.indices.allSatisfy({ png[$0] == signature[$0] }),
                PNGDecoder.word(png, at: 8) == 13, PNGDecoder.word(png, at: 12) == ChunkType.header
            else { return nil }
            width = Int(PNGDecoder.word(png, at: 16))
            height = Int(PNGDecoder.word(png, at: 20))
            colourType = png[25]
            guard colourType == 6 else { return nil }
            channels = 4
            guard (1...PNGDecoder.maxSide).contains(width), (1...PNGDecoder.maxSide).contains(height),
                png[24] == 8, png[26] == 0, png[27] == 0, png[28] == 0
            else { return nil }
        }
    }

    /// Chunk types, as the big-endian words their four ASCII letters make.
    private enum ChunkType {
        static let header: UInt32 = 0x4948_4452  // IHDR
        static let palette: UInt32 = 0x504C_5445  // PLTE
        static let data: UInt32 = 0x4944_4154  // IDAT
        static let transparency: UInt32 = 0x7452_4E53  // tRNS
    }

    private enum Outcome<Value> {
        case found(Value)
        /// Not for this decoder: libspng reads it, or names what is wrong with it.
        case declined
        case failed(PhotoDecoder.Failure)
    }

    /// Where the bodies of the `IDAT` chunks lie, after checking every chunk up to the last of them.
    /// Chunks after the image data are not read: libspng stops reading once the rows are decoded, so
    /// a file whose end (even `IEND`) was lost after the image data shows today, and still does.
    private static func imageData(in png: UnsafeRawBufferPointer, header: Header) -> Outcome<[Range<Int>]> {
        var offset = 8
        var ranges: [Range<Int>] = []
        while true {
            guard offset + 8 <= png.count else {
                return ranges.isEmpty ? .failed(.corrupt("truncated")) : .found(ranges)
            }
            let length = Int(word(png, at: offset))
            let type = word(png, at: offset + 4)
            // Image data chunks are consecutive (PNG specification, "Chunk ordering"); the first chunk
            // after them ends the image.
            if !ranges.isEmpty && type != ChunkType.data { return .found(ranges) }
            // Lengths above 2^31 − 1 are invalid, and chunk types are four ASCII letters: libpng names both.
            guard length <= 0x7FFF_FFFF, (0..<4).allSatisfy({ isLetter(png[offset + 4 + $0]) }) else {
                return .declined
            }
            let end = offset + 12 + length
            guard end <= png.count else { return .failed(.corrupt("truncated")) }
            let stored = word(png, at: offset + 8 + length)
            let computed = libdeflate_crc32(0, png.baseAddress! + offset + 4, length + 4)
            // Bit 5 of the first letter (lower case) marks an ancillary chunk; an upper-case one is critical.
            let critical = png[offset + 4] & 0x20 == 0
            if stored != computed {
                // libpng refuses a critical chunk with a bad CRC, and skips an ancillary one with a warning.
                guard critical else { return .declined }
                let name = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
                return .failed(.corrupt("CRC error in \(name)"))
            }
            switch type {
            case ChunkType.header:
                guard offset == 8 else { return .declined }  // a second IHDR
            case ChunkType.data:
                ranges.append((offset + 8)..<(offset + 8 + length))
            case ChunkType.palette:
                // In an RGB or RGBA image a palette only suggests colours for displays that need one
                // ("PLTE Palette"): decoding ignores it. Grey + alpha may not have one: libpng decides.
                guard header.colourType & 2 != 0 else { return .declined }
            case ChunkType.transparency:
                return .declined  // libspng turns its colour into transparency
            default:
                // IEND before any image data, or a critical chunk this decoder does not know.
                guard !critical else { return .declined }
            }
            offset = end
        }
    }

    /// Inflates the zlib stream (RFC 1950) that the `IDAT` bodies make together into `size` bytes.
    ///
    /// libdeflate inflates whole buffers only, so the bodies are moved together first, inside `png`
    /// itself: image data chunks are consecutive, so each body moves back over the 12 bytes (CRC,
    /// length, type) between it and the one before, and no second copy of a 16 MB file is made. When
    /// the outcome is `declined` the bytes are put back, for libspng to read.
    private static func inflate(
        _ chunks: [Range<Int>], of png: UnsafeMutableRawBufferPointer, into out: UnsafeMutablePointer<UInt8>,
        size: Int
    ) -> Outcome<Void> {
        let base = png.baseAddress!
        let total = chunks.reduce(0) { $0 + $1.count }
        // The 12 bytes before each body after the first, as they were.
        var gaps: [UInt8] = []
        gaps.reserveCapacity(12 * (chunks.count - 1))
        var end = chunks[0].upperBound
        for i in chunks.indices.dropFirst() {
            // Neither this gap nor this body has been written over yet: what moved lies before them.
            gaps += UnsafeRawBufferPointer(rebasing: png[chunks[i - 1].upperBound..<chunks[i].lowerBound])
            memmove(base + end, base + chunks[i].lowerBound, chunks[i].count)
            end += chunks[i].count
        }
        let outcome = inflate(UnsafeRawPointer(base + chunks[0].lowerBound), count: total, into: out, size: size)
        guard case .declined = outcome else { return outcome }
        // Back to front: each body to where it was (to the right of every body still moved), then the
        // bytes before it.
        for i in chunks.indices.dropFirst().reversed() {
            end -= chunks[i].count
            memmove(base + chunks[i].lowerBound, base + end, chunks[i].count)
            gaps.withUnsafeBytes {
                (base + chunks[i - 1].upperBound).copyMemory(from: $0.baseAddress! + 12 * (i - 1), byteCount: 12)
            }
        }
        return outcome
    }

    /// Inflates `count` bytes of one zlib stream into exactly `size` bytes.
    private static func inflate(
        _ stream: UnsafeRawPointer, count: Int, into out: UnsafeMutablePointer<UInt8>, size: Int
    ) -> Outcome<Void> {
        guard let decompressor = libdeflate_alloc_decompressor() else { return .failed(.outOfMemory) }
        defer { libdeflate_free_decompressor(decompressor) }
        // Without a place for the actual size, libdeflate succeeds only when the output fills `size`
        // exactly (libdeflate.h) — every scanline there, none missing.
        switch libdeflate_zlib_decompress(decompressor, stream, count, out, size, nil) {
        case LIBDEFLATE_SUCCESS:
            return .found(())
        case LIBDEFLATE_SHORT_OUTPUT:
            return .failed(.corrupt("not enough image data"))
        default:
            // Invalid deflate data, a bad Adler-32, or more data than the image: libpng refuses the
            // first, but only warns about the other two and shows the picture. It decides.
            return .declined
        }
    }

    private static func word(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }

    /// A–Z or a–z: clearing bit 5 turns lower case into upper case and leaves no other byte in A–Z.
    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte & 0xDF) }
}
