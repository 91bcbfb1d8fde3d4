import Foundation

/// A photo's caption from its EXIF `ImageDescription` (IFD0 tag 0x010E; EXIF 2.32, CIPA DC-008,
/// section 4.6.5 table 4: "ImageDescription", type ASCII, any count): what the photo shows, in words,
/// as a person or a photo manager wrote it (`exiftool -ImageDescription=…`, digiKam's caption).
///
/// The value is bytes: `count` of them, inline in the entry's four value bytes when they fit, else at
/// an offset from the TIFF header (TIFF 6.0, "Image File Directory"). Every offset is checked against
/// the segment before it is followed. The standard says 7-bit ASCII ended by a NUL; editors write UTF-8
/// (exiftool does by default), so UTF-8 is taken, and anything else is no caption rather than mojibake.
enum ExifDescription {
    /// Longer captions are cut (a screen reader reads the name of every photo it passes).
    static let maxCharacters = 200

    /// What cameras write when no person did: not a caption (firmware defaults found in Olympus and
    /// Sony photos, and generic ones like them).
    static let placeholders: Set<String> = ["OLYMPUS DIGITAL CAMERA", "SONY DSC", "DIGITAL CAMERA", "DCIM"]

    /// The caption in a JPEG `APP1` segment's payload `b[start..<end]` if it is EXIF with a usable
    /// `ImageDescription`: trailing NULs and spaces trimmed, control characters made spaces, at most
    /// `maxCharacters` characters. Nil when there is none, or it is empty, blank, not UTF-8 or a
    /// camera's placeholder.
    static func caption(app1 b: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String? {
        let exif: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
        guard start >= 0, end <= b.count, end - start >= 6 + 8, b[start..<start + 6].elementsEqual(exif) else {
            return nil
        }
        let tiff = start + 6
        let little: Bool
        switch (b[tiff], b[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= tiff, at <= end - 2 else { return nil }
            return little ? Int(b[at]) | Int(b[at + 1]) << 8 : Int(b[at]) << 8 | Int(b[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let high = u16(little ? at + 2 : at), let low = u16(little ? at : at + 2) else { return nil }
            return high << 16 | low
        }
        guard u16(tiff + 2) == 42, let ifd = u32(tiff + 4), let entries = u16(tiff + ifd) else { return nil }
        for entry in 0..<entries {
            let at = tiff + ifd + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            guard tag == 0x010E else { continue }
            // Type 2 is ASCII; UNDEFINED (7) is written by a few tools for the same bytes.
            guard let type = u16(at + 2), type == 2 || type == 7, let count = u32(at + 4), count > 0 else {
                return nil
            }
            let value: Int
            if count <= 4 {
                value = at + 8
            } else {
                guard let offset = u32(at + 8) else { return nil }
                value = tiff + offset
            }
            guard value >= tiff, value <= end, count <= end - value else { return nil }
            return cleaned(UnsafeBufferPointer(rebasing: b[value..<(value + count)]))
        }
        return nil
    }

    /// The bytes up to the first NUL as a caption, or nil (see `caption(app1:from:to:)`).
    static func cleaned(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let text = bytes.prefix { $0 != 0 }
        guard let decoded = String(validating: text, as: UTF8.self) else { return nil }
        // A caption is one line: a newline or an escape in it would reach a screen reader or a log raw.
        let oneLine = String(
            String.UnicodeScalarView(decoded.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
        let trimmed = oneLine.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !placeholders.contains(trimmed.uppercased()) else { return nil }
        guard trimmed.count > maxCharacters else { return trimmed }
        return String(trimmed.prefix(maxCharacters - 1)) + "…"
    }
}
