import TesseraGeometry
import TesseraPhotos

/// The one run loop (docs/ARCHITECTURE.md, "The run loop"): the single place that decides when to take
/// input, when to step, when to draw and when to present, for every kind of run. One loop body; what
/// differs between runs is how time moves (`Timing`), asked in one place (`advance`):
///
/// - `.simulated`: one fixed step per turn, as fast as the machine goes (headless runs), a frame every
///   `renderEvery` steps. Deterministic: a script replays to the same states and pixels anywhere.
/// - `.paced`: the same steps, played at real speed (or the slow-motion speed) so a person can watch a
///   script or a monkey storm in a window: each turn runs the steps real time has reached.
/// - `.interactive`: real time banked into fixed steps, frames interpolated between the last two states
///   ("Fix Your Timestep", `FixedStepClock`): the windowed demo and the kiosk.
///
/// In a window a frame is drawn and presented only when something on it changed, and only on the
/// display's ticks (`FramePacer`: a frame starts on a tick, a late one moves to the next). At rest the
/// loop sleeps until the next input or the next thing due: a source's work (`RunLoopSource`: the config
/// poll, the photo folder, the watchdog), the host's (the kiosk's pointer hiding), the kiosk's idle
/// reset, or a script's next step.
///
/// With a `ProfilingSession` every frame is timed. A frame is the steps up to and including one drawn
/// frame; its phases are input (the host's events and the script's), `layout` and `simulate` per step,
/// `render` and `present`. A script's screenshots and dumps are left out of the times, and go to
/// `outputs` (the loop itself writes no files).
package final class FrameLoop {
    package enum Timing: Sendable {
        case simulated, paced, interactive
    }

    /// A run that cannot go on: a script step that cannot run (exit 2), a monkey's broken invariant
    /// (exit 1).
    package struct Failure: Error, CustomStringConvertible {
        package var message: String
        package var exitCode: Int32
        package var description: String { message }
        package init(message: String, exitCode: Int32) {
            self.message = message
            self.exitCode = exitCode
        }
    }

    package let simulation: Simulation
    private let sink: FrameSink
    private let host: InteractiveHost?
    private let clock: MonotonicClock
    private let timing: Timing
    private var player: ScriptPlayer
    private let frames: Int?
    private let renderEvery: Int
    private let profiling: ProfilingSession?
    private var list = DrawList()
    private var events: [ScriptPlayer.Event] = []
    /// The revision whose state was last rendered (nil before the first render).
    private var renderedRevision: Int?
    /// Frames presented so far (the profile's `frames`).
    package private(set) var presentedFrames = 0
    /// When a window's frames may start.
    private var pacer: FramePacer
    /// Interactive runs: real time banked into fixed steps.
    private var fixed: FixedStepClock
    /// Paced runs: simulated seconds that real time has played so far.
    private var played = 0.0
    /// The loop's clock at the end of the last `advance`.
    private var lastAdvance: Double?

    /// Called after every step (the monkey checks its invariants here); a throw ends the run.
    package var afterStep: ((Simulation) throws -> Void)?
    /// Work done when it comes due: the config poll, the photo folder, the watchdog.
    package var sources: [RunLoopSource] = []
    /// Hears about presents, reloads and the end of the run (systemd's notify protocol).
    package var supervisor: RunSupervisor?
    /// Where a script's screenshots and dumps go; nil refuses those steps.
    package var outputs: ScriptOutputs?
    /// Read the semantics tree (the AT-SPI bridge, the speaking kiosk): it is made after a presented frame
    /// whose state changed, only while one of them listens.
    package var semanticsListeners: [SemanticsListener] = []
    /// Steps asked for while the run goes (`play`, the control socket): a drag's moves go on over the
    /// steps after it.
    private var livePlayers: [ScriptPlayer] = []
    /// The revision the listeners last heard of.
    private var publishedRevision: Int?
    /// Reports what the simulation says the user should hear of (the command line: one line on stderr).
    package var report: (String) -> Void = { _ in }

    /// A display that reports no refresh rate (Xvfb's RandR mode says 0 Hz; some VNC servers) is taken for
    /// 60 Hz, as Qt's and Flutter's Linux embedders take it: a window never presents more frames than a
    /// display shows, whatever `--hz` steps the simulation at (docs/KIOSK.md, "Rest, and frames on the
    /// display's beat").
    package static let unknownRefreshInterval = 1.0 / 60

    /// Seconds past the script's end after which an unsettled stepped run stops anyway.
    static let settleLimit = 30.0

    /// - Parameters:
    ///   - frames: stop after this many steps (all kinds of run).
    ///   - renderEvery: simulated runs render every n-th step.
    ///   - host: the window's input, for paced and interactive runs; its refresh rate sets the pace
    ///     (one simulation step when it does not say).
    package init(
        simulation: Simulation, sink: FrameSink, timing: Timing, script: Script = Script(steps: []),
        frames: Int? = nil, renderEvery: Int = 1, host: InteractiveHost? = nil, clock: MonotonicClock = WallClock(),
        profiling: ProfilingSession? = nil
    ) throws {
        self.simulation = simulation
        self.sink = sink
        self.timing = timing
        player = ScriptPlayer(script: script)
        self.frames = frames
        self.renderEvery = max(1, renderEvery)
        self.host = host
        self.clock = clock
        self.profiling = profiling
        pacer = FramePacer(
            interval: host?.refreshInterval ?? Self.unknownRefreshInterval,
            presentsOnVSync: host?.presentsOnVSync ?? false)
        fixed = FixedStepClock(hz: simulation.hz)
    }

    /// Runs to the end: the frame limit, a quit, or (stepped runs without a limit) the script done and
    /// everything at rest. The last state is rendered, for a screenshot.
    package func run() throws {
        played = simulation.time
        while !isFinished {
            // SIGTERM and SIGINT end a run as a quit does (`ProcessSignals`).
            if ProcessSignals.quitRequested { break }
            profiling?.profiler.beginFrame()
            if let host, !timed(.input, { host.pumpEvents(into: self) }) {
                profiling?.profiler.discardFrame()
                break
            }
            try advance()
            runDueSources()
            for notice in simulation.takeNotices() { report(notice) }
            if timing == .simulated {
                // A frame that would show nothing new is not drawn: its steps join the next frame.
                if simulation.stepCount % renderEvery == 0 && needsFrame { drawFrame() }
                continue
            }
            guard needsFrame else {
                profiling?.profiler.discardFrame()
                pacer.rest()
                host?.waitForEvents(upTo: secondsUntilDue())
                continue
            }
            let now = clock.now()
            let start = pacer.nextStart(now: now)
            if start > now {
                // Before the display's next tick: take input meanwhile, draw when it is time.
                profiling?.profiler.discardFrame()
                wait(until: start)
                continue
            }
            pacer.started(at: now)
            drawFrame()
            pacer.presented(at: clock.now())
            waitForNextTick()
        }
        if timing != .interactive {
            // Steps since the last render still make a (render-less) frame.
            profiling?.profiler.endFrame(animatingTiles: simulation.animatingTileCount, presented: false)
            // Events due at the final time (a dump "at" the very end) still happen — unless a signal
            // ended the run early.
            if !ProcessSignals.quitRequested { try playDueEvents() }
        }
        for notice in simulation.takeNotices() { report(notice) }
        if let lost = host?.displayLost {
            // Nothing can be drawn any more: the launcher writes what needs no display (`DisplayLoss`).
            supervisor?.displayLost(lost)
            return
        }
        supervisor?.stopping()
        render()
    }

    /// True once the run should end: its step limit, or (a script's run without one) the script done
    /// and everything at rest, or far past the script's end.
    private var isFinished: Bool {
        if let frames { return simulation.stepCount >= frames }
        guard timing != .interactive else { return false }
        return player.isFinished && simulation.isSettled || simulation.time > player.endTime + Self.settleLimit
    }

    // MARK: Time

    /// Moves the simulation on as this kind of run's time says: one step, the steps real time has
    /// played, or the steps banked real time pays for.
    private func advance() throws {
        let now = clock.now()
        defer { lastAdvance = now }
        // Slow motion plays less simulated time per real second; the fixed step stays the same.
        let scale = profiling?.controls.timeScale ?? 1
        let elapsed = lastAdvance.map { (now - $0) * scale } ?? 0
        switch timing {
        case .simulated:
            try step()
        case .paced:
            played += elapsed
            // Every step runs (a script replays exactly), as many as real time has reached.
            while simulation.time + 0.5 / simulation.hz <= played, !isFinished, !ProcessSignals.quitRequested {
                try step()
            }
        case .interactive:
            if simulation.isSettled && livePlayers.isEmpty {
                // A settled simulation's steps change nothing: time moves on without running them.
                simulation.advanceIdle(steps: fixed.advance(by: elapsed, clampingBacklog: false))
            } else {
                for _ in 0..<fixed.advance(by: elapsed) where !isFinished && !ProcessSignals.quitRequested {
                    try step()
                }
            }
        }
    }

    /// One fixed step: the script's events due at its time, layout, motion, and the monkey's check.
    private func step() throws {
        try timed(.input) { try playDueEvents() }
        if !livePlayers.isEmpty {
            // Only a drag's later moves are left: plain input, which cannot fail.
            for index in livePlayers.indices { try? play(&livePlayers[index]) }
            livePlayers.removeAll { $0.isFinished }
        }
        timed(.layout) { simulation.layOutIfNeeded() }
        timed(.simulate) { simulation.step() }
        try afterStep?(simulation)
    }

    /// Runs every source whose time has come.
    private func runDueSources() {
        guard !sources.isEmpty else { return }
        let now = clock.now()
        for source in sources {
            if let due = source.secondsUntilDue(now: now, simulation: simulation), due <= 0 {
                source.run(now: now, simulation: simulation, sink: sink)
            }
        }
    }

    /// Longest sleep: a sleeping loop still looks at its signals (a `SIGTERM` ends any run within a
    /// second).
    static let longestSleep = 0.5

    /// Seconds to sleep: until the next source, the host's own change, the kiosk's idle reset or (at
    /// rest, `steps`) the script's next event — a frame on its way runs every step due by its start, so
    /// a wait for it does not wake for each one.
    private func secondsUntilDue(steps: Bool = true) -> Double {
        var due = Self.longestSleep
        let now = clock.now()
        for source in sources {
            if let next = source.secondsUntilDue(now: now, simulation: simulation) { due = min(due, next) }
        }
        if let hostDue = host?.nextDue { due = min(due, hostDue) }
        if let idle = simulation.idleResetDue { due = min(due, idle) }
        if steps, timing == .paced {
            // At rest a step changes nothing, so the loop sleeps until the step with the script's next
            // event (or the step limit) is due, then runs every step up to it in one turn: the same
            // steps, without waking 120 times a second for a watched script that has gone still. (A
            // step at time t runs once half a step past it has been played, `advance`.)
            let scale = profiling?.controls.timeScale ?? 1
            let half = 0.5 / simulation.hz
            var wake =
                simulation.isSettled
                ? player.nextEventTime(now: simulation.time).map { $0 + half } ?? .infinity
                : simulation.time + 1 / simulation.hz
            if let frames { wake = min(wake, Double(frames) / simulation.hz - half) }
            due = min(due, (wake - played) / scale)
        }
        return max(0, due)
    }

    /// After a present, while the scene moves: waits for the display's next tick before looking at
    /// input. The wait ends at once on input that came while the frame was made, and the look after it
    /// reads that input; looking first would nearly always find nothing, for a `poll` of the X
    /// connection each frame (one system call in six of an animated frame in a window).
    private func waitForNextTick() {
        guard host != nil, needsFrame else { return }
        let now = clock.now()
        let start = pacer.nextStart(now: now)
        if start > now { wait(until: start) }
    }

    /// Waits until `time`, waking for input and for anything due sooner.
    private func wait(until time: Double) {
        let wait = min(time - clock.now(), secondsUntilDue(steps: false))
        if wait > 0 { host?.waitForEvents(upTo: wait) }
    }

    /// Something a new frame would show differently from the last presented one.
    private var needsFrame: Bool {
        renderedRevision != simulation.revision || !simulation.isSettled || sink.needsRedraw
            || profiling?.controls.showsHUD == true
    }

    // MARK: Drawing

    /// Renders the current state unless the last rendered frame already shows it.
    func render() {
        guard needsFrame else { return }
        draw(alpha: 1, timed: false)
    }

    /// Draws, presents and records one frame of the run.
    private func drawFrame() {
        let alpha = timing == .interactive && !simulation.isSettled ? fixed.alpha : 1
        draw(alpha: alpha, timed: true)
        profiling?.profiler.endFrame(animatingTiles: simulation.animatingTileCount)
        supervisor?.framePresented()
    }

    private func draw(alpha: Double, timed isTimed: Bool) {
        timed(.render, if: isTimed) {
            simulation.draw(into: &list, alpha: alpha)
            profiling?.drawOverlay(into: &list, window: simulation.window)
            sink.render(&list, window: simulation.window)
        }
        timed(.present, if: isTimed) { sink.present() }
        presentedFrames += 1
        renderedRevision = simulation.revision
        publishSemantics()
    }

    /// Hands the listeners the tree of the frame just presented, if its state changed since they last
    /// heard and one of them listens: nothing is made otherwise.
    private func publishSemantics() {
        guard publishedRevision != simulation.revision,
            semanticsListeners.contains(where: { $0.isListening })
        else { return }
        publishedRevision = simulation.revision
        var tree = simulation.semantics()
        tree.announcements = simulation.takeAnnouncements()
        for listener in semanticsListeners where listener.isListening { listener.treeChanged(tree) }
    }

    // MARK: Scripts

    private func playDueEvents() throws { try play(&player) }

    /// Plays `step` now, as a script's step at the simulation's time (a drag then moves over the steps
    /// that follow). A step that cannot run throws `Failure` before it changes anything (a tap of a tile
    /// that is not there); the run goes on.
    package func play(_ step: Script.Step) throws {
        var step = step
        step.at = simulation.time
        var live = ScriptPlayer(script: Script(steps: [step]))
        try play(&live)
        if !live.isFinished { livePlayers.append(live) }
        simulation.markNeedsFrame()
    }

    private func play(_ player: inout ScriptPlayer) throws {
        var events: [ScriptPlayer.Event] = []
        swap(&events, &self.events)
        defer { swap(&events, &self.events) }
        events.removeAll(keepingCapacity: true)
        player.events(at: simulation.time, into: &events)
        for event in events {
            // One instant may hold thousands of steps (300 screenshots `at: 0`): a SIGTERM ends the run
            // between two of them, not after the last (the rest are not played; the outputs are written).
            if ProcessSignals.quitRequested { break }
            switch event {
            case .input(let input):
                receive(input, age: nil)
            case .tap(let id, let index):
                let center = try tileCenter(id, step: index)
                let t = simulation.time
                simulation.handle(.pointerDown(center, time: t))
                simulation.handle(.pointerUp(center, time: t))
            case .tapElement(let query, let index):
                let center = try element(.named(query), step: index).frame.center
                let t = simulation.time
                simulation.handle(.pointerDown(center, time: t))
                simulation.handle(.pointerUp(center, time: t))
            case .activate(let target, let action, let index):
                let node = try element(target, step: index)
                guard node.actions.contains(action) else {
                    throw Failure(
                        message: "script step \(index): \(target.described) has no action \"\(action.rawValue)\"",
                        exitCode: 2)
                }
                simulation.perform(action, on: node.id)
            case .fingerTap(let id, let finger, let index):
                let center = try tileCenter(id, step: index)
                let t = simulation.time
                simulation.handle(.fingerDown(finger, center, time: t))
                simulation.handle(.fingerUp(finger, center, time: t))
            case .scene(let scene):
                simulation.apply(.switchScene(scene))
            case .screenshot(let path):
                try untimed {
                    render()
                    try output(path).saveScreenshot(to: path)
                }
            case .rescan:
                let changes = simulation.rescanPhotos()
                if !changes.isEmpty { sink.takeIn(changes) }
            case .dump(let path):
                try untimed {
                    // A dump shows targets for the commands applied so far: lay out first.
                    simulation.layOutIfNeeded()
                    try output(path).saveDump(simulation.dump(), to: path)
                }
            }
        }
    }

    private func tileCenter(_ id: PhotoID, step index: Int) throws -> Point {
        guard let frame = simulation.scene.revealForTap(id) else {
            throw Failure(
                message: "script step \(index): no tile \"\(id)\" in the \(simulation.currentScene) scene",
                exitCode: 2)
        }
        return frame.center
    }

    /// The element a step names, in the tree as of now: a tile by id (scrolled into view first, as a tap
    /// by id is), or the first element in reading order with the name (and role).
    private func element(_ target: ElementTarget, step index: Int) throws -> SemanticsNode {
        // What the commands applied so far laid out, as a dump sees it.
        simulation.layOutIfNeeded()
        var found: SemanticsNode?
        switch target {
        case .tile(let id):
            _ = simulation.scene.revealForTap(id)
            found = simulation.semantics().node(SemanticsID(.tile, id))
        case .named(let query):
            found = simulation.semantics().node(named: query.name, role: query.role)
        }
        guard let found else {
            throw Failure(
                message:
                    "script step \(index): nothing called \(target.described) on screen in the \(simulation.currentScene) scene",
                exitCode: 2)
        }
        return found
    }

    private func output(_ path: String) throws -> ScriptOutputs {
        guard let outputs else {
            throw Failure(message: "\(path): this run writes no script output", exitCode: 2)
        }
        return outputs
    }

    // MARK: Timing

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
}

extension FrameLoop: InputReceiver {
    /// Every input of the run, the host's and the script's: the profiling keys (F3, F4) go to the
    /// profiling session, everything else to the simulation — and, from the window (`age`: how long ago
    /// it happened), to the profiler, which times it to the frame that answers it.
    package func receive(_ event: InputEvent, age: Double?) {
        if profiling?.handle(event) == true {
            // The HUD shown, hidden or slowed: the frame changes although the simulation does not.
            simulation.markNeedsFrame()
            return
        }
        if let age { profiling?.profiler.noteInput(age: age, kind: event.kind) }
        simulation.handle(event)
    }

}

/// Where a script's `screenshot` and `dump` steps go (files, written by the host: the run loop and the
/// simulation write none).
package protocol ScriptOutputs: AnyObject {
    /// Saves the frame just rendered as a PNG at `path`.
    func saveScreenshot(to path: String) throws
    /// Saves `dump` as JSON at `path`.
    func saveDump(_ dump: StateDump, to path: String) throws
}
