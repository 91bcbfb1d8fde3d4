import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraCore

/// How many frames a session keeps: all its config asks for when the run reports them, the HUD's
/// share when nothing but the HUD will read them.
final class ProfilingSessionTests: XCTestCase {
    private func session(reportsFrames: Bool, trace: TraceWriter? = nil, config: ProfilingConfig = ProfilingConfig())
        -> ProfilingSession
    {
        ProfilingSession(
            config: config, clock: SteppingClock(), budgetMs: 1000 / 60, showsHUD: false, trace: trace,
            reportsFrames: reportsFrames)
    }

    func testARunThatReportsItsFramesKeepsTheWholeHistory() {
        XCTAssertEqual(session(reportsFrames: true).profiler.history.capacity, 65536)
    }

    func testARunThatReportsNothingKeepsWhatTheHUDShows() {
        let profiling = session(reportsFrames: false)
        XCTAssertEqual(profiling.profiler.history.capacity, 120, "the graph's 120 frames (a refresh is 60 at 240 Hz)")
        for _ in 0..<1000 {
            profiling.profiler.beginFrame()
            profiling.profiler.endFrame(animatingTiles: 0)
        }
        XCTAssertEqual(profiling.profiler.history.totalCount, 1000)
        XCTAssertEqual(profiling.profiler.history.count, 120)
        var list = DrawList()
        profiling.controls.showsHUD = true
        profiling.drawOverlay(into: &list, window: Size(800, 600))
        XCTAssertFalse(list.commands.isEmpty, "the HUD still draws from what is kept")
    }

    func testATraceKeepsTheWholeHistory() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: path) }
        let profiling = session(reportsFrames: false, trace: try TraceWriter(path: path.path))
        XCTAssertEqual(profiling.profiler.history.capacity, 65536)
    }

    func testTheHUDsShareFollowsItsConfigAndNeverExceedsTheHistory() {
        var config = ProfilingConfig()
        config.hud.refreshSeconds = 2
        XCTAssertEqual(config.hudHistoryFrames, 480, "two seconds of frames at 240 a second")
        config.historyFrames = 100
        XCTAssertEqual(config.hudHistoryFrames, 100)
    }
}
