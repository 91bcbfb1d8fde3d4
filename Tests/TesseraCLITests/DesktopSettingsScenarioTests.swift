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
}
