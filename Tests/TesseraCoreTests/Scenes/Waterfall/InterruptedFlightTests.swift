import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore

/// A fullscreen photo takes the finger at any moment of its flight in (WWDC 2018, "Designing Fluid
/// Interfaces"): a page or a swipe down started while it still flies is not dropped, and the photo
/// follows from where it was drawn, without a jump.
final class InterruptedFlightTests: XCTestCase {
    private func opened() throws -> (Simulation, PhotoID) {
        let sim = makeHeroSimulation(.waterfall)
        let id = try XCTUnwrap(sim.container("waterfall")?.items.first)
        sim.tap(id)
        return (sim, id)
    }

    func testAPageStartedAtAnyMomentOfTheFlightTurnsThePage() throws {
        for delay in [0.05, 0.3, 0.5, 0.7, 0.9] {
            let (sim, id) = try opened()
            sim.steps(Int(delay * sim.hz))
            let flying = try XCTUnwrap(sim.tile(id))
            if delay < 0.9 { XCTAssertEqual(flying.layer, "flight", "still flying in at \(delay) s") }
            // No jump where the finger caught it (the page turning later sends the old photo home at once,
            // under the backdrop, by design).
            let run = try ScriptRun(
                sim, #"{"at": 0, "drag": {"from": [800, 400], "to": [250, 420], "seconds": 0.25, "touch": true}}"#)
            run.play(until: 0.08, noJumps: true)
            run.play(until: 0.3)
            sim.settle()
            XCTAssertNotEqual(sim.overlay?.id, id, "paged at \(delay) s")
            XCTAssertNotNil(sim.overlay, "still open at \(delay) s")
        }
    }

    func testASwipeDownStartedMidFlightFollowsTheFingerAndCloses() throws {
        let (sim, id) = try opened()
        sim.steps(Int(0.3 * sim.hz))
        let before = try XCTUnwrap(sim.tile(id)).presented
        let run = try ScriptRun(
            sim,
            #"{"at": 0, "drag": {"from": [500, 300], "to": [500, 560], "seconds": 0.3, "hold": 0.1, "touch": true}}"#)
        run.play(until: 0.2, noJumps: true)
        let during = try XCTUnwrap(sim.tile(id)).presented
        XCTAssertGreaterThan(during.midY, before.midY + 60, "the photo follows the finger down")
        XCTAssertGreaterThan(sim.overlay?.dismiss ?? 0, 0)
        run.play(until: 0.5, noJumps: true)
        sim.settle()
        XCTAssertNil(sim.overlay, "released far down: closed")
    }

    func testATapMidFlightStillTurnsItRound() throws {
        let (sim, id) = try opened()
        sim.steps(Int(0.2 * sim.hz))
        sim.click(Point(500, 400))
        sim.settle()
        XCTAssertNil(sim.overlay)
        XCTAssertEqual(try XCTUnwrap(sim.tile(id)).layer, "container")
    }
}
