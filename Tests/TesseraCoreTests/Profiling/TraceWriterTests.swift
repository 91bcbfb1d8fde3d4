import Foundation
import XCTest

@testable import TesseraCore

/// The Chrome trace: complete events per phase per frame, in microseconds, and the tiles counter.
final class TraceWriterTests: XCTestCase {
    private var path: String!

    override func setUp() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString)/t.json").path
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    private func events() throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        return try XCTUnwrap((object as? [String: Any])?["traceEvents"] as? [[String: Any]])
    }

    /// `frames` frames of input 3 µs, simulate 20 µs, render 500 µs; tiles animating: 5, 5, 0, 0, …
    private func record(frames: Int, capacity: Int) throws -> FrameProfiler {
        let clock = ManualClock()
        let profiler = FrameProfiler(clock: clock, capacity: capacity, trace: try TraceWriter(path: path))
        for i in 0..<frames {
            profiler.beginFrame()
            profiler.spend(.input, 3, on: clock)
            profiler.spend(.simulate, 20, on: clock)
            profiler.spend(.render, 500, on: clock)
            profiler.endFrame(animatingTiles: i < 2 ? 5 : 0)
            clock.advance(microseconds: 477)  // frames start every millisecond
        }
        try profiler.finishTrace()
        return profiler
    }

    func testCompleteEventsPerPhasePerFrame() throws {
        _ = try record(frames: 3, capacity: 16)
        let all = try events()
        let complete = all.filter { $0["ph"] as? String == "X" }
        XCTAssertEqual(complete.count, 3 * 4, "frame, input, simulate and render per frame; no layout or present ran")
        let render = complete.filter { $0["name"] as? String == "render" }
        XCTAssertEqual(render.map { $0["ts"] as? Double }, [23, 1023, 2023])
        XCTAssertEqual(render.map { $0["dur"] as? Double }, [500, 500, 500])
        let frames = complete.filter { $0["name"] as? String == "frame" }
        XCTAssertEqual(frames.map { ($0["args"] as? [String: Int])?["frame"] }, [0, 1, 2])
        XCTAssertEqual(frames.first?["dur"] as? Double, 523)
        // Each phase in its own named lane.
        let lanes = Set(complete.map { "\($0["name"]!)@\($0["tid"]!)" })
        XCTAssertEqual(lanes.count, 4)
        let names = all.filter { $0["name"] as? String == "thread_name" }.compactMap {
            ($0["args"] as? [String: String])?["name"]
        }
        XCTAssertEqual(names, ["frame", "input", "layout", "simulate", "render", "present", "input events"])
    }

    func testTheTileCounterIsWrittenWhenItChanges() throws {
        _ = try record(frames: 4, capacity: 16)
        let counters = try events().filter { $0["ph"] as? String == "C" }
        XCTAssertEqual(counters.map { ($0["args"] as? [String: Int])?["tiles"] }, [5, 0])
        XCTAssertEqual(counters.map { $0["ts"] as? Double }, [0, 2000])
    }

    func testFramesOlderThanTheRingAreStillWritten() throws {
        let profiler = try record(frames: 11, capacity: 4)
        XCTAssertEqual(profiler.history.count, 4)
        let frames = try events().filter { $0["name"] as? String == "frame" }
        XCTAssertEqual(frames.compactMap { ($0["args"] as? [String: Int])?["frame"] }, Array(0..<11))
    }

    func testMicrosecondsKeepNanoseconds() {
        XCTAssertEqual(TraceWriter.microseconds(1_234_567, 1_000_000_000), "1234.567")
        XCTAssertEqual(TraceWriter.microseconds(1_000_005, 1_000_000_000), "1000.005")
        XCTAssertEqual(TraceWriter.microseconds(42, 1_000_000), "42.000")
    }
}
