import Foundation
import XCTest

/// Shared by the waterfall and destinations scenarios: scripts, dumps and image measures.
enum HeroScenario {
    /// Renders only where a screenshot asks (state is identical whatever `--render-every` is), which
    /// keeps these multi-second scripts quick in a debug build.
    static let fast = ["--render-every", "100000"]

    /// Runs `steps` as a headless script for `scene` at 1024×768 in `folder`.
    @discardableResult
    static func run(
        _ scene: String, _ steps: String, in folder: URL, extra: [String] = [], file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> TesseraProcess.Result {
        let script = folder.appendingPathComponent("script.json")
        try #"{"scene": "\#(scene)", "window": [1024, 768], "steps": [\#(steps)]}"#.write(
            to: script, atomically: true, encoding: .utf8)
        let result = try TesseraProcess.run(["--headless", "--script", script.path] + extra, in: folder)
        XCTAssertEqual(result.exitCode, 0, result.stderr, file: file, line: line)
        return result
    }

    static func tile(_ id: String, in dump: [String: Any]) -> [String: Any]? {
        (dump["tiles"] as? [[String: Any]])?.first { $0["id"] as? String == id }
    }

    static func rect(_ value: Any?) throws -> [Double] { try XCTUnwrap(value as? [Double]) }

    /// Mean absolute Laplacian (4-neighbour) of the luminance over a pixel box: how much fine detail it holds.
    static func laplacianDetail(_ image: ImageComparison.Pixels, x0: Int, y0: Int, x1: Int, y1: Int) -> Double {
        func lum(_ x: Int, _ y: Int) -> Double {
            let p = image.argb[y * image.width + x]
            return 0.299 * Double(p >> 16 & 0xFF) + 0.587 * Double(p >> 8 & 0xFF) + 0.114 * Double(p & 0xFF)
        }
        var total = 0.0
        var n = 0.0
        for y in max(1, y0)..<min(image.height - 1, y1) {
            for x in max(1, x0)..<min(image.width - 1, x1) {
                total += abs(4 * lum(x, y) - lum(x - 1, y) - lum(x + 1, y) - lum(x, y - 1) - lum(x, y + 1))
                n += 1
            }
        }
        return n > 0 ? total / n : 0
    }

    /// Taps `id`, screenshots the scene at rest, 120 ms into the flight and open, checks the tile is in
    /// the flight layer mid-way, and compares the three with `References/<scene>-{rest,flight,open}.png`.
    static func assertTransitionScreenshots(
        _ scene: String, tapping id: String, in folder: URL, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try run(
            scene,
            """
            {"at": 0, "screenshot": "rest.png"},
            {"at": 0, "tap": "\(id)"},
            {"at": 0.12, "screenshot": "flight.png"},
            {"at": 0.12, "dump": "flight.json"},
            {"at": 2.0, "screenshot": "open.png"}
            """, in: folder, extra: fast)
        let flight = try readJSON(folder.appendingPathComponent("flight.json"))
        XCTAssertEqual(tile(id, in: flight)?["layer"] as? String, "flight", file: file, line: line)
        for name in ["rest", "flight", "open"] {
            try ImageComparison.assertMatches(
                folder.appendingPathComponent("\(name).png"), reference: "\(scene)-\(name)", file: file, line: line)
        }
    }
}
