import Foundation
import XCTest

/// The waterfall (docs/BEHAVIOUR.md#waterfall) end to end through `tessera --headless --script`: dumps, screenshots, the blur.
final class WaterfallScenarioTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A folder with the first 16 bundled photos (the article's 16 of mixed aspect ratios).
    private func sixteenPhotos() throws -> String {
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for i in 1...16 {
            let name = String(format: "photo-%02d.jpg", i)
            try FileManager.default.copyItem(
                at: TesseraProcess.root.appendingPathComponent("Assets/Photos/\(name)"),
                to: photos.appendingPathComponent(name))
        }
        return photos.path
    }

    private func dump(_ name: String) throws -> [String: Any] { try readJSON(folder.appendingPathComponent(name)) }

    func testSixteenPhotosOpenFullscreenAndCloseByTapAndByEscape() throws {
        // photo-02 is a portrait: eight wheel notches (384 points) bring its middle into view.
        try HeroScenario.run(
            "waterfall",
            """
            {"at": 0, "dump": "rest.json"},
            {"at": 0, "wheel": {"at": [512, 400], "dx": 0, "dy": -8}},
            {"at": 1.0, "dump": "scrolled.json"},
            {"at": 1.0, "tap": "photo-02"},
            {"at": 3.0, "dump": "open.json"},
            {"at": 3.0, "tap": "photo-02"},
            {"at": 5.0, "dump": "tapped-closed.json"},
            {"at": 5.0, "tap": "photo-02"},
            {"at": 7.0, "key": "Escape"},
            {"at": 9.0, "dump": "escaped.json"}
            """, in: folder, extra: HeroScenario.fast + ["--photos", try sixteenPhotos()])

        let rest = try dump("rest.json")
        let container = try XCTUnwrap((rest["containers"] as? [[String: Any]])?.first)
        XCTAssertEqual(container["id"] as? String, "waterfall")
        XCTAssertEqual((container["items"] as? [String])?.count, 16, "every photo shown")
        let tiles = try XCTUnwrap(rest["tiles"] as? [[String: Any]])
        XCTAssertEqual(tiles.count, 16)
        let width = (1024.0 - 2 * 5 - 5) / 2
        var xs = Set<Double>()
        for tile in tiles {
            let target = try HeroScenario.rect(tile["target"])
            XCTAssertEqual(target[2], width, accuracy: 1e-4)
            xs.insert(target[0])
        }
        XCTAssertEqual(xs, [5, 5 + width + 5], "two columns")

        let scrolled = try XCTUnwrap(HeroScenario.tile("photo-02", in: try dump("scrolled.json")))
        let slot = try HeroScenario.rect(scrolled["presented"])

        let open = try dump("open.json")
        let overlay = try XCTUnwrap(open["overlay"] as? [String: Any])
        XCTAssertEqual(overlay["id"] as? String, "photo-02")
        XCTAssertEqual(overlay["kind"] as? String, "fullscreen")
        XCTAssertEqual(overlay["zoom"] as? Double, 1, "at fit")
        XCTAssertEqual(overlay["dismiss"] as? Double, 0)
        XCTAssertEqual(open["chromeOpacity"] as? Double, 0, "the chrome faded out with the photo's arrival")
        let hero = try XCTUnwrap(HeroScenario.tile("photo-02", in: open))
        let fit = [256.0, 0, 512, 768]  // 720×1080 aspect-fit into 1024×768
        for (p, q) in zip(try HeroScenario.rect(hero["presented"]), fit) { XCTAssertEqual(p, q, accuracy: 1.5) }
        XCTAssertEqual(hero["layer"] as? String, "overlay")

        for name in ["tapped-closed.json", "escaped.json"] {
            let closed = try dump(name)
            XCTAssertTrue(closed["overlay"] is NSNull, name)
            let back = try XCTUnwrap(HeroScenario.tile("photo-02", in: closed))
            for (p, q) in zip(try HeroScenario.rect(back["presented"]), slot) {
                XCTAssertEqual(p, q, accuracy: 0.5, name)
            }
            XCTAssertEqual(back["layer"] as? String, "container", name)
        }
    }

    /// The band beside the portrait is the backdrop: its fine detail is under half of the same band at rest.
    /// The right band lies over the other column's photographs (the left one over the hero's own,
    /// now empty, slot, which would prove nothing).
    func testBackdropIsBlurred() throws {
        try HeroScenario.run(
            "waterfall",
            """
            {"at": 0, "wheel": {"at": [512, 400], "dx": 0, "dy": -8}},
            {"at": 1.0, "screenshot": "rest.png"},
            {"at": 1.0, "tap": "photo-02"},
            {"at": 3.0, "screenshot": "open.png"}
            """, in: folder, extra: HeroScenario.fast)
        let rest = try ImageComparison.load(folder.appendingPathComponent("rest.png").path)
        let open = try ImageComparison.load(folder.appendingPathComponent("open.png").path)
        let sharp = HeroScenario.laplacianDetail(rest, x0: 774, y0: 70, x1: 1024, y1: 768)
        let blurred = HeroScenario.laplacianDetail(open, x0: 774, y0: 70, x1: 1024, y1: 768)
        XCTAssertGreaterThan(sharp, 5, "photographs at rest")
        XCTAssertLessThan(blurred, sharp / 2, "\(blurred) vs \(sharp)")
    }

    func testScreenshotsAtRestMidFlightAndOpenMatchTheReferences() throws {
        // With the 24 bundled photos, photo-13 (a square) heads the second column.
        try HeroScenario.assertTransitionScreenshots("waterfall", tapping: "photo-13", in: folder)
    }
}
