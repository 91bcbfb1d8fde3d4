import TesseraGeometry
import XCTest

@testable import TesseraCore

/// Fingers: the first is the pointer, a second makes a pinch, a tap soon after a tap is a double tap.
final class MultiTouchRecognizerTests: XCTestCase {
    private func gestures(_ events: [InputEvent]) -> [Gesture] {
        var recognizer = GestureRecognizer(slop: 8)
        var out: [Gesture] = []
        for e in events { recognizer.handle(e, into: &out) }
        return out
    }

    func testOneFingerIsThePointer() {
        XCTAssertEqual(
            gestures([.fingerDown(3, Point(10, 10), time: 0), .fingerUp(3, Point(11, 10), time: 0.1)]),
            [.press(Point(10, 10)), .tap(Point(10, 10))])
    }

    func testASecondFingerEndsThePressAndPinches() {
        let out = gestures([
            .fingerDown(1, Point(100, 100), time: 0),
            .fingerMove(1, Point(90, 100), time: 0.01),  // a drag already
            .fingerDown(2, Point(200, 100), time: 0.02),
            .fingerMove(2, Point(250, 100), time: 0.1),
            .fingerMove(1, Point(40, 100), time: 0.1),
            .fingerDown(3, Point(500, 500), time: 0.11),  // a third finger: ignored
            .fingerUp(1, Point(40, 100), time: 0.12),
            .fingerMove(2, Point(300, 100), time: 0.13),  // the pinch ended: ignored until it lifts
            .fingerUp(2, Point(300, 100), time: 0.14),
        ])
        XCTAssertEqual(
            Array(out.prefix(6)),
            [
                .press(Point(100, 100)), .dragBegan(start: Point(100, 100), axis: .horizontal),
                .dragChanged(delta: Point(-10, 0)), .dragEnded(velocity: .zero),
                .pinchBegan(center: Point(145, 100), distance: 110),
                .pinchChanged(center: Point(170, 100), distance: 160),
            ])
        XCTAssertEqual(out[6], .pinchChanged(center: Point(145, 100), distance: 210))
        guard case .pinchEnded(_, let spread) = out[7] else { return XCTFail("\(out)") }
        XCTAssertGreaterThan(spread, 0, "the fingers were spreading")
        XCTAssertEqual(out.count, 8, "nothing after the pinch: \(out)")
    }

    func testTwoQuickNearbyTapsAreADoubleTap() {
        let taps: [InputEvent] = [
            .fingerDown(0, Point(50, 50), time: 0), .fingerUp(0, Point(50, 50), time: 0),
            .fingerDown(0, Point(60, 55), time: 0.1), .fingerUp(0, Point(60, 55), time: 0.1),
            .fingerDown(0, Point(60, 55), time: 0.2), .fingerUp(0, Point(60, 55), time: 0.2),
        ]
        XCTAssertEqual(
            gestures(taps),
            [
                .press(Point(50, 50)), .tap(Point(50, 50)),
                .press(Point(60, 55)), .tap(Point(60, 55)), .doubleTap(Point(60, 55)),
                .press(Point(60, 55)), .tap(Point(60, 55)),  // a third tap starts over
            ])
        let slow: [InputEvent] = [
            .pointerDown(Point(50, 50), time: 0), .pointerUp(Point(50, 50), time: 0),
            .pointerDown(Point(50, 50), time: 0.5), .pointerUp(Point(50, 50), time: 0.5),
        ]
        XCTAssertFalse(gestures(slow).contains(.doubleTap(Point(50, 50))), "too slow")
        let far: [InputEvent] = [
            .pointerDown(Point(50, 50), time: 0), .pointerUp(Point(50, 50), time: 0),
            .pointerDown(Point(150, 50), time: 0.1), .pointerUp(Point(150, 50), time: 0.1),
        ]
        XCTAssertFalse(gestures(far).contains(.doubleTap(Point(150, 50))), "too far apart")
    }

    func testMagnifyPassesThrough() {
        XCTAssertEqual(gestures([.magnify(at: Point(1, 2), scale: 1.5)]), [.magnify(at: Point(1, 2), scale: 1.5)])
        // Ctrl+wheel notches become the core's factor per notch (`zoom.wheelScalePerNotch`, 1.15).
        guard case .magnify(let at, let scale) = gestures([.zoomNotches(at: Point(1, 2), notches: 2)]).first else {
            return XCTFail("no magnify")
        }
        XCTAssertEqual(at, Point(1, 2))
        XCTAssertEqual(scale, 1.15 * 1.15, accuracy: 1e-9)
    }
}
