import XCTest

@testable import TesseraCore

final class VelocityTrackerTests: XCTestCase {
    func testConstantSpeedGivesThatSpeed() {
        var tracker = VelocityTracker()
        var t = 0.0
        for i in 0...36 {
            t = Double(i) / 120
            tracker.add(time: t, position: 200 - 850 * t)
        }
        XCTAssertEqual(tracker.velocity(at: t), -850, accuracy: 1e-6)
        XCTAssertEqual(tracker.velocity(at: t + 0.01), -850, accuracy: 1e-6)
    }

    func testHeldStillThenReleasedIsAboutZero() {
        // Moves at 1000 pt/s for 0.1 s, then no motion events for 0.2 s.
        var tracker = VelocityTracker()
        for i in 0...12 { tracker.add(time: Double(i) / 120, position: 1000 * Double(i) / 120) }
        XCTAssertEqual(tracker.velocity(at: 0.1 + 0.2), 0)
    }

    func testHeldStillWithRepeatedSamplesIsAboutZero() {
        // Some devices keep reporting the same position while the finger rests.
        var tracker = VelocityTracker()
        for i in 0...12 { tracker.add(time: Double(i) / 120, position: 1000 * Double(i) / 120) }
        let rest = 1000 * 12.0 / 120
        for i in 13...36 { tracker.add(time: Double(i) / 120, position: rest) }
        XCTAssertEqual(tracker.velocity(at: 36.0 / 120), 0, accuracy: 1e-9)
    }

    func testOnlyTheMotionAfterAPauseCounts() {
        var tracker = VelocityTracker()
        tracker.add(time: 0.00, position: 0)
        tracker.add(time: 0.01, position: 50)  // 5000 pt/s, then a 60 ms pause
        tracker.add(time: 0.07, position: 50)
        tracker.add(time: 0.08, position: 52)
        tracker.add(time: 0.09, position: 54)
        XCTAssertEqual(tracker.velocity(at: 0.09), 200, accuracy: 1e-6)
    }

    func testStorageIsBounded() {
        var tracker = VelocityTracker()
        for i in 0..<1000 { tracker.add(time: Double(i) / 1000, position: Double(i)) }
        XCTAssertEqual(tracker.samples.count, VelocityTracker.capacity)
        XCTAssertEqual(tracker.samples.last, VelocityTracker.Sample(time: 0.999, position: 999))
        XCTAssertEqual(tracker.velocity(at: 0.999), 1000, accuracy: 1e-6)
    }

    func testResetAndTooFewSamples() {
        var tracker = VelocityTracker()
        XCTAssertEqual(tracker.velocity(at: 0), 0)
        tracker.add(time: 0, position: 10)
        XCTAssertEqual(tracker.velocity(at: 0), 0)
        tracker.add(time: 0.01, position: 20)
        XCTAssertEqual(tracker.velocity(at: 0.01), 1000, accuracy: 1e-6)
        tracker.reset()
        XCTAssertEqual(tracker.samples.count, 0)
        XCTAssertEqual(tracker.velocity(at: 0.01), 0)
    }
}
