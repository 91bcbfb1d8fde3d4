import Foundation
import TesseraGeometry
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
        private(set) var pumps = 0

        init(clock: FakeClock, clicks: [(Double, Point)] = [], cost: Double = 0.0005, refresh: Double? = 1.0 / 60) {
            self.clock = clock
            self.clicks = clicks.map { (time: $0.0, at: $0.1) }
            self.cost = cost
            refreshInterval = refresh
        }

        func pumpEvents(into receiver: InputReceiver) -> Bool {
            pumps += 1
            clock.time += cost
            while let first = clicks.first, first.time <= clock.time {
                clicks.removeFirst()
                receiver.receive(.pointerDown(first.at, time: clock.time), age: 0)
                receiver.receive(.pointerUp(first.at, time: clock.time), age: 0)
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
        /// Seconds a frame's drawing takes.
        var cost = 0.0
        var times: [Double] = []
        init(clock: FakeClock) { self.clock = clock }
        func render(_ list: inout DrawList, window: Size) { clock.time += cost }
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
        // Half a second at most: a sleeping loop still sees a SIGTERM within a second.
        XCTAssertLessThanOrEqual(window.sleeps, 22, "it sleeps until something is due")
        XCTAssertGreaterThanOrEqual(sim.time, 10, "time moved on without stepping a scene at rest")
    }

    func testATapAtRestIsDrawnAtOnceAndTheFlightAtTheRefreshRate() throws {
        let photo = try XCTUnwrap(makeSimulation().scene.revealForTap("photo-03")).center
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

    func testAFrameInFlightLooksAtInputOnceAndStillAnswersATapMidFlight() throws {
        // A present is followed by the wait for the next tick, not by a look at input that would find
        // nothing: one pump a frame while the flight runs. A second tap mid-flight is still drawn at
        // the next tick.
        let photo = try XCTUnwrap(makeSimulation().scene.revealForTap("photo-03")).center
        let (log, window, sim) = try run(seconds: 4, clicks: [(2.0, photo), (2.1, photo)])
        let after = log.times.filter { $0 >= 2.0 }
        XCTAssertGreaterThanOrEqual(after.count, 8)
        // Two pumps a frame before (67 for 30 presents); a dozen at rest besides.
        XCTAssertLessThanOrEqual(window.pumps, log.times.count + 12, "one pump a frame")
        // The grid closed up under the finger: the second tap picks the photo that slid there.
        XCTAssertEqual(sim.dump().selection, ["photo-03", "photo-04"], "the second tap was taken")
        let second = try XCTUnwrap(log.times.first { $0 >= 2.1 })
        XCTAssertLessThan(second - 2.1, 1.0 / 60 + 0.001, "the tap mid-flight is drawn at the next tick")
    }

    /// Presents per second between `from` and `to`.
    private func rate(_ times: [Double], from: Double, to: Double) -> Double {
        Double(times.filter { $0 >= from && $0 < to }.count) / (to - from)
    }

    func testAPacedScriptPresentsOnEveryTickWhateverItsFramesCost() throws {
        // A photo toggled every 120 ms for 3 s, watched in a window at --hz 60 whose frames take 5 ms:
        // every tick of the 60 Hz grid gets its frame (counting from the frame's end pushed every other
        // one a tick late: 30-36 a second).
        let taps = stride(from: 0.2, to: 3.2, by: 0.12).map { #"{"at": \#($0), "tap": "photo-03"}"# }
        let script = try Script.parse(Data(#"{"steps": [\#(taps.joined(separator: ","))]}"#.utf8))
        let clock = FakeClock()
        let window = FakeWindow(clock: clock, refresh: nil)
        let log = PresentLog(clock: clock)
        log.cost = 0.005
        let sim = makeSimulation(hz: 60)
        let loop = try FrameLoop(
            simulation: sim, sink: log, timing: .paced, script: script, frames: 3 * 60, host: window, clock: clock)
        try loop.run()
        XCTAssertGreaterThanOrEqual(rate(log.times, from: 0.5, to: 2.9), 59)
        let animated = log.times.filter { $0 > 0.25 && $0 < 2.9 }
        let gaps = zip(animated.dropFirst(), animated).map { $0 - $1 }
        XCTAssertLessThanOrEqual(try XCTUnwrap(gaps.max()), 2.0 / 60 + 0.001, "no interval of more than two ticks")
    }

    func testAPacedScriptAtRestSleepsUntilItsNextEventAndStillRunsEveryStep() throws {
        // One tap at 2 s in a 4 s watched script: still before it and after the flight, the loop sleeps
        // until the tap's step is due (or the end), not for every one of the 240 steps.
        let script = try Script.parse(Data(#"{"steps": [{"at": 2, "tap": "photo-03"}]}"#.utf8))
        let clock = FakeClock()
        let window = FakeWindow(clock: clock)
        let log = PresentLog(clock: clock)
        let sim = makeSimulation(hz: 60)
        let loop = try FrameLoop(
            simulation: sim, sink: log, timing: .paced, script: script, frames: 4 * 60, host: window, clock: clock)
        try loop.run()
        XCTAssertEqual(sim.stepCount, 4 * 60, "every step ran")
        XCTAssertEqual(sim.dump().selection, ["photo-03"], "the tap was played")
        let afterTap = try XCTUnwrap(log.times.first { $0 >= 2.0 })
        XCTAssertLessThan(afterTap - 2.0, 2.0 / 60, "the tap is drawn within a tick or two of its time")
        let flight = log.times.filter { $0 >= 2.0 }.count
        XCTAssertLessThan(window.sleeps, flight + 20, "a sleep per frame in flight, a few at rest")
        XCTAssertLessThan(clock.time, 4.1, "the run still ends at its step limit")
    }

    func testAnInteractiveWindowPresentsOnEveryTickWhileItAnimates() throws {
        // 120 Hz, frames of 5 ms, a flight after a tap: one present per 8.3 ms tick while it flies.
        let photo = try XCTUnwrap(makeSimulation().scene.revealForTap("photo-03")).center
        let clock = FakeClock()
        let window = FakeWindow(clock: clock, clicks: [(0.5, photo)], refresh: 1.0 / 120)
        let log = PresentLog(clock: clock)
        log.cost = 0.005
        let sim = makeSimulation()
        let loop = try FrameLoop(
            simulation: sim, sink: log, timing: .interactive, frames: 240, host: window, clock: clock)
        try loop.run()
        let flight = log.times.filter { $0 >= 0.5 }
        XCTAssertGreaterThanOrEqual(flight.count, 10)
        let rate = Double(flight.count - 1) / (flight.last! - flight.first!)
        XCTAssertEqual(rate, 120, accuracy: 1, "one present a tick (counting from the frame's end gave 80)")
    }

    /// A display that does not say its rate is taken for 60 Hz: a 120 Hz simulation presents at most 60
    /// frames a second there (it had presented at its step rate, 103-107 a second under Xvfb).
    func testWithoutARefreshRateSixtyHertzBounds() throws {
        let photo = try XCTUnwrap(makeSimulation().scene.revealForTap("photo-03")).center
        let (log, _, sim) = try run(seconds: 2, clicks: [(0.5, photo)], refresh: nil)
        XCTAssertEqual(sim.hz, 120)
        let gaps = zip(log.times.dropFirst(), log.times).map { $0 - $1 }
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(gaps.min()), 0.99 / 60)
        XCTAssertGreaterThan(log.times.count, 5, "it animated")
    }
}
