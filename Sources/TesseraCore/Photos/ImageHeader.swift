import Foundation

/// Reads an image's pixel dimensions from its header alone, in pure Swift, so layout can know a photo's
/// aspect ratio without decoding it (and without SDL: TesseraCore stays platform-free).
///
/// - PNG: the signature, then the `IHDR` chunk, which the format requires first: width and height are
///   big-endian 32-bit at bytes 16 and 20.
/// - JPEG: `FFD8`, then marker segments, each `FF xx` + a big-endian length that counts itself. The
///   first start-of-frame segment (`SOF0`–`SOF15` except `DHT` C4, `JPG` C8 and `DAC` CC) holds
///   precision (1 byte), height (2), width (2). `APPn` (EXIF, ICC, JFIF), `DQT`, `DHT`, `COM`… are
///   skipped by their length; fill bytes (`FF FF…`) and the parameterless markers (`TEM`, `RSTn`) are
///   stepped over. Reaching `SOS` or `EOI` first means there is no frame header: nil.
///   Baseline (`SOF0`), extended (`SOF1`) and progressive (`SOF2`) files all work the same way.
///
/// EXIF orientation is ignored, as SDL_image ignores it when decoding, so the two agree.
package enum ImageHeader {
    /// Pixel size of the PNG or JPEG at `path`; nil when the file is missing, unreadable, of another
    /// format, truncated before its dimensions, or declares a zero dimension.
    package static func pixelSize(ofFileAt path: String) -> Size? {
        // Mapped, not read: only the pages the header walk touches are loaded, however large the file.
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { return nil }
        return pixelSize(of: data)
    }

    /// Pixel size declared by a PNG or JPEG header in `data`; nil if there is none.
    package static func pixelSize(of data: Data) -> Size? {
        data.withUnsafeBytes { raw -> Size? in
            let bytes = raw.bindMemory(to: UInt8.self)
            if let size = png(bytes) { return size }
            return jpeg(bytes)
        }
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private static func png(_ b: UnsafeBufferPointer<UInt8>) -> Size? {
        guard b.count >= 24, b.prefix(8).elementsEqual(pngSignature) else { return nil }
        // Bytes 12…15 must name the first chunk "IHDR".
        guard b[12] == 0x49, b[13] == 0x48, b[14] == 0x44, b[15] == 0x52 else { return nil }
        return positive(Double(bigEndian32(b, 16)), Double(bigEndian32(b, 20)))
    }

    private static func jpeg(_ b: UnsafeBufferPointer<UInt8>) -> Size? {
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var i = 2
        while i < b.count {
            // Every segment starts with 0xFF; anything else means the stream is corrupt.
            guard b[i] == 0xFF else { return nil }
            // Any number of 0xFF fill bytes may precede a marker.
            while i < b.count, b[i] == 0xFF { i += 1 }
            guard i < b.count else { return nil }
            let marker = b[i]
            i += 1
            switch marker {
            case 0x01, 0xD0...0xD7:
                continue  // TEM, RSTn: no length, no payload.
            case 0xD8:
                continue  // A stray SOI: nothing follows it.
            case 0xD9, 0xDA:
                return nil  // EOI, or SOS (entropy-coded data) before any frame header.
            default:
                break
            }
            guard i + 2 <= b.count else { return nil }
            let length = Int(bigEndian16(b, i))
            guard length >= 2 else { return nil }
            if isStartOfFrame(marker) {
                // length(2) precision(1) height(2) width(2) components…; a segment cut short is a
                // truncated file, not a header to trust.
                guard length >= 8, i + length <= b.count else { return nil }
                return positive(Double(bigEndian16(b, i + 5)), Double(bigEndian16(b, i + 3)))
            }
            i += length
        }
        return nil
    }

    /// SOF0…SOF15, less DHT (C4), JPG (C8) and DAC (CC), which share the range.
    static func isStartOfFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    private static func bigEndian16(_ b: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt16 {
        UInt16(b[at]) << 8 | UInt16(b[at + 1])
    }

    private static func bigEndian32(_ b: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

    private static func positive(_ width: Double, _ height: Double) -> Size? {
        width > 0 && height > 0 ? Size(width, height) : nil
    }
}
