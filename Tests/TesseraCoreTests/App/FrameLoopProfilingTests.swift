import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraCore

/// The headless loop's timing: frames, steps and phases as `--profile` reports them (no real time).
final class FrameLoopProfilingTests: XCTestCase {
    private func session() -> ProfilingSession {
        ProfilingSession(
            config: ProfilingConfig(), clock: SteppingClock(), budgetMs: 1000 / 120, showsHUD: false, trace: nil)
    }

    private func run(_ json: String, frames: Int, renderEvery: Int = 1, sink: NullSink = NullSink()) throws -> (
        Simulation, ProfilingSession
    ) {
        let (sim, profiling, _) = try runLoop(json, frames: frames, renderEvery: renderEvery, sink: sink)
        return (sim, profiling)
    }

    private func runLoop(_ json: String, frames: Int, renderEvery: Int = 1, sink: NullSink = NullSink()) throws -> (
        Simulation, ProfilingSession, FrameLoop
    ) {
        let sim = makeSimulation()
        let profiling = session()
        let script = try Script.parse(Data(json.utf8))
        let loop = try FrameLoop(
            simulation: sim, sink: sink, timing: .simulated, script: script, frames: frames, renderEvery: renderEvery,
            profiling: profiling)
        try loop.run()
        return (sim, profiling, loop)
    }

    func testEveryStepThatChangesSomethingIsAFrameWithEveryPhase() throws {
        let taps = (1...12).map { #"{"at": \#(Double($0) / 10), "tap": "photo-\#(String(format: "%02d", $0))"}"# }
        let (sim, profiling, loop) = try runLoop(#"{"steps": [\#(taps.joined(separator: ","))]}"#, frames: 480)
        let summary = profiling.summary(
            steps: sim.stepCount, presented: loop.presentedFrames, hz: sim.hz, renderer: "none", window: sim.window)
        XCTAssertEqual(summary.steps, 480)
        let history = profiling.profiler.history
        // The first frame draws the scene; nothing changes until the first tap (step 12), so those steps
        // make one frame; then every step draws while the flights run; once all rest nothing is drawn,
        // and the steps left make one last frame without a render.
        XCTAssertEqual(summary.frames, history.totalCount - 1)
        XCTAssertLessThan(summary.frames, 480)
        let steps = (0..<history.totalCount).map { history[$0].steps }
        XCTAssertEqual(steps.reduce(0, +), 480)
        XCTAssertEqual(Array(steps.prefix(3)), [1, 12, 1])
        XCTAssertEqual(steps.dropFirst(2).dropLast().filter { $0 != 1 }, [], "one step a frame while anything moves")
        for number in 0..<(history.totalCount - 1) {
            for phase in FramePhase.allCases where phase != .input || number > 1 {
                XCTAssertTrue(history[number].ran(phase), "\(phase.name) in frame \(number)")
            }
        }
        XCTAssertFalse(history.recent(0).ran(.render), "the rest is not drawn")
        for phase in FramePhase.allCases {
            let s = summary.statistics(phase)
            XCTAssertGreaterThan(s.p50, 0, phase.name)
            XCTAssertLessThanOrEqual(s.p50, s.p95)
            XCTAssertLessThanOrEqual(s.p95, s.p99)
            XCTAssertLessThanOrEqual(s.p99, s.max)
        }
        // The counter follows the flights: tiles animate after the first tap, none at the end.
        XCTAssertGreaterThan(history[3].animatingTiles, 0)
        XCTAssertEqual(history.recent(0).animatingTiles, 0)
    }

    func testRenderEveryGroupsStepsIntoFrames() throws {
        let sink = NullSink()
        let (_, profiling) = try run(
            #"{"steps": [{"at": 0, "tap": "photo-03"}]}"#, frames: 10, renderEvery: 4, sink: sink)
        let history = profiling.profiler.history
        XCTAssertEqual((0..<history.totalCount).map { history[$0].steps }, [4, 4, 2])
        XCTAssertEqual((0..<history.totalCount).map { history[$0].ran(.render) }, [true, true, false])
        XCTAssertEqual(sink.rendered, 3, "two timed frames, then the final state once (for a screenshot)")
    }

    func testASceneAtRestPresentsOnlyItsFirstFrame() throws {
        let sink = NullSink()
        let (_, profiling, loop) = try runLoop(#"{"steps": []}"#, frames: 600, sink: sink)
        XCTAssertEqual(loop.presentedFrames, 1)
        XCTAssertEqual(sink.rendered, 1, "nothing changed after the first frame")
        XCTAssertEqual(profiling.profiler.history.totalCount, 2, "the first frame, then 599 steps drawing nothing")
    }

    func testProfilingKeysGoToTheSessionNotTheScene() throws {
        let (sim, profiling) = try run(#"{"steps": [{"at": 0, "key": "F3"}, {"at": 0, "key": "F4"}]}"#, frames: 3)
        XCTAssertTrue(profiling.controls.showsHUD)
        XCTAssertTrue(profiling.controls.slowMotion)
        XCTAssertEqual(sim.stepCount, 3, "simulated time is untouched by slow motion")
    }

    func testTheHUDIsDrawnIntoTheFrameWhenShown() throws {
        let sink = RecordingSink()
        let sim = makeSimulation()
        let profiling = session()
        let script = try Script.parse(Data(#"{"steps": [{"at": 0.05, "key": "F3"}]}"#.utf8))
        try FrameLoop(
            simulation: sim, sink: sink, timing: .simulated, script: script, frames: 12, renderEvery: 1,
            profiling: profiling
        )
        .run()
        XCTAssertFalse(sink.frames[0].contains { $0.isText("budget") }, "hidden at first")
        XCTAssertTrue(sink.frames.last!.contains { $0.isText("budget") })
        XCTAssertEqual(sink.frames.count, 1 + 7, "the scene rests, but a shown HUD redraws every step")
    }

    func testProfilingDoesNotChangeTheState() throws {
        let json = #"{"steps": [{"at": 0, "tap": "photo-03"}, {"at": 0.1, "tap": "photo-07"}]}"#
        let (profiled, _) = try run(json, frames: 60)
        let plain = makeSimulation()
        try FrameLoop(
            simulation: plain, sink: NullSink(), timing: .simulated, script: try Script.parse(Data(json.utf8)),
            frames: 60, renderEvery: 1
        ).run()
        XCTAssertEqual(try profiled.dump().jsonData(), try plain.dump().jsonData())
    }
}

/// Keeps every rendered frame's commands.
final class RecordingSink: FrameSink {
    var frames: [[DrawCommand]] = []
    func render(_ list: inout DrawList, window: Size) { frames.append(list.commands) }
    func saveScreenshot(to path: String) throws {}
}

extension DrawCommand {
    func isText(_ prefix: String) -> Bool {
        if case .text(let s, _, _, _, _, _) = self { return s.hasPrefix(prefix) }
        return false
    }
}
