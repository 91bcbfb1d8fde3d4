import Foundation
import XCTest

@testable import TesseraCore

final class ConfigLoaderTests: XCTestCase {
    private func decode(_ json: String) throws -> Config { try ConfigLoader.decode(Data(json.utf8)) }

    private func assertError(_ json: String, mentions text: String, file: StaticString = #filePath, line: UInt = #line)
    {
        assertThrows(try decode(json), mentions: text, file: file, line: line)
    }

    private func error(_ json: String) -> String {
        do {
            _ = try decode(json)
            return ""
        } catch { return "\(error)" }
    }

    func testEmptyObjectIsTheDefaults() throws {
        XCTAssertEqual(try decode("{}"), Config())
    }

    func testAnySubsetOfKeysKeepsTheRest() throws {
        let config = try decode(#"{"chrome": {"titleSize": 24}}"#)
        XCTAssertEqual(config.chrome.titleSize, 24)
        XCTAssertEqual(config.chrome.headerHeight, Config().chrome.headerHeight)
        XCTAssertEqual(config.springs, SpringPresets())
    }

    func testUnknownKeyIsNamedWithItsPath() {
        assertError(#"{"picker": {"grid": {"rowHieght": 60}}}"#, mentions: "picker.grid.rowHieght: unknown key")
        assertError(##"{"colour": "#FFFFFF"}"##, mentions: "colour: unknown key")
    }

    func testWrongTypeIsNamed() {
        assertError(#"{"picker": {"grid": {"rowHeight": "tall"}}}"#, mentions: "picker.grid.rowHeight")
        assertError(#"{"picker": 3}"#, mentions: "picker: expected an object")
        assertError(#"{"theme": {"panel": "grey"}}"#, mentions: "theme.panel")
    }

    func testBadValuesAreNamed() {
        assertError(#"{"picker": {"animation": "wobbly"}}"#, mentions: "picker.animation")
        assertError(
            #"{"springs": {"smooth": {"response": 0, "dampingFraction": 1}}}"#, mentions: "springs.smooth.response")
        assertError(#"{"picker": {"grid": {"rowHeight": -5}}}"#, mentions: "picker.grid.rowHeight")
        assertError(#"{"scroll": {"deceleration": 1.5}}"#, mentions: "scroll.deceleration")
    }

    func testMalformedJSON() {
        assertError(#"{"picker": {"#, mentions: "not valid JSON")
    }

    func testPresetsAreSwiftUIs() throws {
        let config = try decode("{}")
        XCTAssertEqual(config.spring(.interactiveSpring), SpringParameters(response: 0.15, dampingFraction: 0.86))
        XCTAssertEqual(config.spring(.spring), SpringParameters(response: 0.5, dampingFraction: 0.825))
    }

    /// Every animation key takes a preset's name and nothing else, named in one line with the six names.
    func testAnimationsNameAPreset() {
        let names = "(one of interactiveSpring, spring, springLegacy, smooth, snappy, bouncy, default)"
        for key in [
            "picker.animation", "picker.dockScrollAnimation", "waterfall.animation", "destinations.animation",
            "gallery.paddleAnimation", "gallery.resizeAnimation",
        ] {
            let parts = key.split(separator: ".")
            XCTAssertEqual(
                error(#"{"\#(parts[0])": {"\#(parts[1])": "wobbly"}}"#),
                #"\#(key): unknown animation "wobbly" \#(names)"#)
        }
        XCTAssertEqual(error(#"{"picker": {"animation": 3}}"#), "picker.animation: expected a string")
    }

    /// The shipped files decode, and `default.json` spells out every default (a designer sees every key)
    /// but the one whose absence means "as the desktop says".
    func testShippedConfigs() throws {
        let configs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../Configs"
        )
        .standardizedFileURL
        let defaultFile = try ConfigLoader.load(path: configs.appendingPathComponent("default.json").path)
        XCTAssertEqual(defaultFile, Config())
        let written = try JSONSerialization.jsonObject(
            with: Data(contentsOf: configs.appendingPathComponent("default.json")))
        let defaults = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Config()))
        // All but `reduceMotion`, `contrast` and `textScale`, left out so that a window follows the
        // desktop's settings (Configs/README.md).
        XCTAssertEqual(keyPaths(written).union([".reduceMotion", ".contrast", ".textScale"]), keyPaths(defaults))
        // What seed-000 sets is the picker's (PickerConfigTests).
        XCTAssertNoThrow(try ConfigLoader.load(path: configs.appendingPathComponent("seed-000.json").path))
        XCTAssertNoThrow(try ConfigLoader.load(path: configs.appendingPathComponent("seed-001.json").path))
    }

    private func keyPaths(_ value: Any, prefix: String = "") -> Set<String> {
        guard let object = value as? [String: Any] else { return [prefix] }
        return object.reduce(into: Set<String>()) { $0.formUnion(keyPaths($1.value, prefix: prefix + "." + $1.key)) }
    }
}

final class KioskConfigValidationTests: XCTestCase {
    private func error(_ json: String) -> String {
        do {
            _ = try ConfigLoader.decode(Data(json.utf8))
            return ""
        } catch { return "\(error)" }
    }

    func testKioskValuesAreChecked() {
        XCTAssertTrue(error(#"{"kiosk": {"lockScene": "lobby"}}"#).contains("kiosk.lockScene"))
        XCTAssertTrue(error(#"{"kiosk": {"exitChord": "Hyper+Q"}}"#).contains("kiosk.exitChord"))
        XCTAssertTrue(error(#"{"kiosk": {"startScene": "lobby"}}"#).contains("kiosk.startScene"))
        XCTAssertTrue(error(#"{"kiosk": {"idleResetSeconds": -1}}"#).contains("kiosk.idleResetSeconds"))
        XCTAssertEqual(error(#"{"kiosk": {"lockScene": "gallery"}}"#), "")
        XCTAssertEqual(
            error(#"{"kiosk": {"lockScene": "lobby"}}"#),
            #"kiosk.lockScene: unknown scene "lobby" (one of \#(SceneID.names), or "")"#)
        XCTAssertEqual(
            error(#"{"kiosk": {"exitChord": "Ctrl+Hyper"}}"#),
            #"kiosk.exitChord: expected modifiers and a key like "Ctrl+Alt+Shift+Q", got "Ctrl+Hyper""#)
    }

    /// The lock is a scene or none ("" in a file, as before); the exit chord a typed chord.
    func testKioskValuesAreTyped() throws {
        let none = try ConfigLoader.decode(Data(#"{"kiosk": {"lockScene": ""}}"#.utf8))
        XCTAssertNil(none.kiosk.lockScene)
        let locked = try ConfigLoader.decode(Data(#"{"kiosk": {"lockScene": "gallery", "exitChord": "Alt+F4"}}"#.utf8))
        XCTAssertEqual(locked.kiosk.lockScene, .named("gallery"))
        XCTAssertEqual(locked.kiosk.exitChord, KeyChord(.f4, modifiers: [.alt]))
        let written = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Config())) as? [String: Any]
        let kiosk = written?["kiosk"] as? [String: Any]
        XCTAssertEqual(kiosk?["lockScene"] as? String, "")
        XCTAssertEqual(kiosk?["exitChord"] as? String, "Ctrl+Alt+Shift+Q")
    }

    func testTheKioskFileDecodes() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Configs/kiosk.json").standardizedFileURL.path
        let config = try ConfigLoader.load(path: path)
        XCTAssertGreaterThan(config.input.tapSlop, Config().input.tapSlop, "touch first: a larger slop")
    }
}

final class ZoomConfigTests: XCTestCase {
    func testRangesAreCheckedByKey() {
        for (json, key) in [
            (#"{"zoom": {"maxScale": 0.5}}"#, "zoom.maxScale"),
            (#"{"zoom": {"doubleTapScale": 33}}"#, "zoom.doubleTapScale"),
            (#"{"zoom": {"dismissShrink": 1}}"#, "zoom.dismissShrink"),
            (#"{"scrollIndicators": {"fadeDuration": 0}}"#, "scrollIndicators.fadeDuration"),
            (#"{"scrollIndicators": {"minimumSqueezedLength": 0}}"#, "scrollIndicators.minimumSqueezedLength"),
        ] {
            assertThrows(try ConfigLoader.decode(Data(json.utf8)), mentions: key)
        }
    }
}
