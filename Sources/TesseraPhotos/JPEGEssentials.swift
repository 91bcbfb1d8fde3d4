/// The parts of a JPEG file that decoding it needs, so a decoder reads those alone: a camera JPEG may
/// carry megabytes of colour profile (`APP2` ICC, up to 65,533 bytes a segment, as many segments as
/// the profile needs, ICC.1:2010 annex B.4), maker notes, XMP or comments before its frame header —
/// issue 48's carried 19 MB — none of which changes a pixel this project draws (it does no colour
/// management; libjpeg keeps no `APPn` unless asked to, libjpeg.txt "Special markers").
///
/// Kept: SOI, every segment that is not `APPn`/`COM` (tables, frame header, restart interval), `APP0`
/// (JFIF) and `APP14` (Adobe), which say how colours are coded, and `APP1` when it is EXIF (the
/// orientation and caption `ImageHeader` reads); and from the first SOS to the end of the file, as it
/// is. Dropped, unread: `APP2`–`APP13`, `APP15`, `APP1` that is not EXIF (XMP), `COM`.
package enum JPEGEssentials {
    /// The byte ranges of the JPEG open at `fd` (`size` bytes) a decode needs, in file order; nil when
    /// its markers cannot be walked up to a scan (not a JPEG, or damaged before its first scan: the
    /// whole file is then read and the decoder names what is wrong).
    package static func ranges(fd: Int32, size: Int) -> [Range<Int>]? {
        var window = FileWindow(fd: fd, size: size)
        return ranges(in: &window)
    }

    /// The same over any bytes (tests, the fuzz harness).
    static func ranges<Source: HeaderBytes>(in source: inout Source) -> [Range<Int>]? {
        guard let start = source.bytes(at: 0, count: 2), start[0] == 0xFF, start[1] == 0xD8 else { return nil }
        var kept: [Range<Int>] = [0..<2]
        func keep(_ range: Range<Int>) {
            if let last = kept.last, last.upperBound == range.lowerBound {
                kept[kept.count - 1] = last.lowerBound..<range.upperBound
            } else {
                kept.append(range)
            }
        }
        var i = 2
        while true {
            let markerStart = i
            guard source.bytes(at: i, count: 1)?[0] == 0xFF else { return nil }
            while source.bytes(at: i, count: 1)?[0] == 0xFF { i += 1 }
            guard let marker = source.bytes(at: i, count: 1)?[0] else { return nil }
            i += 1
            switch marker {
            case 0x01, 0xD0...0xD7:
                keep(markerStart..<i)  // no length
                continue
            case 0xD8, 0xD9:
                return nil
            case 0xDA:
                keep(markerStart..<source.count)  // the scans and whatever follows, as they are
                return kept
            default:
                break
            }
            guard let field = source.bytes(at: i, count: 2) else { return nil }
            let length = Int(field[0]) << 8 | Int(field[1])
            guard length >= 2, length <= source.count - i else { return nil }
            if !dropped(marker, at: i, in: &source) { keep(markerStart..<(i + length)) }
            i += length
        }
    }

    /// Whether a segment is one decoding does without (see the type's comment).
    private static func dropped<Source: HeaderBytes>(_ marker: UInt8, at i: Int, in source: inout Source) -> Bool {
        switch marker {
        case 0xE0, 0xEE: return false
        case 0xE1:
            guard let opening = source.bytes(at: i + 2, count: 6) else { return true }
            return !opening.elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0])
        case 0xE2...0xEF, 0xFE: return true
        default: return false
        }
    }
}
