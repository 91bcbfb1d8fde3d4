import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraCore

/// Nearest-rank percentiles, budget and 1 % low, and the two report formats.
final class ProfileSummaryTests: XCTestCase {
    func testNearestRankPercentiles() {
        let hundred = (1...100).map(Double.init)
        XCTAssertEqual(PhaseStatistics.nearestRank(50, of: hundred), 50)
        XCTAssertEqual(PhaseStatistics.nearestRank(95, of: hundred), 95, "rank 95, not 96 by float rounding")
        XCTAssertEqual(PhaseStatistics.nearestRank(99, of: hundred), 99)
        let ten = (1...10).map(Double.init)
        XCTAssertEqual(PhaseStatistics.nearestRank(50, of: ten), 5)
        XCTAssertEqual(PhaseStatistics.nearestRank(95, of: ten), 10, "⌈9.5⌉ = 10")
        XCTAssertEqual(PhaseStatistics.nearestRank(99, of: [4]), 4)

        let s = PhaseStatistics(samples: [5, 1, 4, 2, 3])
        XCTAssertEqual(s.p50, 3)
        XCTAssertEqual(s.max, 5)
        XCTAssertEqual(s.mean, 3)
        XCTAssertEqual(PhaseStatistics(samples: []), .zero)
    }

    /// 200 frames of 2 ms and two of 20 ms and 30 ms, at a 10 ms budget.
    private func summary() -> ProfileSummary {
        let clock = ManualClock()
        let profiler = FrameProfiler(clock: clock, capacity: 1000)
        for i in 0..<202 {
            profiler.beginFrame()
            profiler.spend(.input, 10, on: clock)
            profiler.spend(.simulate, 40, on: clock)
            profiler.spend(.render, i == 50 ? 19_950 : i == 150 ? 29_950 : 1_950, on: clock)
            profiler.endFrame(animatingTiles: 0)
        }
        return ProfileSummary(
            history: profiler.history, ticksPerSecond: clock.ticksPerSecond, steps: 202, presented: 202,
            times: ProcessTimes(wallSeconds: 4, cpuSeconds: 1.01), hz: 120, budgetMs: 10, renderer: "software",
            window: Size(1024, 768))
    }

    func testBudgetAndOnePercentLow() {
        let s = summary()
        XCTAssertEqual(s.frames, 202)
        XCTAssertEqual(s.overBudget, 2)
        // The slowest ⌈202/100⌉ = 3 frames: 30, 20 and 2 ms → 1000 / (52/3).
        XCTAssertEqual(s.onePercentLowFps, 1000 / (52.0 / 3), accuracy: 1e-9)
        XCTAssertEqual(s.statistics(.frame).p50, 2, accuracy: 1e-9)
        XCTAssertEqual(s.statistics(.frame).max, 30, accuracy: 1e-9)
        XCTAssertEqual(s.statistics(.input).p99, 0.01, accuracy: 1e-9)
        XCTAssertEqual(s.statistics(.layout), .zero, "a phase that never ran")
    }

    func testJSONHasTheDocumentedKeys() throws {
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: summary().jsonData()) as? [String: Any])
        XCTAssertEqual(json["frames"] as? Int, 202)
        XCTAssertEqual(json["steps"] as? Int, 202)
        XCTAssertEqual(json["hz"] as? Double, 120)
        XCTAssertEqual(json["budgetMs"] as? Double, 10)
        XCTAssertEqual(json["renderer"] as? String, "software")
        XCTAssertEqual(json["window"] as? [Double], [1024, 768])
        XCTAssertEqual(json["wallSeconds"] as? Double, 4)
        XCTAssertEqual(json["cpuSeconds"] as? Double, 1.01)
        XCTAssertEqual(json["overBudget"] as? Int, 2)
        XCTAssertNotNil(json["onePercentLowFps"] as? Double)
        let phases = try XCTUnwrap(json["phases"] as? [String: [String: Double]])
        XCTAssertEqual(Set(phases.keys), ["input", "simulate", "layout", "render", "present", "frame"])
        let frame = try XCTUnwrap(phases["frame"])
        XCTAssertEqual(Set(frame.keys), ["p50", "p95", "p99", "max", "mean"])
        XCTAssertEqual(frame["max"], 30)
        XCTAssertEqual(phases["input"]?["p50"], 0.01)
    }

    func testTableListsEveryPhaseInDocumentedOrder() {
        let table = summary().table()
        let lines = table.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[0].contains("202 frames"), lines[0])
        XCTAssertTrue(lines[0].contains("budget 10.000 ms"), lines[0])
        let names = lines.compactMap { $0.split(separator: " ").first.map(String.init) }
        XCTAssertEqual(Array(names[3...8]), ["input", "simulate", "layout", "render", "present", "frame"])
        XCTAssertTrue(table.contains("over budget: 2 of 202 frames"), table)
        // 1.01 s of CPU over 4 s: a quarter of a core, 5 ms for each of 202 presents.
        XCTAssertTrue(
            lines[1].contains("1.010 s over 4.000 s wall (25.2 % of a core), 5.000 ms per presented frame"), lines[1])
    }
}
