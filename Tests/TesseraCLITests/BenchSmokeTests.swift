import Foundation
import XCTest

/// `tessera-bench --quick` runs through and writes its JSON: a smoke test of the benchmark code
/// (that the recorded SDL calls replay the frame exactly, above all). It asserts nothing about
/// speed: the numbers themselves belong to `make bench`.
final class BenchSmokeTests: XCTestCase {
    func testQuickRunWritesEveryNumber() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bench = TesseraProcess.executable.deletingLastPathComponent().appendingPathComponent("tessera-bench")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: bench.path), "tessera-bench not built")
        let output = folder.appendingPathComponent("bench.json")
        let process = Process()
        process.executableURL = bench
        process.arguments = ["--quick", "--out", output.path]
        process.environment = ProcessInfo.processInfo.environment.merging(["SDL_VIDEODRIVER": "dummy"]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)

        let report = try readJSON(output)
        for key in ["stepMicros", "animatingShare"] {
            XCTAssertEqual(Set((report[key] as? [String: Double] ?? [:]).keys), ["100", "1000", "10000"], key)
        }
        XCTAssertNotNil((report["settledStepMicros"] as? [String: Double])?["10000"])
        XCTAssertNotNil(report["renderVsBareSDL"] as? Double)
        XCTAssertNotNil(report["looksVsPlainBlit"] as? Double)
        let render = try XCTUnwrap(report["render"] as? [String: Any])
        XCTAssertEqual(render["replayIsPixelExact"] as? Bool, true)
        XCTAssertGreaterThan(try XCTUnwrap(render["visibleTiles"] as? Int), 40)
        let decode = try XCTUnwrap(report["decode"] as? [String: Any])
        XCTAssertNotNil(decode["photosPerSecond"] as? Double)
        XCTAssertNotNil(decode["firstFrameMs"] as? Double)
        let library = try XCTUnwrap(report["library"] as? [String: Any])
        for key in ["pickerColdSeconds", "pickerWarmSeconds", "waterfallColdSeconds", "waterfallWarmSeconds"] {
            XCTAssertNotNil(library[key] as? Double, key)
        }
        let fling = try XCTUnwrap(library["fling"] as? [String: Any])
        XCTAssertGreaterThan(try XCTUnwrap(fling["peakRSSMegabytes"] as? Double), 0)
        let thumbnail = try XCTUnwrap(library["thumbnailDecode"] as? [String: Any])
        for key in ["jpegMs", "jpegLibjpegMs", "pngMs", "pngLibspngMs"] {
            XCTAssertGreaterThan(try XCTUnwrap(thumbnail[key] as? Double, key), 0, key)
        }
    }
}
