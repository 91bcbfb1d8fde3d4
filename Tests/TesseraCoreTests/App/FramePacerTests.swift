import XCTest

@testable import TesseraCore

/// Frames start on the display's ticks: a frame's cost does not push the next one late, a late frame
/// takes the next tick, and a rest forgets the grid.
final class FramePacerTests: XCTestCase {
    private let interval = 1.0 / 60

    /// Starts of `count` frames that each take `cost` seconds, the loop starting each as soon as the pacer
    /// allows.
    private func starts(count: Int, cost: (Int) -> Double, vsync: Bool = false) -> [Double] {
        var pacer = FramePacer(interval: interval, presentsOnVSync: vsync)
        var now = 0.0
        var starts: [Double] = []
        for frame in 0..<count {
            now = max(now, pacer.nextStart(now: now))
            pacer.started(at: now)
            starts.append(now)
            now += cost(frame)
            if vsync {
                // The present blocks until the blank after the frame's work.
                let tick = (now / interval).rounded(.up) * interval
                now = tick + 0.0002
            }
            pacer.presented(at: now)
        }
        return starts
    }

    func testAFrameOfAFewMillisecondsStartsOnEveryTick() {
        let starts = starts(count: 120, cost: { _ in 0.005 })
        for (n, start) in starts.enumerated() {
            XCTAssertEqual(start, Double(n) * interval, accuracy: 1e-9, "frame \(n) starts on its tick")
        }
    }

    func testALateFrameTakesTheNextTickAndTheGridHolds() {
        // Frame 10 takes 25 ms: the tick 16.7 ms after it started is gone, the next frame starts on the
        // one after, and every later frame is back on the grid.
        let starts = starts(count: 30, cost: { $0 == 10 ? 0.025 : 0.004 })
        XCTAssertEqual(starts[11] - starts[10], 2 * interval, accuracy: 1e-9)
        for n in 12..<30 {
            XCTAssertEqual(starts[n], Double(n + 1) * interval, accuracy: 1e-9, "frame \(n) on the grid")
        }
        let gaps = zip(starts.dropFirst(), starts).map { $0 - $1 }
        XCTAssertGreaterThanOrEqual(gaps.min()!, interval - 1e-9, "never a burst to catch up")
    }

    func testAFrameThatEndsJustPastATickStartsTheNextAtOnce() {
        // 17 ms of work: the next tick passed 0.3 ms ago, within the slack, so the frame still counts
        // as on that tick rather than waiting a whole refresh.
        var pacer = FramePacer(interval: interval)
        pacer.started(at: 0)
        let now = 0.017
        XCTAssertEqual(pacer.nextStart(now: now), now)
        pacer.started(at: now)
        XCTAssertEqual(pacer.nextStart(now: 0.018), 2 * interval, accuracy: 1e-9, "the grid kept the tick")
    }

    func testARestForgetsTheGrid() {
        var pacer = FramePacer(interval: interval)
        pacer.started(at: 0)
        pacer.rest()
        XCTAssertEqual(pacer.nextStart(now: 1.234), 1.234, "input at rest is drawn at once")
        pacer.started(at: 1.234)
        XCTAssertEqual(pacer.nextStart(now: 1.24), 1.234 + interval, accuracy: 1e-9)
    }

    func testABlockingPresentIsATick() {
        // With vsync the present returns just after each blank: the next frame starts at once, one per
        // refresh, and never two in one refresh.
        let starts = starts(count: 60, cost: { _ in 0.006 }, vsync: true)
        let gaps = zip(starts.dropFirst(), starts).map { $0 - $1 }
        for gap in gaps { XCTAssertEqual(gap, interval, accuracy: 0.0005) }
    }

    func testAPresentThatDoesNotBlockIsNoBurst() {
        var pacer = FramePacer(interval: interval, presentsOnVSync: true)
        pacer.started(at: 0)
        pacer.presented(at: 0.003)
        XCTAssertEqual(pacer.nextStart(now: 0.003), interval, accuracy: 1e-9)
    }
}
