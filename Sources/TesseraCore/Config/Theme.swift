/// Colours, as `"#RRGGBB"` or `"#RRGGBBAA"` strings in configs.
package struct Theme: Codable, Equatable, Sendable {
    package var background = Color(255, 255, 255)
    package var text = Color(0, 0, 0)
    /// iOS `systemGray6`: the dock's panel in both articles' pickers (`Configs/seed-000.json`, `seed-001.json`).
    package var panel = Color(242, 242, 247)
    var tabBar = Color(118, 118, 128, 31)
    var tabSelected = Color(255, 255, 255)
    var tabText = Color(60, 60, 67)
    var secondaryText = Color(138, 138, 142)
    /// iOS `systemBlue`: buttons.
    var accent = Color(0, 122, 255)
    var accentText = Color(255, 255, 255)
    /// The banner that shows a config error while the old config stays in force.
    var errorBanner = Color(255, 59, 48, 235)
    var errorText = Color(255, 255, 255)
    package init() {}
}

extension Color: Codable {
    package init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let color = Color(hex: text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "expected \"#RRGGBB\" or \"#RRGGBBAA\", got \"\(text)\""))
        }
        self = color
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(hex)
    }

    package init?(hex: String) {
        guard hex.hasPrefix("#"), hex.count == 7 || hex.count == 9, let v = UInt32(hex.dropFirst(), radix: 16) else {
            return nil
        }
        if hex.count == 7 {
            self.init(UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
        } else {
            self.init(UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
        }
    }

    package var hex: String {
        let digits = a == 255 ? [r, g, b] : [r, g, b, a]
        return "#" + digits.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
    }
}
