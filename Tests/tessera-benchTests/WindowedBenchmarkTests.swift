import TesseraTestSupport
import XCTest

@testable import tessera_bench

/// How `tessera-bench --animated` reads its runs and turns its rounds into ratios against Qt Quick.
final class WindowedBenchmarkTests: XCTestCase {
    private func frame(_ cpu: Double, _ fps: Double, server: Double? = nil) -> WindowedBenchmark.Animated {
        WindowedBenchmark.Animated(cpuMsPerFrame: cpu, framesPerSecond: fps, serverMsPerFrame: server)
    }

    /// The box's ratio counts each side's X server with its app; a round without a server's figure on
    /// either side has none.
    func testTheBoxRatioCountsEachSidesServer() throws {
        let tessera = [frame(0.6, 60, server: 0.4), frame(0.5, 60)]
        let qt = [frame(1.2, 60, server: 0.8), frame(1.0, 60, server: 0.2)]
        let box = try XCTUnwrap(WindowedBenchmark.ratios(tessera, qt, size: "1024x768", of: \.boxMsPerFrame))
        XCTAssertEqual(box, [0.5])
        XCTAssertEqual(try XCTUnwrap(WindowedBenchmark.ratios(tessera, qt, size: "1024x768")), [0.5, 0.5])
    }

    /// The X server is found by its command line naming the display.
    func testTheServerOfALocalDisplayIsFoundByItsCommandLine() throws {
        let display = try XCTUnwrap(XvfbServer(width: 64, height: 64), "Xvfb")
        XCTAssertNotNil(XDisplay.serverProcess(of: display.name))
        XCTAssertNil(XDisplay.serverProcess(of: "remote:0"))
        XCTAssertNil(XDisplay.serverProcess(of: ":987"))
    }
    /// A round where either side's toggled run took no more CPU than its still one measured nothing:
    /// it is left out, rather than an infinite or zero ratio that JSON cannot hold (a whole run's
    /// figures were once lost to one).
    func testARoundThatMeasuredNothingIsLeftOut() throws {
        let tessera: [WindowedBenchmark.Animated] = [frame(0.6, 105), frame(0, 100), frame(0.5, 104), frame(0.7, 103)]
        let qt: [WindowedBenchmark.Animated] = [frame(1.2, 60), frame(1.0, 60), frame(0, 60), frame(1.0, 60)]
        let ratios = try XCTUnwrap(WindowedBenchmark.ratios(tessera, qt, size: "1024x768"))
        XCTAssertEqual(ratios.count, 2, "rounds 2 (Tessera nothing) and 3 (Qt Quick nothing) left out")
        XCTAssertEqual(ratios[0], 0.5, accuracy: 1e-12, "round 1")
        XCTAssertEqual(ratios[1], 0.7, accuracy: 1e-12, "round 4")
        XCTAssertTrue(ratios.allSatisfy(\.isFinite))
    }

    func testNoRoundLeftIsNoRatio() {
        XCTAssertNil(WindowedBenchmark.ratios([frame(0, 100)], [frame(1.0, 60)], size: "1920x1080"))
        XCTAssertNil(WindowedBenchmark.ratios([], [], size: "1920x1080"))
    }

    /// Each ratio is within one round (the machine drifts between rounds), in round order.
    func testEachRoundIsItsOwnRatio() throws {
        let ratios = try XCTUnwrap(
            WindowedBenchmark.ratios(
                [frame(0.3, 100), frame(0.9, 100)], [frame(0.6, 60), frame(1.0, 60)], size: "1024x768"))
        XCTAssertEqual(ratios[0], 0.5, accuracy: 1e-12)
        XCTAssertEqual(ratios[1], 0.9, accuracy: 1e-12)
    }

    /// A reference that keeps the display's 60 frames a second (+ 2 %) is compared; one that presented
    /// more at either size (an older Slint on X11) is not.
    func testAReferenceFasterThanTheDisplayIsFound() throws {
        XCTAssertNil(WindowedBenchmark.fasterThanTheDisplay([frame(0.6, 59.4), frame(0.6, 61.2)]))
        let fast = try XCTUnwrap(WindowedBenchmark.fasterThanTheDisplay([frame(0.6, 59.4), frame(0.3, 812)]))
        XCTAssertEqual(fast.framesPerSecond, 812)
        XCTAssertNotNil(WindowedBenchmark.fasterThanTheDisplay([frame(0.6, 61.3)]))
    }

    /// A trace of three frames, the first 5 ms in and the last ending 2.02 s after the first began.
    private func trace() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bench-trace-\(UUID()).json")
        let events = [
            #"{"name": "process_name", "ph": "M", "pid": 1, "args": {"name": "tessera"}}"#,
            #"{"name": "frame", "ph": "X", "ts": 5000, "dur": 800, "pid": 1, "tid": 1}"#,
            #"{"name": "render", "ph": "X", "ts": 5100, "dur": 400, "pid": 1, "tid": 1}"#,
            #"{"name": "frame", "ph": "X", "ts": 1005000, "dur": 700, "pid": 1, "tid": 1}"#,
            #"{"name": "render", "ph": "X", "ts": 1005100, "dur": 300, "pid": 1, "tid": 1}"#,
            #"{"name": "frame", "ph": "X", "ts": 2020000, "dur": 5000, "pid": 1, "tid": 1}"#,
            #"{"name": "render", "ph": "X", "ts": 2020100, "dur": 4000, "pid": 1, "tid": 1}"#,
        ]
        try #"{"traceEvents": [\#(events.joined(separator: ", "))]}"#.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// The span says when the first frame came after launch (the run's lifetime less it), which places
    /// the window the frames are counted in; both are on the trace's clock, from the first frame's start.
    func testATracesFramesRunFromTheFirstFramesStartToTheLastOnesEnd() throws {
        let url = try trace()
        defer { try? FileManager.default.removeItem(at: url) }
        let frames = try WindowedBenchmark.TraceFrames(contentsOf: url)
        XCTAssertEqual(frames.span, 2.02, accuracy: 1e-9)
        XCTAssertEqual(frames.drawn(from: 0.5, seconds: 1), 1, "the second frame only")
        XCTAssertEqual(frames.drawn(from: 0, seconds: 3), 3)
        XCTAssertEqual(frames.drawn(from: 2.1, seconds: 1), 0)
    }

    func testATraceWithoutFramesSpansNothing() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bench-trace-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try #"{"traceEvents": []}"#.write(to: url, atomically: true, encoding: .utf8)
        let frames = try WindowedBenchmark.TraceFrames(contentsOf: url)
        XCTAssertEqual(frames.span, 0)
        XCTAssertEqual(frames.drawn(from: 0, seconds: 10), 0)
    }

    func testAFileThatIsNoTraceIsAnError() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bench-trace-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try #"{"frames": 3}"#.write(to: url, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try WindowedBenchmark.TraceFrames(contentsOf: url))
    }
}
