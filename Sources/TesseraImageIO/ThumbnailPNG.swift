import CSPNG
import Foundation

/// Thumbnails as PNG files through libspng (freedesktop.org Thumbnail Managing Standard: a PNG with the
/// standard's keys in `tEXt` chunks): written quickly — the Up filter on every row (a photo's rows
/// resemble the row above) at deflate's fastest level, RGB when every pixel is opaque — and read with
/// their keys, their size checked against their size class before a pixel is decoded.
package enum ThumbnailPNG {
    /// `picture` as PNG bytes carrying `texts` (Latin-1), nil if libspng fails.
    package static func encode(_ picture: PixelBuffer, opaque: Bool, texts: [(String, String)]) -> Data? {
        encode(
            pixels: UnsafeRawPointer(picture.pixels), width: picture.width, height: picture.height,
            pitch: picture.pitch, opaque: opaque, texts: texts)
    }

    /// `height` rows of `width` ARGB8888 pixels at `pixels`, `pitch` bytes apart, as PNG bytes carrying
    /// `texts` (Latin-1), nil if libspng fails: for pictures that live elsewhere (TesseraSDL's mip
    /// levels are SDL surfaces).
    package static func encode(
        pixels base: UnsafeRawPointer, width: Int, height: Int, pitch bytesPerRow: Int, opaque: Bool,
        texts: [(String, String)]
    ) -> Data? {
        let pitch = bytesPerRow / 4
        let channels = opaque ? 3 : 4
        var samples = [UInt8](repeating: 0, count: width * height * channels)
        let pixels = base.assumingMemoryBound(to: UInt32.self)
        samples.withUnsafeMutableBufferPointer { out in
            var o = 0
            for y in 0..<height {
                let row = pixels + y * pitch
                for x in 0..<width {
                    let p = row[x]
                    out[o] = UInt8(truncatingIfNeeded: p >> 16)
                    out[o + 1] = UInt8(truncatingIfNeeded: p >> 8)
                    out[o + 2] = UInt8(truncatingIfNeeded: p)
                    if !opaque { out[o + 3] = UInt8(truncatingIfNeeded: p >> 24) }
                    o += channels
                }
            }
        }
        guard let ctx = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else { return nil }
        defer { spng_ctx_free(ctx) }
        spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1)
        spng_set_option(ctx, SPNG_IMG_COMPRESSION_LEVEL, 1)
        spng_set_option(ctx, SPNG_FILTER_CHOICE, Int32(SPNG_FILTER_CHOICE_UP.rawValue))
        var header = spng_ihdr(
            width: UInt32(width), height: UInt32(height), bit_depth: 8,
            color_type: UInt8(opaque ? SPNG_COLOR_TYPE_TRUECOLOR.rawValue : SPNG_COLOR_TYPE_TRUECOLOR_ALPHA.rawValue),
            compression_method: 0, filter_method: 0, interlace_method: 0)
        guard spng_set_ihdr(ctx, &header) == 0 else { return nil }
        // libspng keeps pointers to the texts until the file is written.
        var values: [UnsafeMutablePointer<CChar>] = []
        defer { for value in values { value.deallocate() } }
        guard texts.isEmpty || setTexts(texts, on: ctx, keeping: &values) else { return nil }
        let rc = samples.withUnsafeBytes {
            spng_encode_image(
                ctx, $0.baseAddress, $0.count, Int32(SPNG_FMT_PNG.rawValue), Int32(SPNG_ENCODE_FINALIZE.rawValue))
        }
        guard rc == 0 else { return nil }
        var length = 0
        var error: Int32 = 0
        guard let buffer = spng_get_png_buffer(ctx, &length, &error), error == 0 else { return nil }
        defer { free(buffer) }
        return Data(bytes: buffer, count: length)
    }

    /// The text chunks (`tEXt`, `zTXt`, `iTXt`) before the image data, keyword to text; nil when
    /// `png` is not a PNG libspng reads. `tEXt` and `zTXt` are Latin-1, `iTXt` UTF-8.
    package static func texts(of png: Data) -> [String: String]? {
        png.withUnsafeBytes { raw -> [String: String]? in
            guard let base = raw.baseAddress, raw.count > 0, let ctx = spng_ctx_new(0) else { return nil }
            defer { spng_ctx_free(ctx) }
            spng_set_chunk_limits(ctx, PNGRowDecoder.chunkLimit, PNGRowDecoder.chunkCacheLimit)
            spng_set_crc_action(ctx, Int32(SPNG_CRC_ERROR.rawValue), Int32(SPNG_CRC_DISCARD.rawValue))
            guard spng_set_png_buffer(ctx, UnsafeMutableRawPointer(mutating: base), raw.count) == 0 else { return nil }
            var count: UInt32 = 0
            let rc = spng_get_text(ctx, nil, &count)
            if rc == Int32(SPNG_ECHUNKAVAIL.rawValue) { return [:] }
            guard rc == 0 else { return nil }
            var chunks = [spng_text](repeating: spng_text(), count: Int(count))
            guard spng_get_text(ctx, &chunks, &count) == 0 else { return nil }
            var texts: [String: String] = [:]
            for chunk in chunks.prefix(Int(count)) {
                let key = withUnsafeBytes(of: chunk.keyword) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard let text = chunk.text else { continue }
                let bytes = UnsafeRawBufferPointer(start: text, count: chunk.length)
                texts[key] =
                    chunk.type == Int32(SPNG_ITXT.rawValue)
                    ? String(decoding: bytes, as: UTF8.self)
                    : String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
            }
            return texts
        }
    }

    /// Sets `texts` (keywords under 80 bytes, Latin-1 values) as `tEXt` chunks; their bytes go into
    /// `values`, for the caller to free once the file is written.
    private static func setTexts(
        _ texts: [(String, String)], on ctx: OpaquePointer, keeping values: inout [UnsafeMutablePointer<CChar>]
    ) -> Bool {
        var chunks = [spng_text](repeating: spng_text(), count: texts.count)
        for (i, (key, text)) in texts.enumerated() {
            let bytes = text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
            let value = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            values.append(value)
            for (j, b) in bytes.enumerated() { value[j] = CChar(bitPattern: b) }
            value[bytes.count] = 0
            chunks[i].type = Int32(SPNG_TEXT.rawValue)
            chunks[i].text = value
            chunks[i].length = bytes.count
            let keyword = Array(key.utf8.prefix(79))
            withUnsafeMutableBytes(of: &chunks[i].keyword) { out in
                for (j, b) in keyword.enumerated() { out[j] = b }
                out[keyword.count] = 0
            }
        }
        return spng_set_text(ctx, &chunks, UInt32(chunks.count)) == 0
    }
}
