import Foundation
import XCTest

/// The gallery driven end to end through `tessera --headless --script`, read back through dumps and a
/// reference screenshot (docs/BEHAVIOUR.md#gallery).
final class GalleryScenarioTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// The middle of the Featured row at 1024×768 (its top is 64 + 10 + 28 + 2 + 20 + 8 = 132).
    private let featuredY = 269.0

    /// Runs a gallery script; only screenshot steps render (state does not depend on rendering).
    @discardableResult
    private func runScript(_ steps: String, window: String = "[1024, 768]", extra: [String] = []) throws
        -> TesseraProcess.Result
    {
        let script = folder.appendingPathComponent("script.json")
        try #"{"scene": "gallery", "window": \#(window), "steps": [\#(steps)]}"#.write(
            to: script, atomically: true, encoding: .utf8)
        let result = try TesseraProcess.run(
            ["--headless", "--script", script.path, "--render-every", "100000"] + extra, in: folder)
        XCTAssertEqual(result.exitCode, 0, result.stderr)
        return result
    }

    private func dump(_ name: String) throws -> [String: Any] { try readJSON(folder.appendingPathComponent(name)) }

    private func container(_ id: String, in dump: [String: Any]) throws -> [String: Any] {
        try XCTUnwrap((dump["containers"] as? [[String: Any]])?.first { $0["id"] as? String == id })
    }

    private func tiles(_ row: String, in dump: [String: Any]) -> [[String: Any]] {
        (dump["tiles"] as? [[String: Any]] ?? []).filter { $0["container"] as? String == row }
    }

    private func numbers(_ value: Any?) throws -> [Double] { try XCTUnwrap(value as? [Double]) }

    /// The card named by `position` rests with its leading edge on the margin (±0.5 pt); cards wholly
    /// inside the row have scale 1, cards partly outside a scale in [0.8, 1). Returns the position.
    @discardableResult
    private func assertRestingAligned(_ d: [String: Any], file: StaticString = #filePath, line: UInt = #line) throws
        -> String
    {
        let position = try XCTUnwrap(d["position"] as? String, file: file, line: line)
        let row = try numbers(try container("featured", in: d)["frame"])
        for tile in tiles("featured", in: d) where tile["visible"] as? Bool == true {
            let frame = try numbers(tile["presented"])
            let scale = try XCTUnwrap(tile["scale"] as? Double)
            if tile["id"] as? String == position {
                XCTAssertEqual(
                    frame[0], row[0] + 20, accuracy: 0.5, "\(position) at the margin", file: file, line: line)
            }
            if frame[0] >= row[0] - 1e-6 && frame[0] + frame[2] <= row[0] + row[2] + 1e-6 {
                XCTAssertEqual(scale, 1, "\(tile["id"]!) wholly visible", file: file, line: line)
            } else {
                XCTAssertTrue(
                    (0.8..<1).contains(scale), "\(tile["id"]!) partly visible: \(scale)", file: file, line: line)
            }
        }
        return position
    }

    private func index(_ id: String) -> Int { Int(id.split(separator: "-").last!)! }

    func testCardSizesInBothSizeClassesAndTheFirstCardAtTheMargin() throws {
        try runScript(#"{"at": 0, "dump": "regular.json"}"#)
        try runScript(#"{"at": 0, "dump": "compact.json"}"#, window: "[600, 900]")
        for (name, width) in [("regular.json", (1024.0 - 40 - 10) / 2), ("compact.json", 600.0 - 40)] {
            let d = try dump(name)
            XCTAssertEqual(d["position"] as? String, "featured-0")
            let first = try numbers(tiles("featured", in: d).first?["presented"])
            // The row starts under the chrome, which takes two rows in a narrow window.
            let row = try numbers(try container("featured", in: d)["frame"])
            XCTAssertEqual(first, [20, row[1], width, width * 9 / 16], name)
            XCTAssertEqual(row[1], name == "regular.json" ? 132 : 172, "below the chrome: one row, or two when narrow")
            try assertRestingAligned(d)
        }
    }

    func testAFastFlingEndsWithALaterCardAtTheMargin() throws {
        try runScript(
            """
            {"at": 0, "drag": {"from": [800, \(featuredY)], "to": [400, \(featuredY)], "seconds": 0.06}},
            {"at": 0.2, "dump": "mid.json"},
            {"at": 9, "dump": "end.json"}
            """)
        let mid = try dump("mid.json")
        XCTAssertTrue(
            tiles("featured", in: mid).contains { $0["visible"] as? Bool == true && ($0["scale"] as! Double) < 1 },
            "edge cards shrink mid-fling")
        let end = try dump("end.json")
        let position = try assertRestingAligned(end)
        XCTAssertGreaterThanOrEqual(index(position), 3, "a fast fling travels several cards: \(position)")
        XCTAssertEqual(tiles("featured", in: end).filter { $0["moving"] as? Bool == true }.count, 0)
    }

    func testTwoRightPressesMoveThePositionTwoCardsOn() throws {
        try runScript(
            #"{"at": 0, "key": "Right"}, {"at": 0.1, "key": "Right"}, {"at": 0.15, "dump": "mid.json"}, {"at": 3, "dump": "end.json"}"#
        )
        XCTAssertEqual(try dump("mid.json")["position"] as? String, "featured-2")
        let end = try dump("end.json")
        XCTAssertEqual(try assertRestingAligned(end), "featured-2")
        XCTAssertEqual(try numbers(try container("featured", in: end)["offset"]), [2 * 497, 0])
    }

    func testTheHardestCompactSwipeMovesExactlyOneCard() throws {
        let y = 132 + 315 / 2
        try runScript(
            """
            {"at": 0, "drag": {"from": [580, \(y)], "to": [20, \(y)], "seconds": 0.02}},
            {"at": 3, "dump": "one.json"},
            {"at": 3, "drag": {"from": [580, \(y)], "to": [20, \(y)], "seconds": 0.02}},
            {"at": 6, "dump": "two.json"}
            """, window: "[600, 900]")
        XCTAssertEqual(try assertRestingAligned(try dump("one.json")), "featured-1")
        XCTAssertEqual(try assertRestingAligned(try dump("two.json")), "featured-2")
    }

    func testAGentleFlickTowardsTheTopRestsAtTheTopAndTowardsTheBottomFurtherDown() throws {
        var rests: [Double] = []
        for (from, to) in [(450, 490), (490, 450)] {
            try runScript(
                """
                {"at": 0, "drag": {"from": [500, 600], "to": [500, 450], "seconds": 0.4, "hold": 0.2}},
                {"at": 1, "dump": "held.json"},
                {"at": 1, "drag": {"from": [500, \(from)], "to": [500, \(to)], "seconds": 0.25}},
                {"at": 8, "dump": "rest.json"}
                """)
            XCTAssertEqual(
                try numbers(try container("gallery", in: try dump("held.json"))["offset"])[1], 150, accuracy: 0.5)
            rests.append(try numbers(try container("gallery", in: try dump("rest.json"))["offset"])[1])
        }
        XCTAssertEqual(rests[0], 0, "towards the top: the article's behaviour snaps to the top")
        XCTAssertGreaterThan(rests[1], 150 + 40, "towards the bottom: the fling carries it further down")
    }

    func testWithPagingConfiguredFlingsEndOnWholePages() throws {
        let config = folder.appendingPathComponent("paging.json")
        try #"{"gallery": {"featured": {"targetBehavior": "paging"}}}"#.write(
            to: config, atomically: true, encoding: .utf8)
        try runScript(
            """
            {"at": 0, "drag": {"from": [800, \(featuredY)], "to": [300, \(featuredY)], "seconds": 0.05}},
            {"at": 2, "dump": "one.json"},
            {"at": 2, "drag": {"from": [800, \(featuredY)], "to": [650, \(featuredY)], "seconds": 0.1}},
            {"at": 4, "dump": "two.json"}
            """, extra: ["--config", config.path])
        XCTAssertEqual(try numbers(try container("featured", in: try dump("one.json"))["offset"])[0], 1024)
        XCTAssertEqual(try numbers(try container("featured", in: try dump("two.json"))["offset"])[0], 2048)
    }

    func testAResizeRelaysOutAndKeepsThePosition() throws {
        try runScript(
            """
            {"at": 0, "key": "Right"}, {"at": 0, "key": "Right"}, {"at": 0, "key": "Right"},
            {"at": 2, "resize": [600, 900]},
            {"at": 5, "dump": "compact.json"}
            """)
        let d = try dump("compact.json")
        XCTAssertEqual(try assertRestingAligned(d), "featured-3")
        XCTAssertEqual(try numbers(tiles("featured", in: d)[3]["presented"])[2], 560)
    }

    /// The README's picture: mid-fling, edge cards scaled. Compared with the reference.
    func testMidScrollScreenshotMatchesTheReference() throws {
        try runScript(
            """
            {"at": 0, "drag": {"from": [800, \(featuredY)], "to": [400, \(featuredY)], "seconds": 0.06}},
            {"at": 0.3, "screenshot": "mid-scroll.png"}
            """)
        try ImageComparison.assertMatches(
            folder.appendingPathComponent("mid-scroll.png"), reference: "gallery-mid-scroll")
    }

    func testBadGalleryConfigAndPaletteFilesAreExit2NamingThem() throws {
        let config = folder.appendingPathComponent("bad.json")
        try #"{"gallery": {"featured": {"targetBehavior": "sticky"}}}"#.write(
            to: config, atomically: true, encoding: .utf8)
        var result = try TesseraProcess.run(["--headless", "--scene", "gallery", "--config", config.path], in: folder)
        XCTAssertEqual(result.exitCode, 2)
        XCTAssertTrue(result.stderr.contains("gallery.featured.targetBehavior"), result.stderr)

        let palettes = folder.appendingPathComponent("palettes.json")
        try ##"{"palettes": [{"name": "Solo", "background": "#FFFFFF", "colors": ["#000000"]}]}"##.write(
            to: palettes, atomically: true, encoding: .utf8)
        try #"{"gallery": {"palettes": "\#(palettes.path)"}}"#.write(to: config, atomically: true, encoding: .utf8)
        result = try TesseraProcess.run(["--headless", "--scene", "gallery", "--config", config.path], in: folder)
        XCTAssertEqual(result.exitCode, 2)
        XCTAssertTrue(result.stderr.contains("palettes[0].colors: expected 3 colours"), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "one line")
    }
}
