import Foundation

/// A photo's caption from its EXIF `ImageDescription` (IFD0 tag 0x010E; EXIF 2.32, CIPA DC-008,
/// section 4.6.5 table 4: "ImageDescription", type ASCII, any count): what the photo shows, in words,
/// as a person or a photo manager wrote it (`exiftool -ImageDescription=…`, digiKam's caption).
///
/// The value is bytes: `count` of them, inline in the entry's four value bytes when they fit, else at
/// an offset from the TIFF header (`ExifIFD0.bytes`, every offset checked against the segment). The standard says 7-bit ASCII ended by a NUL; editors write UTF-8
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
        // Type 2 is ASCII; UNDEFINED (7) is written by a few tools for the same bytes.
        guard let ifd0 = ExifIFD0(app1: b, from: start, to: end), let entry = ifd0.entry(0x010E),
            entry.type == 2 || entry.type == 7, entry.count > 0,
            let bytes = ifd0.bytes(count: entry.count, field: entry.value)
        else { return nil }
        return cleaned(bytes)
    }

    /// The bytes up to the first NUL as a caption, or nil (see `caption(app1:from:to:)`).
    static func cleaned(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var text = bytes.prefix { $0 != 0 }
        // Printable ASCII, what cameras and most editors write, needs no look-up of each character's
        // category: a scan reads the caption of every photo in the folder.
        if text.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            while text.first == 0x20 { text = text.dropFirst() }
            while text.last == 0x20 { text = text.dropLast() }
            return usable(String(decoding: text, as: UTF8.self))
        }
        guard let decoded = String(validating: text, as: UTF8.self) else { return nil }
        // A caption is one line: a newline or an escape in it would reach a screen reader or a log raw.
        let oneLine = String(
            String.UnicodeScalarView(
                decoded.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
        return usable(oneLine.trimmingCharacters(in: .whitespaces))
    }

    /// A trimmed caption unless it is empty or a camera's placeholder, cut to `maxCharacters`.
    private static func usable(_ trimmed: String) -> String? {
        guard !trimmed.isEmpty, !placeholders.contains(trimmed.uppercased()) else { return nil }
        guard trimmed.count > maxCharacters else { return trimmed }
        return String(trimmed.prefix(maxCharacters - 1)) + "…"
    }
}
