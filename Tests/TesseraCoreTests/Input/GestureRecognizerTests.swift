import TesseraGeometry
import XCTest

@testable import TesseraCore

final class GestureRecognizerTests: XCTestCase {
    private func run(_ events: [InputEvent], slop: Double = 8) -> [Gesture] {
        var recognizer = GestureRecognizer(slop: slop)
        var out: [Gesture] = []
        for e in events { recognizer.handle(e, into: &out) }
        return out
    }

    func testSmallWobbleIsATap() {
        let g = run([
            .pointerDown(Point(10, 10), time: 0), .pointerMove(Point(14, 13), time: 0.02),
            .pointerUp(Point(14, 13), time: 0.05),
        ])
        XCTAssertEqual(g, [.press(Point(10, 10)), .tap(Point(10, 10))])
    }

    func testMovingPastTheSlopIsADragLockedToItsFirstAxis() {
        let g = run([
            .pointerDown(Point(10, 10), time: 0), .pointerMove(Point(12, 30), time: 0.01),
            .pointerMove(Point(40, 50), time: 0.02), .pointerUp(Point(40, 50), time: 0.03),
        ])
        XCTAssertEqual(g.first, .press(Point(10, 10)))
        XCTAssertEqual(g[1], .dragBegan(start: Point(10, 10), axis: .vertical))
        // The deltas add up to the whole movement: the slop is not swallowed.
        let total = g.reduce(Point.zero) { sum, gesture in
            if case .dragChanged(let d) = gesture { return sum + d }
            return sum
        }
        XCTAssertEqual(total, Point(30, 40))
        guard case .dragEnded(let v) = g.last else { return XCTFail("\(g)") }
        XCTAssertGreaterThan(v.y, 0)
    }

    func testHeldStillBeforeReleaseDoesNotFling() {
        var events: [InputEvent] = [.pointerDown(Point(0, 0), time: 0)]
        for i in 1...10 { events.append(.pointerMove(Point(0, Double(i) * 20), time: Double(i) * 0.01)) }
        for i in 1...20 { events.append(.pointerMove(Point(0, 200), time: 0.1 + Double(i) * 0.01)) }
        events.append(.pointerUp(Point(0, 200), time: 0.3))
        guard case .dragEnded(let v) = run(events).last else { return XCTFail() }
        XCTAssertEqual(v.y, 0, accuracy: 1)
    }

    func testMoveWithoutPressIsIgnored() {
        XCTAssertEqual(run([.pointerMove(Point(1, 1), time: 0), .pointerUp(Point(1, 1), time: 0)]), [])
    }

    /// A scene switch mid-press ends it at rest, drag or not, so nothing a press caught stays held.
    func testCancelEndsAPressAtRest() {
        var recognizer = GestureRecognizer(slop: 8)
        var out: [Gesture] = []
        recognizer.handle(.pointerDown(Point(1, 1), time: 0), into: &out)
        recognizer.cancel(into: &out)
        XCTAssertEqual(out, [.press(Point(1, 1)), .dragEnded(velocity: .zero)])
        XCTAssertFalse(recognizer.isPressed)
    }
}
