import Foundation
import XCTest

@testable import TesseraCore

/// The interactive loop on a fake clock and a fake window: it presents only what changed, sleeps at
/// rest, and never presents faster than the display refreshes.
final class FrameLoopRestTests: XCTestCase {
    /// Real time that moves only when the loop works (`cost` per look at input) or sleeps.
    final class FakeClock: MonotonicClock {
        var time = 0.0
        func now() -> Double { time }
        func sleep(_ seconds: Double) { time += max(0, seconds) }
    }

    /// A window with clicks at given times; sleeping until input wakes at the next click.
    final class FakeWindow: InteractiveHost {
        let clock: FakeClock
        var clicks: [(time: Double, at: Point)]
        let cost: Double
        var refreshInterval: Double?
        var nextDue: Double? { nil }
        private(set) var sleeps = 0

        init(clock: FakeClock, clicks: [(Double, Point)] = [], cost: Double = 0.0005, refresh: Double? = 1.0 / 60) {
            self.clock = clock
            self.clicks = clicks.map { (time: $0.0, at: $0.1) }
            self.cost = cost
            refreshInterval = refresh
        }

        func pumpEvents(into simulation: Simulation, profiling: ProfilingSession?) -> Bool {
            clock.time += cost
            while let first = clicks.first, first.time <= clock.time {
                clicks.removeFirst()
                simulation.handle(.pointerDown(first.at, time: clock.time))
                simulation.handle(.pointerUp(first.at, time: clock.time))
            }
            return true
        }

        func waitForEvents(upTo seconds: Double) {
            sleeps += 1
            let wake = clock.time + seconds
            clock.time = min(wake, clicks.first?.time ?? wake)
        }
    }

    /// Counts presents and when they happened.
    final class PresentLog: FrameSink {
        let clock: FakeClock
        var times: [Double] = []
        init(clock: FakeClock) { self.clock = clock }
        func render(_ list: DrawList, window: Size) {}
        func present() { times.append(clock.time) }
        func saveScreenshot(to path: String) throws {}
    }

    private func run(seconds: Double, clicks: [(Double, Point)] = [], refresh: Double? = 1.0 / 60) throws -> (
        PresentLog, FakeWindow, Simulation
    ) {
        let clock = FakeClock()
        let window = FakeWindow(clock: clock, clicks: clicks, refresh: refresh)
        let log = PresentLog(clock: clock)
        let sim = makeSimulation()
        let loop = try FrameLoop(
            simulation: sim, sink: log, timing: .interactive, frames: Int(seconds * sim.hz), host: window,
            clock: clock)
        try loop.run()
        return (log, window, sim)
    }

    func testASettledSceneDrawsOnceThenSleeps() throws {
        let (log, window, sim) = try run(seconds: 10)
        XCTAssertEqual(log.times.count, 1, "the first frame only")
        XCTAssertLessThanOrEqual(window.sleeps, 12, "it sleeps until something is due (a second at most)")
        XCTAssertGreaterThanOrEqual(sim.time, 10, "time moved on without stepping a scene at rest")
    }

    func testATapAtRestIsDrawnAtOnceAndTheFlightAtTheRefreshRate() throws {
        let photo = try XCTUnwrap(makeSimulation().scene.presentedFrame(of: "photo-03")).center
        let (log, _, sim) = try run(seconds: 4, clicks: [(2.0, photo)])
        let after = log.times.filter { $0 >= 2.0 }
        XCTAssertLessThan(try XCTUnwrap(after.first) - 2.0, 0.005, "the tap is drawn in the next frame")
        XCTAssertEqual(sim.dump().selection, ["photo-03"])
        // The flight lasts a fraction of a second: 60 presents a second while it runs, then none.
        let gaps = zip(after.dropFirst(), after).map { $0 - $1 }
        XCTAssertGreaterThanOrEqual(after.count, 8)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(gaps.min()), 0.9 / 60, "never a burst")
        let rate = Double(after.count - 1) / (after.last! - after.first!)
        XCTAssertLessThanOrEqual(rate, 60.5, "never faster than the refresh")
        XCTAssertLessThan(try XCTUnwrap(after.last), 3.0, "nothing is presented once it has landed")
    }

    func testWithoutARefreshRateTheStepRateBounds() throws {
        let photo = try XCTUnwrap(makeSimulation().scene.presentedFrame(of: "photo-03")).center
        let (log, _, _) = try run(seconds: 2, clicks: [(0.5, photo)], refresh: nil)
        let gaps = zip(log.times.dropFirst(), log.times).map { $0 - $1 }
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(gaps.min()), 0.9 / 120)
    }
}
