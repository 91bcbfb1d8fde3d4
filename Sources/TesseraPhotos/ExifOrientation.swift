/// How a photo's stored pixels must be turned to be shown upright: the EXIF/TIFF `Orientation` tag
/// (0x0112), values 1…8 (EXIF 2.32, CIPA DC-008, section 4.6.4; TIFF 6.0 p. 36). Cameras and phones
/// store the sensor's rows as they were and set this tag rather than rotating the pixels.
///
/// Each case says where the stored image's first row and first column end up when shown.
package enum ExifOrientation: Int, Sendable, CaseIterable {
    /// 1: as stored.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: turned half a turn.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: mirrored along the main diagonal (transposed).
    case leftMirrored = 5
    /// 6: turned a quarter turn clockwise to show (a phone held upright, home button down).
    case right = 6
    /// 7: mirrored along the other diagonal (transversed).
    case rightMirrored = 7
    /// 8: turned a quarter turn counter-clockwise to show.
    case left = 8

    /// Orientations 5–8 show the stored height as the width.
    package var swapsAxes: Bool { rawValue >= 5 }

    /// The stored pixel (column, row) shown at (`x`, `y`) of the upright image; `width` and `height`
    /// are the STORED size.
    package func storedPixel(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: (x, y)
        case .upMirrored: (width - 1 - x, y)
        case .down: (width - 1 - x, height - 1 - y)
        case .downMirrored: (x, height - 1 - y)
        case .leftMirrored: (y, x)
        case .right: (y, height - 1 - x)
        case .rightMirrored: (width - 1 - y, height - 1 - x)
        case .left: (width - 1 - y, x)
        }
    }

    /// The orientation in a JPEG `APP1` segment's payload `b[start..<end]` if it is EXIF: "Exif\0\0",
    /// then a TIFF header (byte order "II" or "MM", 42, the offset of IFD0), then IFD0's 12-byte
    /// entries; tag 0x0112 is a SHORT whose value sits in the entry's first two value bytes. Nil
    /// when the segment is not EXIF, is cut short, or holds no valid orientation.
    init?(app1 b: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        let exif: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
        guard end <= b.count, end - start >= 6 + 8, b[start..<start + 6].elementsEqual(exif) else { return nil }
        let tiff = start + 6
        let little: Bool
        switch (b[tiff], b[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= tiff, at + 2 <= end else { return nil }
            return little ? Int(b[at]) | Int(b[at + 1]) << 8 : Int(b[at]) << 8 | Int(b[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let high = u16(little ? at + 2 : at), let low = u16(little ? at : at + 2) else { return nil }
            return high << 16 | low
        }
        guard u16(tiff + 2) == 42, let ifd = u32(tiff + 4), let count = u16(tiff + ifd) else { return nil }
        for entry in 0..<count {
            let at = tiff + ifd + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            guard tag == 0x0112 else { continue }
            guard u16(at + 2) == 3, let value = u16(at + 8), let orientation = ExifOrientation(rawValue: value) else {
                return nil
            }
            self = orientation
            return
        }
        return nil
    }
}
