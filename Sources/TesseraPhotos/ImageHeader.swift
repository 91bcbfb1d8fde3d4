import Foundation
import TesseraGeometry

/// Reads an image's pixel dimensions from its header alone, in pure Swift, so layout can know a photo's
/// aspect ratio without decoding it (and without SDL, which neither this module nor the core links).
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
/// A JPEG's EXIF orientation (`APP1` "Exif", IFD0 tag 0x0112, see `ExifOrientation`) is read on
/// the way, so the size is the size the photo is shown at: orientations 5–8 swap width and height; and
/// so is its description (IFD0 tag 0x010E, `ExifDescription`), the photo's caption.
///
/// A file is walked, not read: each segment is stepped over by its length with the file's offset, and
/// only the few bytes of a marker, a frame header or an EXIF segment (at most 64 KB, a segment's
/// largest) are read (`FileWindow`). So a camera JPEG with 19 MB of ICC profile (`APP2`) before its
/// frame header is found at the end of it with the same 64 KB of memory as any other, and the walk goes
/// to the end of the file if need be (issue 48: it used to stop at a 16 MB prefix).
package enum ImageHeader {
    /// What the header says about the image.
    package struct Info: Equatable, Sendable {
        package var isJPEG: Bool
        /// As stored in the file, before orientation.
        package var storedWidth: Int
        package var storedHeight: Int
        /// EXIF orientation 1…8 (1 when there is none).
        package var orientation: ExifOrientation
        /// JPEG: colour components in the frame (1 grey, 3 YCbCr, 4 CMYK/YCCK); PNG: 0.
        package var components = 0
        /// JPEG: progressive (the decoder holds every coefficient of the frame at once).
        package var isProgressive = false
        /// JPEG: arithmetic-coded (below the one bit per block Huffman coding needs).
        package var isArithmeticCoded = false
        /// What the photo shows, in words (EXIF `ImageDescription`, `ExifDescription`); nil without one.
        package var caption: String? = nil

        /// Width and height as shown.
        var size: Size {
            orientation.swapsAxes
                ? Size(Double(storedHeight), Double(storedWidth)) : Size(Double(storedWidth), Double(storedHeight))
        }
    }

    /// Pixel size of the PNG or JPEG at `path` as shown; nil when the file is missing, unreadable, of
    /// another format, truncated before its dimensions, or declares a zero dimension.
    package static func pixelSize(ofFileAt path: String) -> Size? { info(ofFileAt: path)?.size }

    /// The header of the PNG or JPEG at `path`; nil as for `pixelSize(ofFileAt:)`.
    static func info(ofFileAt path: String) -> Info? { try? read(ofFileAt: path) }

    /// The header of the PNG or JPEG at `path` (nil when it has none), or why the file cannot be read —
    /// a FIFO or a device among them, refused without opening it for reading (`RegularFile`).
    package static func read(ofFileAt path: String) throws(RegularFile.Failure) -> Info? {
        try RegularFile.withDescriptor(path) { fd, size throws(RegularFile.Failure) in
            try read(descriptor: fd, size: size)
        }
    }

    /// The same from a regular file already open, of `size` bytes.
    package static func read(descriptor fd: Int32, size: Int) throws(RegularFile.Failure) -> Info? {
        // Read, not mapped: a file truncated while it is mapped kills the reader with SIGBUS.
        var window = FileWindow(fd: fd, size: size)
        let info = info(in: &window)
        if let failure = window.failure { throw failure }
        return info
    }

    /// Up to `limit` bytes from the start of the file; nil when it cannot be opened or is not a regular
    /// file.
    static func readPrefix(of path: String, limit: Int) -> Data? {
        try? RegularFile.prefix(of: path, limit: limit)
    }

    /// Pixel size as shown, declared by a PNG or JPEG header in `data`; nil if there is none.
    static func pixelSize(of data: Data) -> Size? { info(of: data)?.size }

    /// Everything the header of the PNG or JPEG in `data` says; nil if there is no header.
    package static func info(of data: Data) -> Info? {
        data.withUnsafeBytes { raw -> Info? in
            var source = MemoryBytes(bytes: raw.bindMemory(to: UInt8.self))
            return info(in: &source)
        }
    }

    /// The header from any source of bytes: one walk for a buffer (the fuzz harness's) and a file.
    static func info<Source: HeaderBytes>(in source: inout Source) -> Info? {
        if let first = source.bytes(at: 0, count: 24), let info = png(first) { return info }
        return jpeg(&source)
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private static func png(_ b: UnsafeBufferPointer<UInt8>) -> Info? {
        guard b.count >= 24, b.prefix(8).elementsEqual(pngSignature) else { return nil }
        // Bytes 12…15 must name the first chunk "IHDR".
        guard b[12] == 0x49, b[13] == 0x48, b[14] == 0x44, b[15] == 0x52 else { return nil }
        let width = Int(bigEndian32(b, 16))
        let height = Int(bigEndian32(b, 20))
        guard width > 0, height > 0 else { return nil }
        return Info(isJPEG: false, storedWidth: width, storedHeight: height, orientation: .up)
    }

    private static func jpeg<Source: HeaderBytes>(_ source: inout Source) -> Info? {
        guard let start = source.bytes(at: 0, count: 4), start[0] == 0xFF, start[1] == 0xD8 else { return nil }
        var orientation = ExifOrientation.up
        var caption: String?
        func byte(_ at: Int) -> UInt8? { source.bytes(at: at, count: 1)?[0] }
        var i = 2
        while i < source.count {
            // Every segment starts with 0xFF; anything else means the stream is corrupt.
            guard byte(i) == 0xFF else { return nil }
            // Any number of 0xFF fill bytes may precede a marker.
            while byte(i) == 0xFF { i += 1 }
            guard let marker = byte(i) else { return nil }
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
            guard let field = source.bytes(at: i, count: 2) else { return nil }
            let length = Int(bigEndian16(field, 0))
            guard length >= 2 else { return nil }
            if isStartOfFrame(marker) {
                // length(2) precision(1) height(2) width(2) components(1)…; a segment cut short is a
                // truncated file, not a header to trust.
                guard length >= 8, let b = source.bytes(at: i, count: length) else { return nil }
                let width = Int(bigEndian16(b, 5))
                let height = Int(bigEndian16(b, 3))
                guard width > 0, height > 0 else { return nil }
                // SOF2, 6, 10, 14 are progressive; SOF9…15 arithmetic-coded (ITU T.81 table B.1).
                return Info(
                    isJPEG: true, storedWidth: width, storedHeight: height, orientation: orientation,
                    components: Int(b[7]), isProgressive: [0xC2, 0xC6, 0xCA, 0xCE].contains(marker),
                    isArithmeticCoded: marker >= 0xC9, caption: caption)
            }
            // EXIF ("Exif\0\0" opens the segment; XMP's APP1 segments are stepped over unread).
            if marker == 0xE1, let opening = source.bytes(at: i + 2, count: 4),
                opening.elementsEqual([0x45, 0x78, 0x69, 0x66]),
                let b = source.bytes(at: i, count: length)
            {
                if let found = ExifOrientation(app1: b, from: 2, to: length) { orientation = found }
                caption = caption ?? ExifDescription.caption(app1: b, from: 2, to: length)
            }
            i += length
        }
        return nil
    }

    /// SOF0…SOF15, less DHT (C4), JPG (C8) and DAC (CC), which share the range.
    static func isStartOfFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    static func bigEndian16(_ b: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt16 {
        UInt16(b[at]) << 8 | UInt16(b[at + 1])
    }

    static func bigEndian32(_ b: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }
}
