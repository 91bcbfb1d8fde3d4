import Foundation

/// A deterministic run on simulated time (headless runs, and scripted windowed runs): plays the script
/// step by step, renders every `renderEvery` steps, writes screenshots and dumps where asked.
///
/// Ends after `frames` steps if given; otherwise once the script is done and everything has settled,
/// or 30 simulated seconds after the script's last action (CONTRACT.md).
public final class ScriptedRun {
    public struct Failure: Error, CustomStringConvertible {
        public var message: String
        /// 2 for the user's input (a script step that cannot run), 1 for anything else.
        public var exitCode: Int32
        public var description: String { message }
        public init(message: String, exitCode: Int32) {
            self.message = message
            self.exitCode = exitCode
        }
    }

    public let simulation: Simulation
    private var player: ScriptPlayer
    private let frames: Int?
    private let renderEvery: Int
    private let sink: FrameSink
    private var list = DrawList()
    private var events: [ScriptPlayer.Event] = []
    /// Called after every step (the monkey checks its invariants here); a throw ends the run.
    public var afterStep: ((Simulation) throws -> Void)?
    /// The step whose state was last rendered (nil before the first render).
    private var renderedStep: Int?

    public init(simulation: Simulation, script: Script, frames: Int?, renderEvery: Int, sink: FrameSink) throws {
        for (index, step) in script.steps.enumerated() {
            if case .key(let name) = step.action, !sink.isKnownKey(name) {
                throw Failure(message: "script step \(index): unknown key \"\(name)\"", exitCode: 2)
            }
        }
        self.simulation = simulation
        player = ScriptPlayer(script: script)
        self.frames = frames
        self.renderEvery = renderEvery
        self.sink = sink
    }

    /// Seconds past the script's end after which an unsettled run stops anyway.
    static let settleLimit = 30.0

    /// Runs to the end. `beforeStep` is called with each step index (the windowed host pumps SDL there).
    public func run(beforeStep: (() -> Bool)? = nil) throws {
        let limit = player.endTime + Self.settleLimit
        while true {
            if let frames {
                if simulation.stepCount >= frames { break }
            } else if player.isFinished && simulation.isSettled || simulation.time > limit {
                break
            }
            if let beforeStep, !beforeStep() { break }
            try playDueEvents()
            simulation.step()
            if simulation.stepCount % renderEvery == 0 { render() }
            try afterStep?(simulation)
        }
        // Events due at the final time (a dump "at" the very end) still happen.
        try playDueEvents()
    }

    /// Renders the current state unless it already is the last rendered frame.
    public func render() {
        guard renderedStep != simulation.stepCount else { return }
        simulation.draw(into: &list)
        sink.render(list, window: simulation.window)
        renderedStep = simulation.stepCount
    }

    private func playDueEvents() throws {
        events.removeAll(keepingCapacity: true)
        player.events(at: simulation.time, into: &events)
        for event in events {
            switch event {
            case .input(let input):
                simulation.handle(input)
            case .tap(let id, let index):
                guard let frame = simulation.scene.presentedFrame(of: id) else {
                    throw Failure(
                        message:
                            "script step \(index): no tile \"\(id)\" in the \(simulation.currentScene.rawValue) scene",
                        exitCode: 2)
                }
                let t = simulation.time
                simulation.handle(.pointerDown(frame.center, time: t))
                simulation.handle(.pointerUp(frame.center, time: t))
            case .scene(let scene):
                simulation.switchScene(to: scene)
            case .screenshot(let path):
                render()
                try write(to: path) { try sink.saveScreenshot(to: path) }
            case .dump(let path):
                try write(to: path) { try simulation.dump().jsonData().write(to: URL(fileURLWithPath: path)) }
            }
        }
    }

    /// Runs a file write, making missing parent folders first; failures become exit 1 with the reason.
    private func write(to path: String, _ body: () throws -> Void) throws {
        do {
            let parent = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            try body()
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(message: "cannot write \(path): \(error)", exitCode: 1)
        }
    }
}
