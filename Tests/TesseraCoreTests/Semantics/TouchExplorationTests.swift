import TesseraGeometry
import XCTest

@testable import TesseraCore

/// Touch exploration: a finger reads what it crosses and changes nothing; a double tap anywhere activates
/// the last element read; two fingers scroll.
final class TouchExplorationTests: XCTestCase {
    private final class Recorder: SpeechOutput {
        var lines: [String] = []
        func speak(_ text: String, language: String, interrupt: Bool) { lines.append(text) }
    }

    private func run(_ steps: [Script.Step], sim: Simulation) throws -> [String] {
        sim.exploreByTouch()
        let recorder = Recorder()
        let loop = try FrameLoop(simulation: sim, sink: NullSink(), timing: .simulated, script: Script(steps: steps))
        loop.semanticsListeners = [Announcer(output: recorder)]
        try loop.run()
        return recorder.lines
    }

    func testAFingerMovingOverTheGridReadsPhotosAndSelectsNone() throws {
        let sim = makeSimulation()
        let a = try XCTUnwrap(sim.presentedFrame(of: "photo-01")).center
        let c = try XCTUnwrap(sim.presentedFrame(of: "photo-03")).center
        let said = try run(
            [Script.Step(at: 0.1, action: .touch(.drag(from: a, to: c, seconds: 0.6, hold: 0.2)))], sim: sim)
        XCTAssertEqual(said, ["photo-01, image, 1 of 24", "photo-02, image, 2 of 24", "photo-03, image, 3 of 24"])
        XCTAssertEqual(sim.scene.selection, [])
        XCTAssertEqual(sim.dump().containers.first { $0.id == "grid" }?.offset, .zero, "exploring scrolls nothing")
    }

    func testADoubleTapAnywhereActivatesTheLastElementRead() throws {
        let sim = makeSimulation()
        let a = try XCTUnwrap(sim.presentedFrame(of: "photo-01")).center
        let b = try XCTUnwrap(sim.presentedFrame(of: "photo-02")).center
        let said = try run(
            [
                Script.Step(at: 0.1, action: .touch(.drag(from: a, to: b, seconds: 0.3, hold: 0))),
                // Far from photo-02, over the dock's empty panel: still photo-02 that is activated.
                Script.Step(at: 1.0, action: .touch(.doubleTap(id: nil, at: Point(900, 700)))),
            ], sim: sim)
        XCTAssertEqual(sim.scene.selection, ["photo-02"])
        XCTAssertEqual(said.last, "photo-02, added to the dock, 1 selected")
    }

    func testASingleTapReadsWhatItTouchedAndActivatesNothing() throws {
        let sim = makeSimulation()
        let p = try XCTUnwrap(sim.presentedFrame(of: "photo-07")).center
        let said = try run([Script.Step(at: 0.1, action: .click(p))], sim: sim)
        XCTAssertEqual(said, ["photo-07, image, 7 of 24"])
        XCTAssertEqual(sim.scene.selection, [])
    }

    func testTwoFingersScroll() throws {
        let sim2 = makeSimulation(photos: 200)
        sim2.exploreByTouch()
        sim2.handle(.fingerDown(1, Point(400, 500), time: 0))
        sim2.handle(.fingerDown(2, Point(500, 500), time: 0))
        for i in 1...10 {
            sim2.step()
            sim2.handle(.fingerMove(1, Point(400, 500 - Double(i) * 30), time: sim2.time))
            sim2.handle(.fingerMove(2, Point(500, 500 - Double(i) * 30), time: sim2.time))
        }
        sim2.handle(.fingerUp(1, Point(400, 200), time: sim2.time))
        sim2.handle(.fingerUp(2, Point(500, 200), time: sim2.time))
        sim2.settle()
        XCTAssertGreaterThan(sim2.dump().containers.first { $0.id == "grid" }?.offset.y ?? 0, 200)
        XCTAssertEqual(sim2.scene.selection, [])
    }
}
