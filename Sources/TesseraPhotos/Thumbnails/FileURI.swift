/// The `file://` URI of an absolute path, as the freedesktop.org Thumbnail Managing Standard hashes it
/// (RFC 3986 and RFC 8089): every byte of the path's UTF-8 outside the unreserved characters and `/`
/// is percent-encoded with uppercase hex digits, as GLib's `g_filename_to_uri` does, so a thumbnail
/// this program writes is the one GNOME Files or Thunar would look for, and the other way round.
enum FileURI {
    static func of(path: String) -> String {
        var out = "file://"
        let digits = Array("0123456789ABCDEF")
        // The path's bytes as the system has them (a Latin-1 name's bytes, not their UTF-8).
        for byte in FileNames.bytes(path) {
            if isKept(byte) {
                out.append(Character(Unicode.Scalar(byte)))
            } else {
                out.append("%")
                out.append(digits[Int(byte >> 4)])
                out.append(digits[Int(byte & 15)])
            }
        }
        return out
    }

    /// RFC 3986 unreserved (`A–Z a–z 0–9 - . _ ~`), the path separator, and the sub-delimiters and
    /// `!$&'()*+,:=@` that GLib's `g_filename_to_uri` leaves as they are in a path (it escapes `;`).
    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","),
            UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"):
            true
        default:
            false
        }
    }
}
