import TesseraGeometry
import XCTest

@testable import TesseraCore

/// What the HUD draws, read back from the draw list.
final class ProfilerHUDTests: XCTestCase {
    private let window = Size(1024, 768)

    /// `frameMicroseconds` frames through a profiler on a manual clock.
    private func profiler(_ frameMicroseconds: [UInt64]) -> FrameProfiler {
        let clock = ManualClock()
        let profiler = FrameProfiler(clock: clock, capacity: 1000)
        for us in frameMicroseconds {
            profiler.beginFrame()
            profiler.spend(.simulate, us / 4, on: clock)
            profiler.spend(.render, us - us / 4, on: clock)
            profiler.endFrame(animatingTiles: 0)
        }
        return profiler
    }

    private func draw(_ hud: ProfilerHUD, _ profiler: FrameProfiler, slowMotion: Bool = false) -> [DrawCommand] {
        var list = DrawList()
        hud.draw(
            profiler, budgetMs: 8, slowMotion: slowMotion, renderer: "software (window surface)", window: window,
            into: &list)
        return list.commands
    }

    private func fills(_ commands: [DrawCommand], color: Color) -> [Rect] {
        commands.compactMap {
            if case .fill(let rect, _, let c, _) = $0, c == color { return rect }
            return nil
        }
    }

    private func texts(_ commands: [DrawCommand]) -> [String] {
        commands.compactMap {
            if case .text(let s, _, _, _, _, _) = $0 { return s }
            return nil
        }
    }

    func testOneBarPerRecentFrameRedOverBudgetAgainstTheBudgetLine() throws {
        let config = ProfilerHUDConfig()
        let hud = ProfilerHUD(config: config, slowMotionFactor: 0.1)
        // 150 frames of 4 ms, then one of 12 ms (over the 8 ms budget) and one of 40 ms (off the graph).
        let commands = draw(hud, profiler(Array(repeating: 4000, count: 150) + [12_000, 40_000]))
        let green = fills(commands, color: config.underBudget)
        let red = fills(commands, color: config.overBudget)
        XCTAssertEqual(green.count + red.count, config.graphFrames, "the graph shows the last 120 frames")
        XCTAssertEqual(red.count, 2)
        // Bar heights: 4 ms is a quarter of the 16 ms graph; 40 ms is clipped to its top.
        XCTAssertEqual(green[0].height, config.graphHeight / 4, accuracy: 1e-9)
        let tallest = try XCTUnwrap(red.max { $0.height < $1.height })
        XCTAssertEqual(tallest.height, config.graphHeight, accuracy: 1e-9)
        XCTAssertEqual(tallest.maxX, red.map(\.maxX).max(), "the newest frame is at the right")
        // The budget line at half the graph's height: the top of a bar of exactly one budget.
        let line = try XCTUnwrap(fills(commands, color: config.budgetLine).first)
        XCTAssertEqual(line.minY, (tallest.maxY - config.graphHeight / 2).rounded())
        // The panel sits inside the window.
        let panel = try XCTUnwrap(fills(commands, color: config.background).first)
        XCTAssertTrue(Rect(0, 0, window.width, window.height).contains(panel, tolerance: 0))
    }

    func testNumbersRefreshOnlyAfterRefreshSeconds() {
        let hud = ProfilerHUD(config: ProfilerHUDConfig(), slowMotionFactor: 0.1)
        let clock = ManualClock()
        let profiler = FrameProfiler(clock: clock, capacity: 1000)
        func frame(_ us: UInt64) {
            profiler.beginFrame()
            profiler.spend(.render, us, on: clock)
            profiler.endFrame(animatingTiles: 0)
        }
        frame(2000)
        let first = texts(draw(hud, profiler))
        XCTAssertTrue(first.contains { $0.hasPrefix("2.00 ms") }, "\(first)")
        for _ in 0..<10 { frame(6000) }  // 60 ms: under the 250 ms refresh
        XCTAssertEqual(texts(draw(hud, profiler)), first)
        for _ in 0..<50 { frame(6000) }  // now past it
        let later = texts(draw(hud, profiler))
        XCTAssertTrue(later.contains { $0.hasPrefix("6.00 ms") })
        // 60 frames 6 ms apart: presents per second, not 1000 / frame time.
        XCTAssertTrue(later.contains { $0.hasSuffix("· 167 presents/s") }, "\(later)")
        XCTAssertTrue(texts(draw(hud, profiler)).contains("render 6.000"))
    }

    func testSlowMotionIsShown() {
        let hud = ProfilerHUD(config: ProfilerHUDConfig(), slowMotionFactor: 0.1)
        let p = profiler([1000])
        XCTAssertFalse(texts(draw(hud, p)).contains { $0.contains("slow motion") })
        XCTAssertTrue(texts(draw(hud, p, slowMotion: true)).contains("slow motion 0.1×"))
    }

    func testTheHUDSaysHowFramesReachTheScreen() {
        let hud = ProfilerHUD(config: ProfilerHUDConfig(), slowMotionFactor: 0.1)
        let commands = draw(hud, FrameProfiler(clock: ManualClock(), capacity: 10))
        XCTAssertEqual(Array(texts(commands).suffix(2)), ["software", "(window surface)"], "on two lines, unclipped")
    }

    func testTheLastInputLatencyIsShown() {
        let hud = ProfilerHUD(config: ProfilerHUDConfig(), slowMotionFactor: 0.1)
        let clock = ManualClock()
        let profiler = FrameProfiler(clock: clock, capacity: 10)
        clock.advance(microseconds: 100_000)
        profiler.noteInput(age: 0.012, kind: "pointerDown")
        profiler.beginFrame()
        profiler.endFrame(animatingTiles: 0)
        XCTAssertTrue(texts(draw(hud, profiler)).contains("input → screen 12.0 ms"))
    }
}
