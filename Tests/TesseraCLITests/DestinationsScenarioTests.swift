import Foundation
import XCTest

/// Destinations (docs/BEHAVIOUR.md#destinations) end to end through `tessera --headless --script`, with the bundled places.
final class DestinationsScenarioTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func dump(_ name: String) throws -> [String: Any] { try readJSON(folder.appendingPathComponent(name)) }

    func testDetailOpensAtTheTopWithTextAndEscapeBringsEverythingBack() throws {
        try HeroScenario.run(
            "destinations",
            """
            {"at": 0, "dump": "rest.json"},
            {"at": 0, "tap": "lofoten"},
            {"at": 2.0, "dump": "open.json"},
            {"at": 2.0, "screenshot": "open.png"},
            {"at": 2.0, "key": "Escape"},
            {"at": 4.0, "dump": "closed.json"},
            {"at": 4.0, "tap": "lofoten"},
            {"at": 6.0, "click": [986, 38]},
            {"at": 8.0, "dump": "clicked.json"}
            """, in: folder, extra: HeroScenario.fast)
        let rest = try dump("rest.json")
        let items = try XCTUnwrap((rest["containers"] as? [[String: Any]])?.first?["items"] as? [String])
        XCTAssertGreaterThanOrEqual(items.count, 7)
        let slot = try HeroScenario.rect(HeroScenario.tile("lofoten", in: rest)?["presented"])

        let open = try dump("open.json")
        let overlay = try XCTUnwrap(open["overlay"] as? [String: Any])
        XCTAssertEqual(overlay["id"] as? String, "lofoten")
        XCTAssertEqual(overlay["kind"] as? String, "detail")
        let image = try HeroScenario.rect(HeroScenario.tile("lofoten", in: open)?["presented"])
        XCTAssertEqual(image[0], 0, accuracy: 0.01)
        XCTAssertEqual(image[1], 0, accuracy: 0.01)
        XCTAssertEqual(image[2], 1024, accuracy: 0.01, "full width")
        for tile in try XCTUnwrap(open["tiles"] as? [[String: Any]]) where tile["id"] as? String != "lofoten" {
            XCTAssertEqual(tile["opacity"] as? Double, 0, tile["id"] as? String ?? "")
        }
        // Visible text under the image: dark glyph pixels on the white page below it.
        let shot = try ImageComparison.load(folder.appendingPathComponent("open.png").path)
        var dark = 0
        for y in Int(image[3]) + 4..<768 {
            for x in 0..<1024 where shot.argb[y * 1024 + x] & 0xFF < 100 { dark += 1 }
        }
        XCTAssertGreaterThan(dark, 2000, "title and paragraph")

        for name in ["closed.json", "clicked.json"] {
            let closed = try dump(name)
            XCTAssertTrue(closed["overlay"] is NSNull, name)
            for tile in try XCTUnwrap(closed["tiles"] as? [[String: Any]]) {
                XCTAssertEqual(tile["opacity"] as? Double, 1, name)
                XCTAssertEqual(tile["layer"] as? String, "container", name)
            }
            let back = try HeroScenario.rect(HeroScenario.tile("lofoten", in: closed)?["presented"])
            for (p, q) in zip(back, slot) { XCTAssertEqual(p, q, accuracy: 0.5, name) }
        }
    }

    func testScreenshotsAtRestMidFlightAndOpenMatchTheReferences() throws {
        try HeroScenario.assertTransitionScreenshots("destinations", tapping: "lofoten", in: folder)
    }
}
