import TesseraGeometry

/// Every colour the scenes and the chrome draw with, as `"#RRGGBB"` or `"#RRGGBBAA"` strings in configs.
/// A config has two, `theme` (light, iOS's light colours) and `darkTheme` (iOS's dark ones), and
/// `appearance` picks one (`Config.theme` is the one in force), so one switch changes everything:
/// backgrounds, text, panels, cards, the scroll indicators, the frosted material, the controls.
package struct Theme: Codable, Equatable, Sendable {
    package var background = Color(255, 255, 255)
    var text = Color(0, 0, 0)
    /// iOS `systemGray6`: the dock's panel in both articles' pickers (`Configs/seed-000.json`, `seed-001.json`).
    var panel = Color(242, 242, 247)
    var tabBar = Color(118, 118, 128, 31)
    var tabSelected = Color(255, 255, 255)
    var tabText = Color(60, 60, 67)
    var secondaryText = Color(138, 138, 142)
    /// iOS `systemBlue`: buttons, the gallery's chevrons, the focus ring.
    var accent = Color(0, 122, 255)
    var accentText = Color(255, 255, 255)
    /// The banner that shows a config error while the old config stays in force.
    var errorBanner = Color(255, 59, 48, 235)
    var errorText = Color(255, 255, 255)
    /// SwiftUI's `Color.red`, `.blue` and `.green` (iOS `systemRed`, `systemBlue`, `systemGreen`): the
    /// gallery session's card stack.
    var red = Color(255, 59, 48)
    var blue = Color(0, 122, 255)
    var green = Color(52, 199, 89)
    /// iOS `separator` over the background: the gallery's dividers.
    var separator = Color(198, 198, 200)
    /// Scroll indicators: UIKit's default style is dark at about a third opacity on light content.
    var indicator = Color(0, 0, 0, 90)
    /// Laid over the blurred scene behind a fullscreen photo: white at about 45 % gives the thin
    /// material's light, milky look (`.thinMaterial`).
    var material = Color(255, 255, 255, 115)
    /// The `palettes` look's paddle discs: fill, a one-point rim so they read on the background, chevron.
    var control = Color(255, 255, 255, 230)
    var controlRim = Color(0, 0, 0, 31)
    var controlGlyph = Color(28, 28, 30)
    /// The outline drawn where colour alone would separate a part from what is around it: the tab bar's
    /// track and selected segment, the dock's panel. Clear in the normal themes (nothing is drawn); the
    /// high-contrast ones outline in the text colour, `chrome.borderWidth` points wide.
    var border = Color(0, 0, 0, 0)
    init() {}

    /// The light colours (`theme`'s defaults).
    static let light = Theme()

    /// iOS's dark colours (`darkTheme`'s defaults): `systemBackground` black, `systemGray6` #1C1C1E, the
    /// system colours' dark variants, a light indicator, and the thin material's dark tint.
    static let dark: Theme = {
        var t = Theme()
        t.background = Color(0, 0, 0)
        t.text = Color(255, 255, 255)
        t.panel = Color(28, 28, 30)
        t.tabBar = Color(118, 118, 128, 61)
        t.tabSelected = Color(99, 99, 102)
        t.tabText = Color(235, 235, 245)
        t.secondaryText = Color(141, 141, 147)
        t.accent = Color(10, 132, 255)
        t.accentText = Color(255, 255, 255)
        t.errorBanner = Color(255, 69, 58, 235)
        t.errorText = Color(255, 255, 255)
        t.red = Color(255, 69, 58)
        t.blue = Color(10, 132, 255)
        t.green = Color(48, 209, 88)
        t.separator = Color(56, 56, 58)
        t.indicator = Color(255, 255, 255, 90)
        t.material = Color(28, 28, 30, 140)
        t.control = Color(44, 44, 46, 230)
        t.controlRim = Color(255, 255, 255, 38)
        t.controlGlyph = Color(255, 255, 255)
        return t
    }()

    /// High contrast, light (`highContrastTheme`; GNOME's and the portal's high-contrast setting, iOS's
    /// Increase Contrast): pure black on white, the selected tab and the dock outlined instead of told
    /// apart by a tint, opaque indicator and material, and the system colours' accessible variants
    /// (Apple's Human Interface Guidelines, "Color": systemBlue's increased-contrast light variant is
    /// #0040DD). Every text colour is at least 7:1 on what it is drawn over and every other part at
    /// least 3:1 (WCAG 2.x, 1.4.6 "Contrast (Enhanced)" and 1.4.11 "Non-text Contrast";
    /// `HighContrastThemeTests` computes them).
    static let highContrastLight: Theme = {
        var t = Theme()
        t.background = Color(255, 255, 255)
        t.text = Color(0, 0, 0)
        t.panel = Color(255, 255, 255)
        t.tabBar = Color(255, 255, 255)
        t.tabSelected = Color(216, 216, 216)
        t.tabText = Color(0, 0, 0)
        t.secondaryText = Color(58, 58, 60)
        t.accent = Color(0, 64, 221)
        t.accentText = Color(255, 255, 255)
        t.errorBanner = Color(176, 0, 16)
        t.errorText = Color(255, 255, 255)
        t.red = Color(215, 0, 21)
        t.blue = Color(0, 64, 221)
        t.green = Color(36, 138, 61)
        t.separator = Color(0, 0, 0)
        t.indicator = Color(0, 0, 0)
        t.material = Color(255, 255, 255, 230)
        t.control = Color(255, 255, 255)
        t.controlRim = Color(0, 0, 0)
        t.controlGlyph = Color(0, 0, 0)
        t.border = Color(0, 0, 0)
        return t
    }()

    /// High contrast, dark (`highContrastDarkTheme`): pure white on black, the accessible dark variants
    /// (systemBlue's is #409CFF, light enough that the Done button's label turns black).
    static let highContrastDark: Theme = {
        var t = Theme()
        t.background = Color(0, 0, 0)
        t.text = Color(255, 255, 255)
        t.panel = Color(0, 0, 0)
        t.tabBar = Color(0, 0, 0)
        t.tabSelected = Color(58, 58, 60)
        t.tabText = Color(255, 255, 255)
        t.secondaryText = Color(199, 199, 204)
        t.accent = Color(64, 156, 255)
        t.accentText = Color(0, 0, 0)
        t.errorBanner = Color(255, 105, 97)
        t.errorText = Color(0, 0, 0)
        t.red = Color(255, 105, 97)
        t.blue = Color(64, 156, 255)
        t.green = Color(48, 219, 91)
        t.separator = Color(255, 255, 255)
        t.indicator = Color(255, 255, 255)
        t.material = Color(0, 0, 0, 230)
        t.control = Color(0, 0, 0)
        t.controlRim = Color(255, 255, 255)
        t.controlGlyph = Color(255, 255, 255)
        t.border = Color(255, 255, 255)
        return t
    }()
}

/// Which pair of themes is in force (`contrast` in a config): `normal` (`theme`, `darkTheme`) or `high`
/// (`highContrastTheme`, `highContrastDarkTheme`). Left out of the file, a window follows the desktop's
/// high-contrast setting (docs/ACCESSIBILITY.md, "The desktop's settings"); headless runs stay normal.
package enum Contrast: String, Codable, Equatable, Sendable, CaseIterable {
    case normal, high

    package init(from decoder: Decoder) throws { self = try decodeConfigName(decoder, "contrast") }
}

/// Which theme is in force (`appearance` in a config): `light`, `dark`, or `system` — the desktop's
/// preference in a window (freedesktop.org's `org.freedesktop.appearance color-scheme`, where it can be
/// read), light headless, so headless runs stay the same everywhere.
package enum Appearance: String, Codable, Equatable, Sendable, CaseIterable {
    case light, dark, system

    package init(from decoder: Decoder) throws { self = try decodeConfigName(decoder, "appearance") }
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

    init?(hex: String) {
        guard hex.hasPrefix("#"), hex.count == 7 || hex.count == 9, let v = UInt32(hex.dropFirst(), radix: 16) else {
            return nil
        }
        if hex.count == 7 {
            self.init(UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
        } else {
            self.init(UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
        }
    }

    var hex: String {
        let digits = a == 255 ? [r, g, b] : [r, g, b, a]
        return "#" + digits.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
    }
}
