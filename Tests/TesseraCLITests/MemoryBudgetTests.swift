import Foundation
import XCTest

/// Issue 44's budgets against the real binary, memory by the child's peak RSS (`LimitedRun`, which may
/// count this process's RSS at the spawn: the bounds leave room for it). Before: a 6×65535 PNG opened in
/// the waterfall took 10.9 GB, `zoom.maxScale` 32 2.9 GB, `--scale 2 --window 11600x11600` crashed in
/// `SDL_FillRect`, a script of 600,000 steps peaked at 1.8 GB.
final class MemoryBudgetTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// docs/USING.md, "Pixel limits": any photo, opened, zoomed to the maximum and paged.
    static let photoBudgetMegabytes = 400.0

    /// A folder of `name` (an odd shape) and a plain photo to page to; returns the folder.
    private func photos(_ name: String, width: Int, height: Int) throws -> URL {
        let photos = folder.appendingPathComponent("photos-\(name)")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        if name.hasSuffix(".jpg") {
            try FlatJPEG.make(width: width, height: height, sampling: [(2, 2), (1, 1), (1, 1)])
                .write(to: photos.appendingPathComponent(name))
        } else {
            try HostileFileTests.writeFlatPNG(photos.appendingPathComponent(name).path, width: width, height: height)
        }
        try FileManager.default.copyItem(
            at: TesseraProcess.root.appendingPathComponent("Assets/Photos/photo-01.jpg"),
            to: photos.appendingPathComponent("z-photo.jpg"))
        return photos
    }

    /// Opens `id` in the waterfall (a click on its tile where its centre lies below the window),
    /// pinches to `zoom.maxScale` 32, zooms back out and pages to the next photo; the peak RSS.
    private func openZoomAndPage(_ id: String, tileHeight: Double, in photos: URL, scale: Int) throws -> LimitedRun {
        let config = folder.appendingPathComponent("zoom.json")
        try #"{"zoom": {"maxScale": 32}}"#.write(to: config, atomically: true, encoding: .utf8)
        // The first photo sits in the first column, 504.5 pt wide, from y 64 (1024×768).
        let open =
            tileHeight < 600 ? #"{"at": 0.1, "tap": "\#(id)"}"# : #"{"at": 0.1, "click": [250, 300]}"#
        let dump = folder.appendingPathComponent("zoomed-\(id)-\(scale).json")
        let script = try writeScript(
            """
            \(open),
            {"at": 1.0, "pinch": {"center": [512, 384], "from": 20, "to": 900, "seconds": 0.2}},
            {"at": 1.5, "dump": "\(dump.path)"},
            {"at": 1.6, "doubleTap": [512, 384]},
            {"at": 2.2, "drag": {"from": [900, 384], "to": [100, 384], "seconds": 0.2, "touch": true}},
            {"at": 2.6, "key": "Escape"}
            """, in: folder)
        let run = try LimitedRun.run(
            [
                "--headless", "--photos", photos.path, "--scene", "waterfall", "--no-thumbnails", "--config",
                config.path, "--scale", "\(scale)", "--script", script, "--output", "/dev/null",
            ], in: folder, limit: 240)
        XCTAssertFalse(run.timedOut, "\(id) at --scale \(scale)")
        XCTAssertEqual(run.exitCode, 0, "\(id) at --scale \(scale): \(run.stderr)")
        let overlay = try readJSON(dump)["overlay"] as? [String: Any]
        // At the maximum, or just past it on its rubber band springing back.
        XCTAssertGreaterThanOrEqual(
            overlay?["zoom"] as? Double ?? 0, 32, "\(id) at --scale \(scale): opened and zoomed to the maximum")
        return run
    }

    func testPhotosOfOddShapesOpenedZoomedAndPagedStayWithinTheBudget() throws {
        // A debug build takes some 40 s for each run at --scale 4: the suite runs the worst shape there, the
        // long runs (`TESSERA_LONG=1`, `make monkey`/`soak`'s setting) every shape.
        let long = ProcessInfo.processInfo.environment["TESSERA_LONG"] == "1"
        let shapes: [(name: String, width: Int, height: Int, scales: [Int])] = [
            ("tall.png", 6, 65535, [1, 4]), ("strip.jpg", 8, 65500, [1]), ("dot.png", 1, 1, long ? [1, 4] : [1]),
            ("wide.png", 65535, 6, [1]),
        ]
        for shape in shapes {
            let photos = try photos(shape.name, width: shape.width, height: shape.height)
            let id = String(shape.name.split(separator: ".")[0])
            let tileHeight = 504.5 * Double(shape.height) / Double(shape.width)
            for scale in shape.scales {
                let run = try openZoomAndPage(id, tileHeight: tileHeight, in: photos, scale: scale)
                print("\(shape.width)×\(shape.height) \(shape.name) at --scale \(scale): peak \(run.peakMegabytes) MB")
                XCTAssertLessThan(
                    run.peakMegabytes, Self.photoBudgetMegabytes, "\(shape.name) at --scale \(scale)")
            }
        }
    }

    func testAWindowTimesScalePastTheLimitIsRefusedWithOneLine() throws {
        let run = try LimitedRun.run(
            ["--headless", "--scale", "2", "--window", "11600x11600", "--frames", "1"], in: folder, limit: 30)
        XCTAssertEqual(run.exitCode, 2, "crashed in SDL_FillRect before: \(run.stderr)")
        XCTAssertEqual(
            run.stderr,
            "tessera: --window 11600x11600 at --scale 2 is 23200x23200 pixels: at most 16384 a side (a window of at most 8192 points a side at this scale)\n"
        )
    }

    func testAScriptResizePastTheLimitIsClamped() throws {
        let dump = folder.appendingPathComponent("resized.json")
        let script = try writeScript(
            #"{"at": 0.1, "resize": [16384, 3]}, {"at": 0.5, "dump": "\#(dump.path)"}"#, in: folder)
        let run = try LimitedRun.run(
            ["--headless", "--scale", "4", "--script", script, "--no-thumbnails"], in: folder, limit: 60)
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        XCTAssertEqual(try readJSON(dump)["window"] as? [Double], [4096, 3], "16384 pixels wide at --scale 4")
    }

    func testAScriptOf600000StepsIsRefusedBeforeItIsParsed() throws {
        let url = folder.appendingPathComponent("long.json")
        XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: Data(#"{"steps": ["#.utf8)))
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        // Written in pieces: this process must not hold it (its RSS may count in the child's peak).
        let piece = Data(Array(repeating: #"{"at":0,"key":"Tab"},"#, count: 10_000).joined().utf8)
        for _ in 0..<60 { try handle.write(contentsOf: piece) }
        try handle.write(contentsOf: Data(#"{"at":0,"key":"Tab"}]}"#.utf8))
        try handle.close()
        let run = try LimitedRun.run(["--headless", "--script", url.path], in: folder, limit: 60)
        XCTAssertEqual(run.exitCode, 2, run.stderr)
        XCTAssertEqual(
            run.stderr,
            "tessera: script \(url.path): \"steps\": more than 100000 steps (at most 100000; split the script)\n")
        XCTAssertLessThan(run.peakMegabytes, 200, "parsed before: 1.8 GB")
    }
}
