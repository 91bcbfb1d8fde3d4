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

    /// The orientation in a JPEG `APP1` segment's payload `b[start..<end]` if it is EXIF (`ExifIFD0`):
    /// tag 0x0112 is a SHORT whose value sits in the entry's first two value bytes. Nil when the segment
    /// is not EXIF, is cut short, or holds no valid orientation.
    init?(app1 b: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        guard let ifd0 = ExifIFD0(app1: b, from: start, to: end), let entry = ifd0.entry(0x0112), entry.type == 3,
            let value = ifd0.u16(entry.value), let orientation = ExifOrientation(rawValue: value)
        else { return nil }
        self = orientation
    }
}
