import Foundation
import XCTest

/// The pictures the README and docs show are what Tessera draws now: every script in docs/screenshots
/// (`make screenshots`) is run again headless, with the flags in its `.args` beside it, and each picture
/// it writes must match the committed one (a per-channel tolerance, LVGL's manner; what this run drew is
/// left in `.build/screenshot-mismatches` to look at). A drawing change that alters them fails here until
/// `make screenshots` is run and the new pictures are looked at and committed.
final class ScreenshotsAreCurrentTests: XCTestCase {
    func testEveryCommittedScreenshotIsWhatTheScriptsRenderNow() throws {
        let root = TesseraProcess.root
        let shots = root.appendingPathComponent("docs/screenshots")
        let scripts = try FileManager.default.contentsOfDirectory(atPath: shots.path).filter { $0.hasSuffix(".json") }
            .sorted()
        XCTAssertGreaterThan(scripts.count, 10)
        let work = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let empty = work.appendingPathComponent("empty-folder")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        var compared = 0
        for script in scripts {
            let name = String(script.dropLast(".json".count))
            let argsFile = shots.appendingPathComponent("\(name).args")
            // The `.args` files are shell words (the Makefile expands them): a config beside the script, or
            // `$(mktemp -d)` for an empty photo folder.
            let args = ((try? String(contentsOf: argsFile, encoding: .utf8)) ?? "")
                .split(whereSeparator: \.isWhitespace).map(String.init)
                .map { $0 == "$(mktemp" || $0 == "-d)" ? nil : $0 }
                .compactMap { $0 }
                .map { $0.hasPrefix("docs/") ? root.appendingPathComponent($0).path : $0 }
            let photos = args.last == "--photos" ? [empty.path] : []
            let run = try TesseraProcess.run(
                ["--headless"] + args + photos + ["--script", shots.appendingPathComponent(script).path], in: work)
            XCTAssertEqual(run.exitCode, 0, "\(script): \(run.stderr)")
            let written = try String(contentsOf: shots.appendingPathComponent(script), encoding: .utf8)
                .components(separatedBy: "\"screenshot\": \"").dropFirst()
                .map { String($0.prefix { $0 != "\"" }) }
            for path in written {
                let actual = work.appendingPathComponent(path)
                let committed = root.appendingPathComponent(path)
                let expected = try ImageComparison.load(committed.path)
                let got = try ImageComparison.load(actual.path)
                let fraction = ImageComparison.mismatch(expected, got, tolerance: 8)
                // The HUD prints this run's measured frame times: its digits differ from run to run.
                let allowed = path.hasSuffix("profiling-hud.png") ? 0.01 : 0.002
                if fraction > allowed {
                    let mismatches = root.appendingPathComponent(".build/screenshot-mismatches")
                    try? FileManager.default.createDirectory(at: mismatches, withIntermediateDirectories: true)
                    let err = mismatches.appendingPathComponent(committed.lastPathComponent)
                    try? FileManager.default.removeItem(at: err)
                    try? FileManager.default.copyItem(at: actual, to: err)
                    XCTFail(
                        "\(path): \(String(format: "%.2f", fraction * 100)) % of pixels differ from what \(script) renders now; "
                            + "run `make screenshots`, look at them, commit (this run's picture: \(err.path))")
                }
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 20)
    }
}
