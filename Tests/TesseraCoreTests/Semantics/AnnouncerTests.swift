import TesseraGeometry
import XCTest

@testable import TesseraCore

/// What the speaking kiosk says, in order, through a recording output.
final class AnnouncerTests: XCTestCase {
    final class Recorder: SpeechOutput {
        var said: [(text: String, language: String, interrupt: Bool)] = []
        func speak(_ text: String, language: String, interrupt: Bool) { said.append((text, language, interrupt)) }
        var lines: [String] { said.map(\.text) }
    }

    /// A headless run of `steps` with an announcer listening; what it said.
    private func spoken(_ steps: [Script.Step], sim: Simulation = makeSimulation()) throws -> Recorder {
        let recorder = Recorder()
        let loop = try FrameLoop(simulation: sim, sink: NullSink(), timing: .simulated, script: Script(steps: steps))
        loop.semanticsListeners = [Announcer(output: recorder)]
        try loop.run()
        return recorder
    }

    func testFocusSelectionAndASceneSwitchAreSaidInOrder() throws {
        let said = try spoken([
            Script.Step(at: 0.1, action: .key(.tab)),
            Script.Step(at: 0.3, action: .key(.right)),
            Script.Step(at: 0.6, action: .key(.space)),
            Script.Step(at: 1.5, action: .key(.digit2)),
        ])
        XCTAssertEqual(
            said.lines,
            [
                "photo-01, image, 1 of 24", "photo-02, image, 2 of 24",
                "photo-02, added to the dock, 1 selected", "Waterfall, tab 2 of 4",
            ])
        XCTAssertTrue(said.said.allSatisfy { $0.language == "en" })
    }

    func testChineseIsSaidInChinese() {
        let recorder = Recorder()
        let announcer = Announcer(output: recorder)
        var tree = makeSimulation().semantics()
        tree.announcements = [Announcement("书房"), Announcement("Study")]
        announcer.treeChanged(tree)
        XCTAssertEqual(recorder.said.map(\.language), ["zh", "en"])
    }

    func testNothingIsSaidTwice() throws {
        let sim = makeSimulation()
        let said = try spoken(
            [
                Script.Step(at: 0.1, action: .key(.tab)),
                Script.Step(at: 0.5, action: .wheel(at: Point(500, 300), dx: 0, dy: -1)),
            ], sim: sim)
        XCTAssertEqual(said.lines, ["photo-01, image, 1 of 24"])
    }

    func testAKioskSaysItsIdleResetBeforeItFires() throws {
        var config = Config()
        config.kiosk.idleResetSeconds = 20
        let sim = makeSimulation(config: config)
        sim.kiosk = Simulation.KioskMode(config.kiosk)
        sim.speaks = true
        let recorder = Recorder()
        let loop = try FrameLoop(simulation: sim, sink: NullSink(), timing: .simulated, frames: 120 * 15)
        loop.semanticsListeners = [Announcer(output: recorder)]
        try loop.run()
        XCTAssertEqual(recorder.lines.count, 1)
        XCTAssertTrue(recorder.lines.first?.hasPrefix("Starting over in 10 seconds") ?? false, "\(recorder.lines)")
    }
}
