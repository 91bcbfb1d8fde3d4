import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraCore

/// One theme switch changes every colour, the desktop's preference is read from its tools' replies, and
/// the kiosk's config makes every touch target at least 44 points (Apple's Human Interface Guidelines:
/// "provide ample touch targets", 44 × 44 pt).
final class AppearanceAndKioskTargetTests: XCTestCase {
    func testDarkAppearanceSwitchesEveryColour() throws {
        var config = Config()
        config.appearance = .dark
        XCTAssertEqual(config.theme, config.darkTheme)
        XCTAssertEqual(config.theme.background, Color(0, 0, 0))
        XCTAssertEqual(config.indicatorStyle.color, config.darkTheme.indicator)
        // Every colour of the dark theme differs from the light one's, except the white glyph colours and
        // the clear border (only the high-contrast themes draw one).
        let light = Mirror(reflecting: Theme.light).children.map { "\($0.value)" }
        let dark = Mirror(reflecting: Theme.dark).children.map { "\($0.value)" }
        let same = zip(Mirror(reflecting: Theme.light).children, zip(light, dark)).filter { $1.0 == $1.1 }.map(
            \.0.label)
        XCTAssertEqual(same, ["accentText", "errorText", "border"])
        // What the scenes draw follows (the gallery's session cards: GalleryConfigTests).
        let sim = makeGallery(config: config)
        var list = DrawList()
        sim.draw(into: &list)
        XCTAssertTrue(
            list.commands.contains {
                if case .text("Gallery", _, _, _, Color(255, 255, 255), _) = $0 { true } else { false }
            })
    }

    func testSystemFollowsTheDesktopAndAFileCanSayWhich() throws {
        var config = try ConfigLoader.decode(Data(#"{"appearance": "system"}"#.utf8))
        XCTAssertFalse(config.isDark, "light unless the desktop says dark")
        config.desktopPrefersDark = true
        XCTAssertTrue(config.isDark)
        XCTAssertTrue(try ConfigLoader.decode(Data(#"{"appearance": "dark"}"#.utf8)).isDark)
        XCTAssertThrowsError(try ConfigLoader.decode(Data(#"{"appearance": "dim"}"#.utf8))) { error in
            XCTAssertTrue("\(error)".contains("appearance"), "\(error)")
        }
    }

    func testTheKioskConfigMakesEveryTouchTarget44Points() throws {
        let config = try ConfigLoader.load(path: repositoryResources.resolve("Configs/kiosk.json"))
        let window = Size(1280, 800)
        for (_, segment) in TabBar(config: config.tabBar, chrome: config.chrome).segments(window: window) {
            XCTAssertGreaterThanOrEqual(segment.height, 44, "tab bar")
            XCTAssertGreaterThanOrEqual(segment.width, 44, "tab bar")
        }
        // The scenes' own controls (the Done button, the paddles, the close button): their folders' tests.
        // The defaults are the articles' smaller controls.
        XCTAssertLessThan(Config().tabBar.height, 44)
    }
}

/// Reduce motion: the file's word wins; left out, the desktop's (set by the host) is kept across reloads.
final class ReduceMotionSourceTests: XCTestCase {
    func testAFileThatNamesReduceMotionWinsAndOneThatDoesNotFollowsTheDesktop() throws {
        XCTAssertTrue(try ConfigLoader.decode(Data(#"{"reduceMotion": false}"#.utf8)).setsReduceMotion)
        var desktop = try ConfigLoader.decode(Data("{}".utf8))
        XCTAssertFalse(desktop.setsReduceMotion)
        desktop.desktopReducesMotion = true
        desktop.reduceMotion = true
        let sim = makeSimulation(config: desktop)
        sim.reload(config: try ConfigLoader.decode(Data(#"{"picker": {"title": "Mine"}}"#.utf8)))
        XCTAssertTrue(sim.config.reduceMotion, "a reload without the key keeps the desktop's setting")
        sim.reload(config: try ConfigLoader.decode(Data(#"{"reduceMotion": false}"#.utf8)))
        XCTAssertFalse(sim.config.reduceMotion, "the file's false wins")
    }
}
