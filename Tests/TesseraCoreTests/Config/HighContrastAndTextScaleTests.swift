import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraCore

/// The high-contrast themes meet WCAG 2.x's enhanced contrast: text at least 7:1 on what it is drawn over
/// (1.4.6 "Contrast (Enhanced)"), every other part that must be seen at least 3:1 (1.4.11 "Non-text
/// Contrast"), computed with WCAG's relative luminance.
final class HighContrastThemeTests: XCTestCase {
    /// WCAG 2.x's relative luminance of an opaque sRGB colour ("relative luminance" in its definitions).
    private func luminance(_ c: Color) -> Double {
        func linear(_ v: UInt8) -> Double {
            let s = Double(v) / 255
            return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b)
    }

    /// `c` laid over the opaque `base` by its alpha, as the renderer blends it.
    private func over(_ c: Color, _ base: Color) -> Color {
        let a = Double(c.a) / 255
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) * a + Double(y) * (1 - a)).rounded()) }
        return Color(mix(c.r, base.r), mix(c.g, base.g), mix(c.b, base.b))
    }

    /// WCAG's contrast ratio, (L1 + 0.05) / (L2 + 0.05), the lighter over the darker.
    private func ratio(_ a: Color, _ b: Color) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    func testTheFormulaGivesWCAGsOwnFigures() {
        XCTAssertEqual(ratio(Color(0, 0, 0), Color(255, 255, 255)), 21, accuracy: 0.001)
        XCTAssertEqual(ratio(Color(118, 118, 118), Color(255, 255, 255)), 4.54, accuracy: 0.01)
    }

    func testHighContrastTextIsAtLeastSevenToOneAndPartsThreeToOne() {
        for (name, t) in [("light", Theme.highContrastLight), ("dark", Theme.highContrastDark)] {
            let tabTrack = over(t.tabBar, t.background)
            let text: [(String, Color, Color)] = [
                ("text/background", t.text, t.background),
                ("text/panel", t.text, over(t.panel, t.background)),
                ("secondaryText/background", t.secondaryText, t.background),
                ("accentText/accent", t.accentText, t.accent),
                ("tabText/tabSelected", t.tabText, over(t.tabSelected, tabTrack)),
                ("tabText/tabBar", t.tabText, tabTrack),
                ("errorText/errorBanner", t.errorText, over(t.errorBanner, t.background)),
                ("controlGlyph/control", t.controlGlyph, over(t.control, t.background)),
            ]
            for (pair, fore, back) in text {
                XCTAssertGreaterThanOrEqual(ratio(fore, back), 7, "\(name) \(pair)")
            }
            let parts: [(String, Color, Color)] = [
                ("accent/background (focus ring, buttons, chevrons)", t.accent, t.background),
                ("separator/background", over(t.separator, t.background), t.background),
                ("indicator/background", over(t.indicator, t.background), t.background),
                ("border/background", t.border, t.background),
                ("border/tabSelected", t.border, over(t.tabSelected, tabTrack)),
                ("controlRim/background", t.controlRim, t.background),
            ]
            for (pair, fore, back) in parts {
                XCTAssertGreaterThanOrEqual(ratio(fore, back), 3, "\(name) \(pair)")
            }
            XCTAssertEqual(t.text, name == "light" ? Color(0, 0, 0) : Color(255, 255, 255), "pure black or white")
            XCTAssertEqual(t.background, name == "light" ? Color(255, 255, 255) : Color(0, 0, 0))
        }
    }

    func testContrastHighPicksTheHighContrastThemeForEitherAppearance() throws {
        var config = try ConfigLoader.decode(Data(#"{"contrast": "high", "appearance": "light"}"#.utf8))
        XCTAssertTrue(config.setsContrast)
        XCTAssertEqual(config.theme, Theme.highContrastLight)
        config.appearance = .dark
        XCTAssertEqual(config.theme, Theme.highContrastDark)
        let file = try ConfigLoader.decode(
            Data(##"{"contrast": "high", "highContrastTheme": {"text": "#101010"}}"##.utf8))
        XCTAssertEqual(file.theme.text, Color(16, 16, 16), "a file may tune the high-contrast colours")
        XCTAssertThrowsError(try ConfigLoader.decode(Data(#"{"contrast": "more"}"#.utf8))) { error in
            XCTAssertTrue("\(error)".hasPrefix("contrast: "), "\(error)")
        }
        XCTAssertThrowsError(try ConfigLoader.decode(Data(#"{"contrast": true}"#.utf8))) { error in
            XCTAssertTrue("\(error)".hasPrefix("contrast: "), "\(error)")
        }
    }

    /// High contrast outlines the tab bar, its selected segment and the dock; the normal themes draw no
    /// outline at all (nothing changes at the defaults).
    func testHighContrastOutlinesWhatColourAloneWouldSeparate() throws {
        func rings(_ config: Config) -> Int {
            let sim = makeSimulation(config: config)
            var list = DrawList()
            sim.draw(into: &list)
            return list.commands.filter { if case .ring = $0 { true } else { false } }.count
        }
        XCTAssertEqual(rings(Config()), 0)
        var high = Config()
        high.contrast = .high
        XCTAssertEqual(rings(high), 3, "the tab bar's track, its selected segment, the dock's panel")
    }
}

/// High contrast and text scale: the file's word wins; left out, the desktop's (set by the host) is kept
/// across live reloads, as reduce motion's is.
final class DesktopSettingsReloadTests: XCTestCase {
    func testAFileThatNamesContrastWinsAndOneThatDoesNotFollowsTheDesktop() throws {
        var desktop = try ConfigLoader.decode(Data("{}".utf8))
        XCTAssertFalse(desktop.setsContrast)
        XCTAssertEqual(desktop.contrast, .normal)
        desktop.desktopPrefersHighContrast = true
        desktop.contrast = .high
        let sim = makeSimulation(config: desktop)
        sim.reload(config: try ConfigLoader.decode(Data(#"{"picker": {"title": "Mine"}}"#.utf8)))
        XCTAssertEqual(sim.config.contrast, .high, "a reload without the key keeps the desktop's setting")
        XCTAssertEqual(sim.config.theme, Theme.highContrastLight)
        sim.reload(config: try ConfigLoader.decode(Data(#"{"contrast": "normal"}"#.utf8)))
        XCTAssertEqual(sim.config.contrast, .normal, "the file's normal wins")
    }

    func testAFileThatNamesTextScaleWinsAndOneThatDoesNotFollowsTheDesktop() throws {
        var desktop = try ConfigLoader.decode(Data("{}".utf8))
        XCTAssertFalse(desktop.setsTextScale)
        desktop.desktopTextScale = 1.25
        desktop.textScale = 1.25
        let sim = makeSimulation(config: desktop)
        XCTAssertEqual(sim.config.chrome.titleSize, 30 * 1.25)
        sim.reload(config: try ConfigLoader.decode(Data(#"{"picker": {"title": "Mine"}}"#.utf8)))
        XCTAssertEqual(sim.config.textScale, 1.25, "a reload without the key keeps the desktop's factor")
        XCTAssertEqual(sim.config.chrome.titleSize, 30 * 1.25, "applied once, not once per reload")
        sim.reload(config: try ConfigLoader.decode(Data(#"{"textScale": 1}"#.utf8)))
        XCTAssertEqual(sim.config.textScale, 1, "the file's 1 wins")
        XCTAssertEqual(sim.config.chrome.titleSize, 30)
    }
}

/// Text scale: one factor over every text size, rows and controls that hold text grown with it, checked
/// against its range with an error that names the key.
final class TextScaleTests: XCTestCase {
    private func error(_ json: String) -> String {
        do {
            _ = try ConfigLoader.decode(Data(json.utf8))
            return ""
        } catch { return "\(error)" }
    }

    func testTheRangeIsHalfToThreeTimes() throws {
        XCTAssertEqual(error(#"{"textScale": 0.4}"#), "textScale: must be from 0.5 to 3, got 0.4")
        XCTAssertEqual(error(#"{"textScale": 3.5}"#), "textScale: must be from 0.5 to 3, got 3.5")
        XCTAssertEqual(error(#"{"textScale": "large"}"#), "textScale: expected a number")
        let config = try ConfigLoader.decode(Data(#"{"textScale": 1.5}"#.utf8))
        XCTAssertTrue(config.setsTextScale)
        XCTAssertEqual(config.textScale, 1.5)
        XCTAssertEqual(config.chrome.titleSize, 30, "the file's sizes stay as written until laid out")
    }

    func testEveryTextSizeScalesAndWhatHoldsTextGrows() {
        var config = Config()
        config.textScale = 1.5
        let scaled = config.applyingTextScale()
        XCTAssertEqual(scaled.chrome.titleSize, 45)
        XCTAssertEqual(scaled.chrome.headerHeight, 72)
        XCTAssertEqual(scaled.tabBar.fontSize, 19.5)
        XCTAssertEqual(scaled.tabBar.height, 45)
        // Each scene's own sizes: its folder's tests (`…TextScale…` in Tests/TesseraCoreTests/Scenes/<Name>/).
        XCTAssertEqual(scaled.scaledText(17), 25.5)
        XCTAssertEqual(scaled.applyingTextScale(), scaled, "applying twice changes nothing")
        XCTAssertEqual(Config().applyingTextScale(), Config(), "1 changes nothing")
        // Smaller text keeps its rows: a touch target never shrinks with the text.
        config.textScale = 0.5
        let small = config.applyingTextScale()
        XCTAssertEqual(small.chrome.titleSize, 15)
        XCTAssertEqual(small.chrome.headerHeight, 48)
        XCTAssertEqual(small.tabBar.height, 30)
    }

    /// Whatever the scale, the tab bar's labels fit their segments (it shrinks them rather than clip), and
    /// the title's estimated width fits beside the tab bar or the bar sits on its own row.
    func testScaledLabelsFitTheirSegmentsAndTheTitleFitsBesideTheTabBar() {
        for scale in [0.5, 1, 1.25, 1.5, 2, 3] {
            var config = Config()
            config.textScale = scale
            config.contrast = scale > 1 ? .high : .normal
            config = config.applyingTextScale()
            for window in [Size(1024, 768), Size(600, 900), Size(1600, 1000)] {
                let bar = TabBar(config)
                let (segments, fontSize) = bar.layout(window: window)
                // Outlined, the padding and the outline keep their widths; otherwise all shrinks together.
                let room =
                    bar.outlineWidth > 0
                    ? 2 * (TabBar.labelPadding + TabBar.selectionInset + bar.outlineWidth)
                    : 2 * TabBar.labelPadding * fontSize / config.tabBar.fontSize
                for ((scene, frame), title) in zip(segments, SceneID.allCases.map(\.title)) {
                    XCTAssertLessThanOrEqual(
                        bar.width(title, size: fontSize) + room, frame.width + 0.001,
                        "\(scene) at \(scale), \(window)")
                    XCTAssertGreaterThanOrEqual(frame.height, fontSize, "\(scene) at \(scale), \(window)")
                }
                let chrome = Chrome(config: config.chrome)
                XCTAssertGreaterThanOrEqual(chrome.titleRow(window: window).height, config.chrome.titleSize * 1.2)
            }
        }
    }
}
