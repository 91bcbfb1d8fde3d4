import TesseraPhotos

/// What a line on stderr may hold: one line, readable, short. A message names ids, keys and paths
/// that came from scripts, configs, folders and the command line; any of them may hold a newline (a
/// forged second line in journald), an ANSI escape (a terminal's colours or cursor moved,
/// ECMA-48), a bidirectional override (text shown in another order than it is, Unicode Technical
/// Report 36 "Bidirectional Text Spoofing"), a byte that is not UTF-8, or 15 MB. They are escaped
/// here, once, where the line is written — not where each value is put into a message.
package enum MessageLine {
    /// Characters kept of a message; the rest is cut and counted.
    package static let longest = 1000

    /// `text` as one printable line: control characters as `\n`, `\t`, `\e` or `\xNN`, a byte that was
    /// not UTF-8 as `\xNN` (`FileNames`), a bidirectional control as `\u{202E}`; cut after `longest`
    /// characters with how many more there were. Text already made printable (`FileNames.printable`)
    /// passes through unchanged, so a path is never escaped twice.
    package static func printable(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var count = 0
        var cut = 0
        for scalar in text.unicodeScalars {
            if count >= longest {
                cut += 1
                continue
            }
            count += 1
            switch scalar.value {
            case 0x0A: out.append(contentsOf: "\\n".unicodeScalars)
            case 0x0D: out.append(contentsOf: "\\r".unicodeScalars)
            case 0x09: out.append(contentsOf: "\\t".unicodeScalars)
            case 0x1B: out.append(contentsOf: "\\e".unicodeScalars)
            case 0..<0x20, 0x7F, 0x80..<0xA0: out.append(contentsOf: hex(scalar.value).unicodeScalars)
            case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            case (FileNames.escapeBase + 0x80)...(FileNames.escapeBase + 0xFF):
                out.append(contentsOf: hex(scalar.value - FileNames.escapeBase).unicodeScalars)
            default: out.append(scalar)
            }
        }
        var line = String(out)
        if cut > 0 { line += "… (\(cut) more characters cut)" }
        return line
    }

    private static func hex(_ byte: UInt32) -> String {
        let digits = Array("0123456789ABCDEF")
        return "\\x" + String(digits[Int(byte >> 4) & 15]) + String(digits[Int(byte & 15)])
    }
}
