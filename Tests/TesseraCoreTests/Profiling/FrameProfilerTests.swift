import XCTest

@testable import TesseraCore

/// Phase times with a hand-driven counter: what the hosts' loops record per frame.
final class FrameProfilerTests: XCTestCase {
    func testPhasesAddUpPerFrameAndStepsCountSimulateRuns() {
        let clock = ManualClock()
        let profiler = FrameProfiler(clock: clock, capacity: 8)
        profiler.beginFrame()
        profiler.spend(.input, 10, on: clock)
        for _ in 0..<3 {
            profiler.spend(.layout, 2, on: clock)
            profiler.spend(.simulate, 50, on: clock)
        }
        clock.advance(microseconds: 7)  // between phases: counts in the frame only
        profiler.spend(.render, 400, on: clock)
        profiler.spend(.present, 30, on: clock)
        profiler.endFrame(animatingTiles: 12)

        let record = profiler.history.recent(0)
        XCTAssertEqual(record.duration(.input), 10)
        XCTAssertEqual(record.duration(.layout), 6)
        XCTAssertEqual(record.duration(.simulate), 150)
        XCTAssertEqual(record.duration(.render), 400)
        XCTAssertEqual(record.duration(.present), 30)
        XCTAssertEqual(record.duration(.frame), 10 + 6 + 150 + 7 + 400 + 30)
        XCTAssertEqual(record.steps, 3)
        XCTAssertEqual(record.animatingTiles, 12)
        // Offsets are each phase's first start from the frame's start.
        XCTAssertEqual(record.offsets[FramePhase.input.rawValue], 0)
        XCTAssertEqual(record.offsets[FramePhase.layout.rawValue], 10)
        XCTAssertEqual(record.offsets[FramePhase.simulate.rawValue], 12)
        XCTAssertEqual(record.offsets[FramePhase.render.rawValue], 10 + 6 + 150 + 7)
    }

    func testFramesStartFromTheFirstFrameAndMissingPhasesAreAbsent() {
        let clock = ManualClock()
        let profiler = FrameProfiler(clock: clock, capacity: 8)
        profiler.spend(.simulate, 100, on: clock)  // opens a frame by itself
        profiler.endFrame(animatingTiles: 0)
        clock.advance(microseconds: 900)
        profiler.beginFrame()
        profiler.spend(.render, 5, on: clock)
        profiler.endFrame(animatingTiles: 0)

        XCTAssertEqual(profiler.history.recent(1).start, 0)
        XCTAssertEqual(profiler.history.recent(0).start, 1000)
        XCTAssertFalse(profiler.history.recent(1).ran(.render), "a step without a render")
        XCTAssertTrue(profiler.history.recent(1).ran(.simulate))
        XCTAssertFalse(profiler.history.recent(0).ran(.simulate))
    }

    func testExcludedWorkCountsNowhere() {
        let clock = ManualClock()
        let profiler = FrameProfiler(clock: clock, capacity: 8)
        profiler.beginFrame()
        profiler.measure(.input) {
            clock.advance(microseconds: 3)
            profiler.excluding { clock.advance(microseconds: 30_000) }  // a script's screenshot
            clock.advance(microseconds: 4)
        }
        profiler.endFrame(animatingTiles: 0)
        XCTAssertEqual(profiler.history.recent(0).duration(.input), 7)
        XCTAssertEqual(profiler.history.recent(0).duration(.frame), 7)
    }

    func testDiscardedFramesAreNotRecorded() {
        let clock = ManualClock()
        let profiler = FrameProfiler(clock: clock, capacity: 8)
        profiler.beginFrame()
        profiler.spend(.input, 5, on: clock)
        profiler.discardFrame()
        XCTAssertEqual(profiler.history.totalCount, 0)
        profiler.endFrame(animatingTiles: 0)
        XCTAssertEqual(profiler.history.totalCount, 0, "ending with no open frame records nothing")
    }

    func testTheRingKeepsTheLatestFrames() {
        let clock = ManualClock()
        let profiler = FrameProfiler(clock: clock, capacity: 4)
        for i in 1...10 {
            profiler.beginFrame()
            profiler.spend(.render, UInt64(i), on: clock)
            profiler.endFrame(animatingTiles: i)
        }
        let history = profiler.history
        XCTAssertEqual(history.totalCount, 10)
        XCTAssertEqual(history.count, 4)
        XCTAssertEqual(history.firstHeld, 6)
        XCTAssertEqual((6..<10).map { history[$0].duration(.render) }, [7, 8, 9, 10])
        XCTAssertEqual(history.recent(0).animatingTiles, 10)
    }

    func testLongPhasesSaturateInsteadOfWrapping() {
        let clock = ManualClock()
        let profiler = FrameProfiler(clock: clock, capacity: 2)
        profiler.spend(.render, UInt64(UInt32.max) + 1000, on: clock)
        profiler.endFrame(animatingTiles: 0)
        XCTAssertGreaterThan(profiler.history.recent(0).duration(.render), UInt32.max - 2)
    }
}
