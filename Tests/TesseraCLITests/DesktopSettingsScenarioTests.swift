import Foundation
import XCTest

/// High contrast and text scale from a config file, end to end through `tessera --headless` (headless
/// runs never read the desktop's; docs/ACCESSIBILITY.md, "The desktop's settings").
final class DesktopSettingsScenarioTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testHighContrastOutlinesTheDockAndTextScaleGrowsTheHeader() throws {
        let config = folder.appendingPathComponent("config.json")
        try #"{"contrast": "high", "textScale": 1.5}"#.write(to: config, atomically: true, encoding: .utf8)
        try HeroScenario.run(
            "picker",
            """
            {"at": 0, "dump": "rest.json"},
            {"at": 0, "screenshot": "rest.png"}
            """, in: folder, extra: ["--config", config.path])
        // The header band is 1.5 times as tall (48 → 72 points) to hold the 45-point title.
        let rest = try readJSON(folder.appendingPathComponent("rest.json"))
        let title = try XCTUnwrap(rest["title"] as? [String: Any])
        let row = try HeroScenario.rect(title["frame"])
        XCTAssertEqual(row[3], 72, accuracy: 0.01)
        // The dock's panel (16 points in, 132 tall, at the window's bottom) is white inside a black outline,
        // where the normal theme's is a grey tint with no outline.
        let shot = try ImageComparison.load(folder.appendingPathComponent("rest.png").path)
        func rgb(_ x: Int, _ y: Int) -> UInt32 { shot.argb[y * shot.width + x] & 0xFF_FFFF }
        XCTAssertEqual(rgb(500, 621), 0x000000, "outline")
        XCTAssertEqual(rgb(500, 690), 0xFFFFFF, "panel")
        XCTAssertEqual(rgb(500, 600), 0xFFFFFF, "background")
    }

    /// A window follows GNOME's settings (read here through `gsettings`, with GLib's keyfile backend in a
    /// folder of the test's own and no session bus, so no portal answers first) unless the file names the
    /// keys.
    func testAWindowFollowsTheDesktopUnlessTheFileSays() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/gsettings") else {
            throw XCTSkip("gsettings is not installed")
        }
        let display = try VirtualDisplay(width: 1280, height: 1024)
        let desktop = [
            "XDG_CONFIG_HOME": folder.appendingPathComponent("xdg").path, "GSETTINGS_BACKEND": "keyfile",
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=" + folder.appendingPathComponent("no-bus").path,
        ]
        for (schema, key, value) in [
            ("org.gnome.desktop.interface", "text-scaling-factor", "1.25"),
            ("org.gnome.desktop.a11y.interface", "high-contrast", "true"),
        ] {
            let set = Process()
            set.executableURL = URL(fileURLWithPath: "/usr/bin/gsettings")
            set.arguments = ["set", schema, key, value]
            set.environment = TesseraProcess.environment(merging: desktop)
            try set.run()
            set.waitUntilExit()
            guard set.terminationStatus == 0 else { throw XCTSkip("gsettings has no \(schema) schema") }
        }
        let script = folder.appendingPathComponent("script.json")
        let steps = #"[{"at": 0.3, "dump": "d.json"}, {"at": 0.3, "screenshot": "d.png"}]"#
        try #"{"scene": "picker", "window": [1024, 768], "steps": \#(steps)}"#
            .write(to: script, atomically: true, encoding: .utf8)
        func run(_ config: String?) throws -> (title: [Double], panel: UInt32) {
            var arguments = ["--script", script.path]
            if let config {
                let file = folder.appendingPathComponent("config.json")
                try config.write(to: file, atomically: true, encoding: .utf8)
                arguments += ["--config", file.path]
            }
            let result = try TesseraProcess.run(
                arguments, in: folder, environment: display.environment.merging(desktop) { $1 })
            XCTAssertEqual(result.exitCode, 0, result.stderr)
            let dump = try readJSON(folder.appendingPathComponent("d.json"))
            let title = try HeroScenario.rect((dump["title"] as? [String: Any])?["frame"])
            let shot = try ImageComparison.load(folder.appendingPathComponent("d.png").path)
            return (title, shot.argb[690 * shot.width + 500] & 0xFF_FFFF)
        }
        let followed = try run(nil)
        XCTAssertEqual(followed.title[3], 60, accuracy: 0.01, "48-point header at 1.25")
        XCTAssertEqual(followed.panel, 0xFFFFFF, "the high-contrast dock is white")
        let overridden = try run(#"{"contrast": "normal", "textScale": 1}"#)
        XCTAssertEqual(overridden.title[3], 48, accuracy: 0.01)
        XCTAssertEqual(overridden.panel, 0xF2F2F7, "the normal dock's systemGray6")
    }
}
