/// File names as Linux has them: bytes, not necessarily UTF-8 (a Latin-1 `caf\xe9.jpg` copied from an
/// old camera card). A Swift `String` cannot hold bytes that are not UTF-8, so each such byte is kept
/// as one scalar of its own in Plane 16's private use area (U+10FF80 + byte − 0x80) — what Python's
/// "surrogateescape" does with surrogates, which a Swift string cannot hold — and turned back into
/// the same byte wherever the path reaches the system (`withPath`, `bytes`). Messages print such a
/// byte as `\xE9`, and control characters (a newline or ESC in a name, which could forge a line of
/// stderr or move the terminal's cursor) escaped too (`printable`).
package enum FileNames {
    package static let escapeBase: UInt32 = 0x10FF00

    /// `bytes` as a string: UTF-8 where they are UTF-8, each other byte kept as its escape scalar.
    package static func string(fromBytes bytes: some Collection<UInt8>) -> String {
        // ASCII, most names, is its own UTF-8.
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        let b = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < b.count {
            if let (scalar, length) = decode(b, at: i) {
                scalars.append(scalar)
                i += length
            } else {
                scalars.append(Unicode.Scalar(escapeBase + UInt32(b[i]))!)
                i += 1
            }
        }
        return String(scalars)
    }

    /// The well-formed UTF-8 sequence at `i` (RFC 3629: no overlong forms, no surrogates, at most
    /// U+10FFFF) and its length; nil when the byte there starts none.
    private static func decode(_ b: [UInt8], at i: Int) -> (Unicode.Scalar, Int)? {
        let lead = b[i]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let (length, minimum, bits): (Int, UInt32, UInt32) =
            switch lead {
            case 0xC2...0xDF: (2, 0x80, UInt32(lead & 0x1F))
            case 0xE0...0xEF: (3, 0x800, UInt32(lead & 0x0F))
            case 0xF0...0xF4: (4, 0x10000, UInt32(lead & 0x07))
            default: (0, 0, 0)
            }
        guard length > 0, i + length <= b.count else { return nil }
        var value = bits
        for k in 1..<length {
            let c = b[i + k]
            guard c & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(c & 0x3F)
        }
        // The escape scalars themselves are not taken from a name: they would not come back as given.
        guard value >= minimum, value < escapeBase, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    /// The bytes `name` stands for (escape scalars back to their bytes, the rest UTF-8).
    package static func bytes(_ name: String) -> [UInt8] {
        // An escape scalar's UTF-8 begins with 0xF4; a name without that byte is its own UTF-8.
        if !name.utf8.contains(0xF4) { return Array(name.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars {
            if scalar.value >= escapeBase + 0x80 {
                out.append(UInt8(scalar.value - escapeBase))
            } else {
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        return out
    }

    /// The bytes of `path` after its last `/` (all of them without one): a file's name, found by byte. A
    /// name may begin with a combining mark, which String and NSString take as one character with the
    /// `/` before it, so `lastPathComponent` would cut it elsewhere.
    package static func nameBytes(ofPath path: [UInt8]) -> ArraySlice<UInt8> {
        path[(path.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0)...]
    }

    /// A file name's stem and its extension in lower case (`photo.JPG`: `photo`, `jpg`); nil for a name
    /// without one. A leading dot starts a hidden name, not an extension (`.jpg` has none), as in
    /// Foundation's `pathExtension`.
    package static func splitExtension(_ name: String) -> (stem: String, type: String)? {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.utf8.startIndex else { return nil }
        let type = name.utf8[name.utf8.index(after: dot)...]
        guard !type.isEmpty else { return nil }
        return (String(name[..<dot]), String(Substring(type)).lowercased())
    }

    /// `body` with the system's form of `path` as a C string.
    package static func withPath<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        // An escape scalar's UTF-8 starts with 0xF4: a path without that byte is its own C string.
        guard path.utf8.contains(0xF4), path.unicodeScalars.contains(where: { $0.value >= escapeBase }) else {
            return try path.withCString(body)
        }
        let bytes = Self.bytes(path).map { CChar(bitPattern: $0) } + [0]
        return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// `text` safe to print on one line: control characters as `\n`, `\t`, `\e` or `\xNN`, a byte
    /// that was not UTF-8 as `\xNN`, a backslash as `\\`.
    package static func printable(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x1B: out += "\\e"
            case 0x5C: out += "\\\\"
            case 0..<0x20, 0x7F, 0x80..<0xA0: out += hex(scalar.value)
            case (escapeBase + 0x80)...: out += hex(scalar.value - escapeBase)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func hex(_ byte: UInt32) -> String {
        let digits = Array("0123456789ABCDEF")
        return "\\x" + String(digits[Int(byte >> 4) & 15]) + String(digits[Int(byte & 15)])
    }
}
