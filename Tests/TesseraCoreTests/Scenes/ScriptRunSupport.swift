import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraCore

/// Script steps played against a simulation through `ScriptPlayer` — the path a script's fingers take in a
/// real run — a stretch at a time, so a test can look mid-gesture and then go on.
final class ScriptRun {
    let sim: Simulation
    private var player: ScriptPlayer
    private let start: Double
    /// When the run began, and seconds since (simulated).
    var startTime: Double { start }
    var elapsed: Double { sim.time - start }

    /// `steps`: the steps array's contents, times from now.
    init(_ sim: Simulation, _ steps: String) throws {
        self.sim = sim
        player = ScriptPlayer(script: try Script.parse(Data(#"{"steps": [\#(steps)]}"#.utf8)))
        start = sim.time
    }

    /// Steps until `t` seconds after the start. With `noJumps`, checks every step that no tile's presented
    /// frame moves farther than its speed allows (`assertNoJumps`'s rule).
    func play(until t: Double, noJumps: Bool = false, file: StaticString = #filePath, line: UInt = #line) {
        var before = tilesByID(sim)
        var events: [ScriptPlayer.Event] = []
        while sim.time < start + t - 1e-9 {
            events.removeAll()
            let now = sim.time - start
            player.events(at: now, into: &events)
            for event in events {
                switch event {
                case .input(let input): sim.handle(input)
                case .tap(let id, _): sim.tap(id)
                case .fingerTap(let id, let finger, _):
                    guard let frame = sim.scene.revealForTap(id) else { return XCTFail("no tile \(id)") }
                    sim.handle(.fingerDown(finger, frame.center, time: now))
                    sim.handle(.fingerUp(finger, frame.center, time: now))
                default: break
                }
            }
            sim.step()
            guard noJumps else { continue }
            assertNoJump(from: &before, in: sim, over: 1, file: file, line: line)
        }
    }
}

extension Simulation {
    /// Plays `steps` (times from now) for `seconds`; returns the run to go on with.
    @discardableResult
    func play(
        _ steps: String, for seconds: Double, noJumps: Bool = false, file: StaticString = #filePath, line: UInt = #line
    ) throws -> ScriptRun {
        let run = try ScriptRun(self, steps)
        run.play(until: seconds, noJumps: noJumps, file: file, line: line)
        return run
    }

    /// The overlay part of the dump.
    var overlay: OverlayDump? { dump().overlay }
}
