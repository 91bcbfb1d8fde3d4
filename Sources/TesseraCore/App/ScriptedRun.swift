import Foundation

/// A deterministic run on simulated time (headless runs, and scripted windowed runs): plays the script
/// step by step, renders every `renderEvery` steps, writes screenshots and dumps where asked.
///
/// Ends after `frames` steps if given; otherwise once the script is done and everything has settled,
/// or 30 simulated seconds after the script's last action (CONTRACT.md).
///
/// With a `ProfilingSession` every frame is timed: a frame is the steps up to and including one
/// rendered step (one step with `renderEvery` 1), its phases the script's due events (`input`),
/// `layout` and `simulate` per step, `render` and `present`. Writing a script's screenshots and
/// dumps is left out of the times. The profiling keys (F3, F4) in a script go to the session.
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
    private let profiling: ProfilingSession?
    private var list = DrawList()
    private var events: [ScriptPlayer.Event] = []
    /// Called after every step (the monkey checks its invariants here); a throw ends the run.
    public var afterStep: ((Simulation) throws -> Void)?
    /// The step whose state was last rendered (nil before the first render).
    private var renderedStep: Int?

    public init(
        simulation: Simulation, script: Script, frames: Int?, renderEvery: Int, sink: FrameSink,
        profiling: ProfilingSession? = nil
    ) throws {
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
        self.profiling = profiling
    }

    /// Seconds past the script's end after which an unsettled run stops anyway.
    static let settleLimit = 30.0

    /// Runs to the end. `pace` is called before each step, untimed (the windowed host waits there to
    /// play at real speed); `beforeStep` is called next, as input (the windowed host pumps SDL there),
    /// and returning false stops the run.
    public func run(pace: (() -> Void)? = nil, beforeStep: (() -> Bool)? = nil) throws {
        let limit = player.endTime + Self.settleLimit
        while !ProcessSignals.quitRequested {
            if let frames {
                if simulation.stepCount >= frames { break }
            } else if player.isFinished && simulation.isSettled || simulation.time > limit {
                break
            }
            pace?()
            profiling?.profiler.beginFrame()
            if let beforeStep, !timed(.input, beforeStep) {
                profiling?.profiler.discardFrame()
                break
            }
            try timed(.input) { try playDueEvents() }
            timed(.layout) { simulation.layOutIfNeeded() }
            timed(.simulate) { simulation.step() }
            if simulation.stepCount % renderEvery == 0 {
                render(timed: true)
                profiling?.profiler.endFrame(animatingTiles: simulation.animatingTileCount)
            }
            try afterStep?(simulation)
        }
        // Steps since the last render still make a (render-less) frame.
        profiling?.profiler.endFrame(animatingTiles: simulation.animatingTileCount)
        // Events due at the final time (a dump "at" the very end) still happen.
        try playDueEvents()
    }

    /// Renders the current state unless it already is the last rendered frame.
    public func render() { render(timed: false) }

    private func render(timed isTimed: Bool) {
        guard renderedStep != simulation.stepCount else { return }
        timed(.render, if: isTimed) {
            simulation.draw(into: &list)
            profiling?.drawOverlay(into: &list, window: simulation.window)
            sink.render(list, window: simulation.window)
        }
        timed(.present, if: isTimed) { sink.present() }
        renderedStep = simulation.stepCount
    }

    /// Runs `body` as `phase` of the current frame when profiling (and `condition` holds).
    private func timed<Result>(_ phase: FramePhase, if condition: Bool = true, _ body: () throws -> Result) rethrows
        -> Result
    {
        guard condition, let profiler = profiling?.profiler else { return try body() }
        return try profiler.measure(phase, body)
    }

    /// Runs `body` outside the frame's times (a script's file output is not the engine's work).
    private func untimed<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard let profiler = profiling?.profiler else { return try body() }
        return try profiler.excluding(body)
    }

    private func playDueEvents() throws {
        events.removeAll(keepingCapacity: true)
        player.events(at: simulation.time, into: &events)
        for event in events {
            switch event {
            case .input(let input):
                if profiling?.handle(input) == true { continue }
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
                try untimed {
                    render()
                    try OutputFile.write("screenshot", to: path) { try sink.saveScreenshot(to: path) }
                }
            case .dump(let path):
                try untimed {
                    try OutputFile.write("dump", to: path) {
                        try OutputFile.save(simulation.dump().jsonData(), to: path)
                    }
                }
            }
        }
    }
}
