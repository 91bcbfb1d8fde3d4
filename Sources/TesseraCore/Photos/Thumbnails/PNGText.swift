import Foundation

/// The `tEXt` chunks of a PNG file (PNG specification, 11.3.4.3): read them, and add them to an encoded
/// PNG right after its `IHDR`. The freedesktop.org Thumbnail Managing Standard keeps a thumbnail's
/// `Thumb::URI`, `Thumb::MTime` and `Thumb::Size` there. Only chunk framing is touched: pixels are
/// encoded and decoded elsewhere (SDL_image).
package enum PNGText {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Every `tEXt` keyword and its Latin-1 text, up to the first `IDAT` (thumbnail writers put their
    /// keys before the pixels); nil when `data` is not a PNG or its chunks are cut short.
    package static func read(_ data: Data) -> [String: String]? {
        let bytes = [UInt8](data)
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return nil }
        var texts: [String: String] = [:]
        var at = 8
        while at + 8 <= bytes.count {
            let length = Int(bigEndian32(bytes, at))
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            let start = at + 8
            guard length >= 0, start + length + 4 <= bytes.count else { return nil }
            if type == "IDAT" || type == "IEND" { break }
            if type == "tEXt", let zero = bytes[start..<(start + length)].firstIndex(of: 0) {
                let key = String(decoding: bytes[start..<zero], as: UTF8.self)
                let value = String(bytes[(zero + 1)..<(start + length)].map { Character(Unicode.Scalar($0)) })
                texts[key] = value
            }
            at = start + length + 4
        }
        return texts
    }

    /// `png` with one `tEXt` chunk per entry inserted after `IHDR` (in the order given); nil when `png`
    /// does not start with a PNG signature and `IHDR`. Keys and values must be Latin-1 (URIs are ASCII).
    package static func inserting(_ entries: [(String, String)], into png: Data) -> Data? {
        let bytes = [UInt8](png)
        guard bytes.count >= 33, Array(bytes[0..<8]) == signature,
            String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR"
        else { return nil }
        let afterHeader = 8 + 8 + Int(bigEndian32(bytes, 8)) + 4
        guard afterHeader <= bytes.count else { return nil }
        var out = Data(bytes[0..<afterHeader])
        for (key, value) in entries {
            var body = Array("tEXt".utf8) + Array(key.utf8) + [0]
            body += value.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
            appendBigEndian32(UInt32(body.count - 4), to: &out)
            out.append(contentsOf: body)
            appendBigEndian32(CRC32.checksum(body), to: &out)
        }
        out.append(contentsOf: bytes[afterHeader...])
        return out
    }

    private static func bigEndian32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    private static func appendBigEndian32(_ value: UInt32, to data: inout Data) {
        data.append(contentsOf: [
            UInt8(value >> 24), UInt8((value >> 16) & 255), UInt8((value >> 8) & 255), UInt8(value & 255),
        ])
    }
}

/// The CRC-32 every PNG chunk ends with (PNG specification, annex D: polynomial 0xEDB88320, reflected).
package enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    package static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
