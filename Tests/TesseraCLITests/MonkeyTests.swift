import Foundation
import XCTest

/// Random input storms through the real binary (`--monkey`). `make test` runs short storms;
/// `make monkey` (TESSERA_LONG=1) the full ones: 2,500 events over 50 simulated seconds each.
final class MonkeyTests: XCTestCase {
    private var folder: URL!
    private var long: Bool { ProcessInfo.processInfo.environment["TESSERA_LONG"] == "1" }

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testStormsInEveryStartingSceneKeepEveryInvariant() throws {
        let seconds = long ? 53 : 13  // input for all but the last 3 s, at 50 events/s
        for (seed, scene) in [(11, "picker"), (12, "waterfall"), (13, "gallery"), (14, "destinations")] {
            let dumps = folder.appendingPathComponent("dumps-\(seed)")
            let end = folder.appendingPathComponent("end-\(seed).json")
            let result = try TesseraProcess.run(
                [
                    "--headless", "--monkey", "\(seed)", "--scene", scene, "--frames", "\(seconds * 120)",
                    "--render-every", "6", "--monkey-dumps", dumps.path, "--dump-state", end.path, "--output",
                    "/dev/null",
                ], in: folder)
            XCTAssertEqual(result.exitCode, 0, "seed \(seed) in \(scene): \(result.stderr)")
            let files = try FileManager.default.contentsOfDirectory(atPath: dumps.path)
            XCTAssertGreaterThanOrEqual(files.count, 1, "dumps along the way")
            for file in files + ["../end-\(seed).json"] {
                let state = try readJSON(dumps.appendingPathComponent(file))
                let items = (state["containers"] as? [[String: Any]] ?? []).flatMap { $0["items"] as? [String] ?? [] }
                let tiles = (state["tiles"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
                XCTAssertEqual(items.sorted(), tiles.sorted(), "\(file): every tile in exactly one container, once")
                XCTAssertEqual(Set(items).count, items.count, file)
            }
            let final = try readJSON(end)
            let moving = (final["tiles"] as? [[String: Any]] ?? []).filter { $0["moving"] as? Bool == true }
            XCTAssertEqual(moving.count, 0, "seed \(seed): nothing moving at the end")
        }
    }

    /// Fifty seeds of round 4 (issue 44), each scene in turn, each starting in a window of another
    /// shape — down to 1 pt high and 1 pt wide — before the storm's own resizes. `make monkey` runs
    /// all fifty at full length; `make test` every tenth, shorter.
    func testFiftyMoreSeedsAcrossEverySceneAndWindowShape() throws {
        let scenes = ["picker", "waterfall", "gallery", "destinations"]
        let windows = ["1024x768", "390x844", "1920x1080", "320x1", "1x240", "2x300", "300x2", "1x1"]
        let seconds = long ? 53 : 13
        for index in stride(from: 0, to: 50, by: long ? 1 : 10) {
            let seed = 4401 + index
            let (scene, window) = (scenes[index % scenes.count], windows[index % windows.count])
            let end = folder.appendingPathComponent("end-\(seed).json")
            let result = try TesseraProcess.run(
                [
                    "--headless", "--monkey", "\(seed)", "--scene", scene, "--window", window, "--frames",
                    "\(seconds * 120)", "--render-every", "30", "--dump-state", end.path, "--output", "/dev/null",
                ], in: folder)
            XCTAssertEqual(result.exitCode, 0, "seed \(seed) in \(scene) at \(window): \(result.stderr)")
            guard let final = try? readJSON(end) else { continue }
            let items = (final["containers"] as? [[String: Any]] ?? []).flatMap { $0["items"] as? [String] ?? [] }
            let tiles = (final["tiles"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            XCTAssertEqual(items.sorted(), tiles.sorted(), "seed \(seed): every tile in exactly one container")
            let moving = (final["tiles"] as? [[String: Any]] ?? []).filter { $0["moving"] as? Bool == true }
            XCTAssertEqual(moving.count, 0, "seed \(seed): nothing moving at the end")
        }
    }

    func testSeed4008InTheGalleryComesToRest() throws {
        // Two presses without a release between them: the second overwrote the scroll the first caught,
        // which stayed `dragging` at −0.1029 for ever after a resize to 300×2 (issue 44).
        let result = try TesseraProcess.run(
            [
                "--headless", "--monkey", "4008", "--scene", "gallery", "--frames", "6000", "--render-every", "60",
                "--output", "/dev/null",
            ], in: folder)
        XCTAssertEqual(result.exitCode, 0, result.stderr)
    }

    func testAStormNeedsALength() throws {
        // A storm needs --frames; without it the monkey refuses before starting.
        let refused = try TesseraProcess.run(["--headless", "--monkey", "1"], in: folder)
        XCTAssertEqual(refused.exitCode, 2)
        XCTAssertTrue(refused.stderr.contains("--frames"), refused.stderr)
    }

    /// `--frames 200000000` once made the storm ahead, gigabytes, and died of SIGABRT: now a line, exit 2.
    func testAStormLongerThanTheLimitIsRefusedInOneLine() throws {
        let refused = try TesseraProcess.run(["--headless", "--monkey", "9", "--frames", "200000000"], in: folder)
        XCTAssertEqual(refused.exitCode, 2, refused.stderr)
        XCTAssertEqual(
            refused.stderr,
            "tessera: --frames 200000000: a --monkey storm is at most 3600 simulated seconds (432360 steps at --hz 120)\n"
        )
    }
}
