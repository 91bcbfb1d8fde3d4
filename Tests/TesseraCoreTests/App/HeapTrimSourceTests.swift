import TesseraGeometry
import XCTest

@testable import TesseraCore

/// The heap is trimmed once per rest, a rest's length after the last change, and never while the scene
/// moves: in a real interactive loop on a fake clock.
final class HeapTrimSourceTests: XCTestCase {
    private typealias Rest = FrameLoopRestTests

    /// Runs a picker window for `seconds` with `clicks`; the times of the trims, and of the presents.
    private func run(seconds: Double, clicks: [(Double, Point)]) throws -> (trims: [Double], presents: [Double]) {
        let clock = Rest.FakeClock()
        let window = Rest.FakeWindow(clock: clock, clicks: clicks)
        let log = Rest.PresentLog(clock: clock)
        let sim = makeSimulation()
        var trims: [Double] = []
        let source = HeapTrimSource { trims.append(clock.time) }
        let loop = try FrameLoop(
            simulation: sim, sink: log, timing: .interactive, frames: Int(seconds * sim.hz), host: window,
            clock: clock)
        loop.sources = [source]
        try loop.run()
        XCTAssertEqual(source.trims, trims.count)
        return (trims, log.times)
    }

    func testItTrimsOnceARestAfterTheLastFrame() throws {
        let photo = try XCTUnwrap(makeSimulation().scene.revealForTap("photo-03")).center
        let (trims, presents) = try run(seconds: 12, clicks: [(3.0, photo), (8.0, photo)])
        // At launch, after the first tap's flight, after the second's: three rests, three trims.
        XCTAssertEqual(trims.count, 3, "one trim per rest: \(trims)")
        let lastFrameOfFirstFlight = try XCTUnwrap(presents.last { $0 < 8.0 })
        XCTAssertGreaterThanOrEqual(trims[1], lastFrameOfFirstFlight + HeapTrimSource.restSeconds - 0.1)
        XCTAssertLessThan(trims[1], lastFrameOfFirstFlight + HeapTrimSource.restSeconds + 0.6)
        for trim in trims {
            // A frame a tick or less either side of a trim would mean it ran mid-animation.
            XCTAssertFalse(presents.contains { abs($0 - trim) < 0.5 }, "a trim at \(trim) while frames were drawn")
        }
    }

    func testATapMidRestPutsTheTrimOff() throws {
        // Each tap comes before the rest before it is long enough (launch's, then the first flight's):
        // the only trim follows the second flight.
        let photo = try XCTUnwrap(makeSimulation().scene.revealForTap("photo-03")).center
        let (trims, _) = try run(seconds: 6, clicks: [(1.0, photo), (2.5, photo)])
        XCTAssertEqual(trims.count, 1, "after the second flight only: \(trims)")
        XCTAssertGreaterThan(try XCTUnwrap(trims.last), 2.5 + HeapTrimSource.restSeconds)
    }
}
