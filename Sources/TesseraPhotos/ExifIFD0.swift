/// IFD0 of an EXIF segment, as the photo's orientation and caption read it: a JPEG `APP1` payload
/// `b[start..<end]` that is "Exif\0\0", then a TIFF header (byte order "II" or "MM", 42, the offset of
/// IFD0), then IFD0's count and 12-byte entries (TIFF 6.0, "Image File Directory"; EXIF 2.32, CIPA
/// DC-008, section 4.5). Every read is checked against the segment: an offset past it is nothing.
struct ExifIFD0 {
    private let b: UnsafeBufferPointer<UInt8>
    /// Where the TIFF header starts: offsets in the segment count from it.
    let tiff: Int
    /// Where the segment ends.
    let end: Int
    private let little: Bool
    /// IFD0's offset from the TIFF header and its number of entries (read once the header is known).
    private var ifd = 0
    private var entries = 0

    /// Nil when the segment is not EXIF or is cut short before IFD0's entry count.
    init?(app1 b: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        let exif: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
        guard start >= 0, end <= b.count, end - start >= 6 + 8, b[start..<start + 6].elementsEqual(exif) else {
            return nil
        }
        self.b = b
        self.end = end
        tiff = start + 6
        switch (b[tiff], b[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        guard u16(tiff + 2) == 42, let ifd = u32(tiff + 4), let entries = u16(tiff + ifd) else { return nil }
        self.ifd = ifd
        self.entries = entries
    }

    /// The 16-bit value at `at` in the segment's byte order, nil past its end.
    func u16(_ at: Int) -> Int? {
        guard at >= tiff, at <= end - 2 else { return nil }
        return little ? Int(b[at]) | Int(b[at + 1]) << 8 : Int(b[at]) << 8 | Int(b[at + 1])
    }

    /// The 32-bit value at `at`, nil past the end.
    func u32(_ at: Int) -> Int? {
        guard let high = u16(little ? at + 2 : at), let low = u16(little ? at : at + 2) else { return nil }
        return high << 16 | low
    }

    /// IFD0's entry for `tag`: its field type, its count and where its four value bytes are. Nil when
    /// there is none, or the directory is cut short before it.
    func entry(_ tag: Int) -> (type: Int, count: Int, value: Int)? {
        for entry in 0..<entries {
            let at = tiff + ifd + 2 + entry * 12
            guard let found = u16(at) else { return nil }
            guard found == tag else { continue }
            guard let type = u16(at + 2), let count = u32(at + 4) else { return nil }
            return (type, count, at + 8)
        }
        return nil
    }

    /// The bytes of a value of `count` bytes whose entry's value field is at `field`: inline when they
    /// fit in four, else at the offset the field holds, from the TIFF header. Nil past the segment.
    func bytes(count: Int, field: Int) -> UnsafeBufferPointer<UInt8>? {
        let value: Int
        if count <= 4 {
            value = field
        } else {
            guard let offset = u32(field) else { return nil }
            value = tiff + offset
        }
        guard count >= 0, value >= tiff, value <= end, count <= end - value else { return nil }
        return UnsafeBufferPointer(rebasing: b[value..<(value + count)])
    }
}
