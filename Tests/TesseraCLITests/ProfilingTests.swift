import Foundation
import XCTest

/// `--profile`, `--profile-json` and `--trace` through the real binary (docs/PROFILING.md#profiling). Structure only:
/// no assertion here depends on how fast this machine is.
final class ProfilingTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// docs/PROFILING.md, "Profiling": a headless picker run with 12 taps, 480 frames, every profiling output.
    func testHeadlessPickerRunWithTwelveTaps() throws {
        let taps = (1...12).map { #"{"at": \#(Double($0) / 10), "tap": "photo-\#(String(format: "%02d", $0 * 2))"}"# }
        let script = folder.appendingPathComponent("taps.json")
        try #"{"scene": "picker", "steps": [\#(taps.joined(separator: ", "))]}"#.write(
            to: script, atomically: true, encoding: .utf8)
        let result = try TesseraProcess.run(
            [
                "--headless", "--script", script.path, "--frames", "480", "--profile", "--profile-json", "out/p.json",
                "--trace", "out/t.json",
            ], in: folder)
        XCTAssertEqual(result.exitCode, 0, result.stderr)

        // The table on stdout names every phase.
        for phase in ["input", "simulate", "layout", "render", "present", "frame", "over budget", "1 % low"] {
            XCTAssertTrue(result.stdout.contains(phase), "\(phase) in \(result.stdout)")
        }

        let profile = try readJSON(folder.appendingPathComponent("out/p.json"))
        XCTAssertEqual(profile["steps"] as? Int, 480)
        // Frames are presented only while something moves: from the first tap until the last photo lands.
        let presented = try XCTUnwrap(profile["frames"] as? Int)
        XCTAssertGreaterThan(presented, 100)
        XCTAssertLessThan(presented, 480)
        XCTAssertGreaterThan(try XCTUnwrap(profile["wallSeconds"] as? Double), 0)
        XCTAssertGreaterThan(try XCTUnwrap(profile["cpuSeconds"] as? Double), 0)
        XCTAssertTrue(result.stdout.contains("ms per presented frame"), result.stdout)
        XCTAssertEqual(profile["hz"] as? Double, 120)
        XCTAssertEqual(profile["renderer"] as? String, "software")
        XCTAssertEqual(profile["window"] as? [Double], [1024, 768])
        XCTAssertEqual(try XCTUnwrap(profile["budgetMs"] as? Double), 1000.0 / 120, accuracy: 0.001)
        XCTAssertNotNil(profile["overBudget"] as? Int)
        XCTAssertGreaterThan(try XCTUnwrap(profile["onePercentLowFps"] as? Double), 0)
        let phases = try XCTUnwrap(profile["phases"] as? [String: [String: Double]])
        XCTAssertEqual(Set(phases.keys), ["input", "simulate", "layout", "render", "present", "frame"])
        for (name, s) in phases {
            let ordered = try ["p50", "p95", "p99", "max"].map { try XCTUnwrap(s[$0], "\(name).\($0)") }
            XCTAssertEqual(ordered, ordered.sorted(), "\(name) percentiles in order")
            XCTAssertNotNil(s["mean"])
        }

        let trace = try readJSON(folder.appendingPathComponent("out/t.json"))
        let events = try XCTUnwrap(trace["traceEvents"] as? [[String: Any]])
        let complete = events.filter { $0["ph"] as? String == "X" }
        for e in complete {
            XCTAssertNotNil(e["ts"] as? Double)
            XCTAssertNotNil(e["dur"] as? Double)
        }
        var perFrame: [Int: Set<String>] = [:]
        for e in complete {
            let frame = try XCTUnwrap((e["args"] as? [String: Int])?["frame"])
            perFrame[frame, default: []].insert(try XCTUnwrap(e["name"] as? String))
        }
        // Every presented frame, and one last frame of the steps after everything came to rest.
        XCTAssertEqual(perFrame.count, presented + 1)
        for (frame, names) in perFrame where frame < presented {
            XCTAssertTrue(names.isSuperset(of: ["frame", "render", "simulate"]), "frame \(frame): \(names)")
        }
        XCTAssertFalse(try XCTUnwrap(perFrame[presented]).contains("render"), "the rest is not drawn")
        let counters = events.filter { $0["ph"] as? String == "C" && $0["name"] as? String == "animating tiles" }
        XCTAssertGreaterThan(counters.count, 1)
    }

    func testUnwritablePathsAreRefusedBeforeTheRun() throws {
        let blocker = folder.appendingPathComponent("file")
        try Data().write(to: blocker)
        for flag in ["--trace", "--profile-json"] {
            let result = try TesseraProcess.run(
                ["--headless", "--frames", "1", flag, blocker.path + "/inside.json"], in: folder)
            XCTAssertEqual(result.exitCode, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains(flag), result.stderr)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        }
    }

    func testProfileAloneLeavesNoFiles() throws {
        let result = try TesseraProcess.run(["--headless", "--frames", "3", "--profile"], in: folder)
        XCTAssertEqual(result.exitCode, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("1 frames, 3 steps"), "a scene at rest presents once: \(result.stdout)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }
}
