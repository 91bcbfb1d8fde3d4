import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraCore

/// From an input's timestamp to the end of the present of the first frame drawn after it.
final class InputLatenciesTests: XCTestCase {
    func testAnInputIsAnsweredByTheNextPresentedFrame() throws {
        let clock = ManualClock()
        let profiler = FrameProfiler(clock: clock, capacity: 16)
        profiler.beginFrame()
        profiler.spend(.render, 2_000, on: clock)
        profiler.endFrame(animatingTiles: 0)
        // A click 3 ms old when the loop pumps it; the frame then takes 5 ms and presents.
        clock.advance(microseconds: 10_000)
        profiler.noteInput(age: 0.003, kind: "pointerDown")
        profiler.beginFrame()
        profiler.spend(.render, 4_000, on: clock)
        profiler.spend(.present, 1_000, on: clock)
        // Steps that presented nothing answer no input.
        profiler.noteInput(age: 0, kind: "wheel")
        profiler.endFrame(animatingTiles: 0)
        XCTAssertEqual(profiler.inputs.totalCount, 2, "both waited for the frame that ended")
        XCTAssertEqual(profiler.inputs[0].latency, 8_000, "3 ms waiting + 5 ms of frame")
        XCTAssertEqual(profiler.inputs[0].frame, 1)
        XCTAssertEqual(profiler.inputs.last, 0)
        profiler.noteInput(age: 0.001, kind: "key")
        profiler.beginFrame()
        profiler.endFrame(animatingTiles: 0, presented: false)
        XCTAssertEqual(profiler.inputs.totalCount, 2, "a frame that presented nothing answers nothing")
    }

    func testOldInputsAreDroppedAQuarterOfTheCapacityAtATime() {
        var inputs = InputLatencies(capacity: 16)
        var heldCounts: Set<Int> = []
        for frame in 1...100 {
            inputs.note(at: UInt64(frame), kind: "pointerMove")
            inputs.frameEnded(frame, at: UInt64(frame) + 5, keeping: 0)
            heldCounts.insert(inputs.totalCount - inputs.firstHeld)
        }
        XCTAssertEqual(inputs.totalCount, 100)
        XCTAssertEqual(heldCounts.max(), 16 + 3, "never a quarter of the capacity more than it")
        XCTAssertEqual(
            heldCounts.filter { $0 >= 16 }.sorted(), [16, 17, 18, 19],
            "past the capacity the count climbs by a quarter of it and drops back, not one by one")
        XCTAssertEqual(inputs[99].frame, 100, "the newest is held")
        XCTAssertEqual(inputs[inputs.firstHeld].latency, 5)
    }

    func testInputsATraceHasNotWrittenAreKept() {
        var inputs = InputLatencies(capacity: 4)
        for frame in 1...20 {
            inputs.note(at: UInt64(frame), kind: "key")
            inputs.frameEnded(frame, at: UInt64(frame), keeping: inputs.totalCount + 1)
        }
        XCTAssertEqual(inputs.firstHeld, 0, "a trace that wrote none keeps all")
    }

    func testTheSummaryReportsTheLatenciesOfAWindowedRun() throws {
        let clock = ManualClock()
        let profiler = FrameProfiler(clock: clock, capacity: 16)
        for ms in [4, 8, 12] {
            profiler.noteInput(age: Double(ms) / 1000, kind: "pointerDown")
            profiler.beginFrame()
            profiler.endFrame(animatingTiles: 0)
            clock.advance(microseconds: 20_000)
        }
        var summary = ProfileSummary(
            history: profiler.history, ticksPerSecond: clock.ticksPerSecond, steps: 3, presented: 3,
            times: ProcessTimes(wallSeconds: 1, cpuSeconds: 0.1), hz: 120, budgetMs: 8.3, renderer: "software",
            window: Size(100, 100))
        XCTAssertFalse(String(decoding: summary.jsonData(), as: UTF8.self).contains("inputLatencyMs"), "headless")
        summary.addInputLatencies(profiler.inputs, ticksPerSecond: clock.ticksPerSecond)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: summary.jsonData()) as? [String: Any])
        let latency = try XCTUnwrap(json["inputLatencyMs"] as? [String: Double])
        XCTAssertEqual(latency["count"], 3)
        XCTAssertEqual(latency["p50"], 8)
        XCTAssertEqual(latency["max"], 12)
    }

    func testTheTraceHasAnInstantPerInputAndAFlowIntoItsFrame() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: path) }
        let clock = ManualClock()
        let profiler = FrameProfiler(clock: clock, capacity: 16, trace: try TraceWriter(path: path.path))
        profiler.beginFrame()
        profiler.endFrame(animatingTiles: 0)
        clock.advance(microseconds: 1_000)
        profiler.noteInput(age: 0, kind: "key")
        profiler.beginFrame()
        profiler.spend(.render, 3_000, on: clock)
        profiler.endFrame(animatingTiles: 0)
        try profiler.finishTrace()
        let events = try XCTUnwrap(
            (JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])?["traceEvents"]
                as? [[String: Any]])
        let input = try XCTUnwrap(events.first { $0["ph"] as? String == "i" })
        XCTAssertEqual(input["name"] as? String, "key")
        let start = try XCTUnwrap(events.first { $0["ph"] as? String == "s" })
        let finish = try XCTUnwrap(events.first { $0["ph"] as? String == "f" })
        XCTAssertEqual(start["id"] as? Int, finish["id"] as? Int)
        let frame = try XCTUnwrap(
            events.first {
                $0["ph"] as? String == "X" && $0["name"] as? String == "frame"
                    && ($0["args"] as? [String: Int])?["frame"] == 1
            })
        let frameStart = try XCTUnwrap(frame["ts"] as? Double)
        let frameEnd = frameStart + (try XCTUnwrap(frame["dur"] as? Double))
        let landing = try XCTUnwrap(finish["ts"] as? Double)
        XCTAssertTrue((frameStart...frameEnd).contains(landing), "the arrow lands in the frame that answered")
        XCTAssertEqual(finish["tid"] as? Int, frame["tid"] as? Int)
    }
}
