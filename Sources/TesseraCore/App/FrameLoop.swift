import Foundation

/// The one run loop (docs/ARCHITECTURE.md, "The run loop"): the single place that decides when to take
/// input, when to step, when to draw and when to present, for every kind of run.
///
/// - `.simulated`: fixed steps as fast as the machine goes (headless runs). Deterministic: a script
///   replays to the same states and pixels anywhere.
/// - `.paced`: the same steps, played at real speed (or the slow-motion speed) so a person can watch a
///   script or a monkey storm in a window.
/// - `.interactive`: real time banked into fixed steps, frames interpolated between the last two states
///   ("Fix Your Timestep", `FixedStepClock`): the windowed demo and the kiosk. A frame is drawn and
///   presented only when something on it changed; at rest the loop sleeps until the next input or the
///   next thing due (the kiosk's idle reset, the pointer hiding, the config poll).
///
/// With a `ProfilingSession` every frame is timed. In a stepped run a frame is the steps up to and
/// including one rendered step; its phases are input (the host's events and the script's), `layout`
/// and `simulate` per step, `render` and `present`. Writing a script's screenshots and dumps is left
/// out of the times. The profiling keys (F3, F4) go to the session.
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

    /// Called after every step (the monkey checks its invariants here); a throw ends the run.
    package var afterStep: ((Simulation) throws -> Void)?
    /// Polled twice a second in interactive runs for live config reload.
    package var configWatcher: ConfigWatcher?
    /// The photo folder's watcher in interactive runs (windowed demo, kiosk); its changes are taken in
    /// once the folder is quiet for `photos.rescanQuietSeconds` (`FolderWatcher`).
    package var folderWatcher: FolderWatcher?

    /// Seconds past the script's end after which an unsettled stepped run stops anyway.
    static let settleLimit = 30.0
    /// Seconds between config polls in interactive runs.
    static let configPollInterval = 0.5

    /// - Parameters:
    ///   - script: checked first: a step naming a key the engine does not know is exit 2.
    ///   - frames: stop after this many steps (all kinds of run).
    ///   - renderEvery: stepped runs render every n-th step.
    ///   - host: the window's input, for paced and interactive runs.
    package init(
        simulation: Simulation, sink: FrameSink, timing: Timing, script: Script = Script(steps: []),
        frames: Int? = nil, renderEvery: Int = 1, host: InteractiveHost? = nil, clock: MonotonicClock = WallClock(),
        profiling: ProfilingSession? = nil
    ) throws {
        for (index, step) in script.steps.enumerated() {
            if case .key(let name) = step.action, Key(name: name) == nil {
                throw Failure(message: "script step \(index): unknown key \"\(name)\"", exitCode: 2)
            }
        }
        self.simulation = simulation
        self.sink = sink
        self.timing = timing
        player = ScriptPlayer(script: script)
        self.frames = frames
        self.renderEvery = max(1, renderEvery)
        self.host = host
        self.clock = clock
        self.profiling = profiling
    }

    /// Runs to the end: the frame limit, a quit, or (stepped runs without a limit) the script done and
    /// everything at rest. The last state is rendered, for a screenshot.
    package func run() throws {
        switch timing {
        case .simulated, .paced: try runStepped()
        case .interactive: runInteractive()
        }
        render()
    }

    // MARK: Stepped runs

    private func runStepped() throws {
        let limit = player.endTime + Self.settleLimit
        var played = simulation.time
        var lastTick = clock.now()
        // A watched run presents no more often than the display refreshes, as an interactive one.
        let presentInterval = timing == .paced ? host?.refreshInterval ?? 1 / simulation.hz : 0
        var nextPresent = lastTick
        while true {
            if let frames {
                if simulation.stepCount >= frames { break }
            } else if player.isFinished && simulation.isSettled || simulation.time > limit {
                break
            }
            // SIGTERM and SIGINT end a run as a quit does (`ProcessSignals`).
            if ProcessSignals.quitRequested { break }
            if timing == .paced {
                // Wait (untimed) until played time has caught up with simulated time.
                let scale = profiling?.controls.timeScale ?? 1
                let now = clock.now()
                played += (now - lastTick) * scale
                lastTick = now
                let due = simulation.time - played
                if due > 0 { clock.sleep(due / scale) }
            }
            profiling?.profiler.beginFrame()
            if let host, !timed(.input, { host.pumpEvents(into: simulation, profiling: profiling) }) {
                profiling?.profiler.discardFrame()
                break
            }
            try timed(.input) { try playDueEvents() }
            timed(.layout) { simulation.layOutIfNeeded() }
            timed(.simulate) { simulation.step() }
            // A frame that would show nothing new, or come before the display can show it, is not drawn:
            // its steps join the next frame.
            if simulation.stepCount % renderEvery == 0 && needsFrame && (timing != .paced || isDue(nextPresent)) {
                draw(alpha: 1, timed: true)
                profiling?.profiler.endFrame(animatingTiles: simulation.animatingTileCount)
                if timing == .paced {
                    nextPresent = Self.nextPresent(after: nextPresent, interval: presentInterval, now: clock.now())
                }
            }
            try afterStep?(simulation)
        }
        // Steps since the last render still make a (render-less) frame.
        profiling?.profiler.endFrame(animatingTiles: simulation.animatingTileCount)
        // Events due at the final time (a dump "at" the very end) still happen.
        try playDueEvents()
    }

    // MARK: Interactive runs

    private func runInteractive() {
        guard let host else { return }
        var fixed = FixedStepClock(hz: simulation.hz)
        var last = clock.now()
        var lastConfigPoll = last
        // Presents are paced to the display's refresh (or the step rate) whether or not the renderer
        // waits for vsync; a late frame moves the schedule on rather than being followed by a burst.
        let presentInterval = host.refreshInterval ?? 1 / simulation.hz
        var nextPresent = last
        while true {
            if let frames, simulation.stepCount >= frames { return }
            if ProcessSignals.quitRequested { return }
            profiling?.profiler.beginFrame()
            guard timed(.input, { host.pumpEvents(into: simulation, profiling: profiling) }) else {
                profiling?.profiler.discardFrame()
                return
            }
            let now = clock.now()
            // Slow motion banks less simulated time per real second; the fixed step stays the same.
            let elapsed = (now - last) * (profiling?.controls.timeScale ?? 1)
            last = now
            if simulation.isSettled {
                // A settled simulation's steps change nothing: time moves on without running them.
                simulation.advanceIdle(steps: fixed.advance(by: elapsed, clampingBacklog: false))
            } else {
                for _ in 0..<fixed.advance(by: elapsed) {
                    timed(.layout) { simulation.layOutIfNeeded() }
                    timed(.simulate) { simulation.step() }
                    if let frames, simulation.stepCount >= frames { break }
                }
            }
            if let due = folderDue, due <= 0 { takeInFolderChanges() }
            if now - lastConfigPoll >= Self.configPollInterval || ProcessSignals.reloadRequested {
                lastConfigPoll = now
                pollConfig()
            }
            if needsFrame {
                let wait = nextPresent - clock.now()
                if wait > 0 {
                    // Too soon after the last present: take input meanwhile, draw when it is time.
                    profiling?.profiler.discardFrame()
                    host.waitForEvents(upTo: wait)
                    continue
                }
                draw(alpha: simulation.isSettled ? 1 : fixed.alpha, timed: true)
                profiling?.profiler.endFrame(animatingTiles: simulation.animatingTileCount)
                nextPresent = Self.nextPresent(after: nextPresent, interval: presentInterval, now: clock.now())
            } else {
                profiling?.profiler.discardFrame()
                host.waitForEvents(upTo: nextDue(lastConfigPoll: lastConfigPoll))
            }
        }
    }

    /// When the present after one scheduled for `scheduled` may go: one interval on, keeping the cadence,
    /// but never sooner than 0.9 of an interval after one that went late — a late frame is not followed
    /// by a burst.
    static func nextPresent(after scheduled: Double, interval: Double, now: Double) -> Double {
        max(scheduled + interval, now + 0.9 * interval)
    }

    /// True when a present scheduled for `time` may go now: a millisecond early is on time (steps are
    /// paced to the same clock, so a frame due with a step is never skipped for jitter).
    private func isDue(_ time: Double) -> Bool { clock.now() + 0.001 >= time }

    /// Something a new frame would show differently from the last presented one.
    private var needsFrame: Bool {
        renderedRevision != simulation.revision || !simulation.isSettled || sink.needsRedraw
            || profiling?.controls.showsHUD == true
    }

    /// Seconds until the folder's changes seen so far are to be taken in; nil when there are none.
    private var folderDue: Double? {
        let photos = simulation.config.photos
        return folderWatcher?.secondsUntilDue(quiet: photos.rescanQuietSeconds, maxDelay: photos.rescanMaxDelay)
    }

    /// Hands the photo folder's changes to the simulation (tiles) and the sink (pixels): the watcher's
    /// scan, made off the main thread, or (a script's `rescan`) a scan made now.
    private func takeInFolderChanges() {
        let scanned = folderWatcher?.takeScan()
        if folderWatcher != nil && scanned == nil { return }
        let changes = simulation.rescanPhotos(scanned: scanned)
        if !changes.isEmpty { sink.takeIn(changes) }
    }

    /// Seconds to sleep at rest: until the host's, the simulation's, the config poll's or the folder's
    /// next change.
    private func nextDue(lastConfigPoll: Double) -> Double {
        var due = configWatcher == nil ? 1.0 : lastConfigPoll + Self.configPollInterval - clock.now()
        if let folder = folderDue { due = min(due, folder) }
        if let hostDue = host?.nextDue { due = min(due, hostDue) }
        if let idle = simulation.idleResetDue { due = min(due, idle) }
        return max(0, due)
    }

    private func pollConfig() {
        // A SIGHUP reloads even when the file's stamp did not change.
        if ProcessSignals.takeReloadRequest() { configWatcher?.forget() }
        switch configWatcher?.poll() {
        case .reloaded(let config): simulation.reload(config: config)
        case .failed(let message): simulation.reportConfigError(message)
        case nil: break
        }
    }

    // MARK: Drawing

    /// Renders the current state unless the last rendered frame already shows it.
    package func render() {
        guard needsFrame else { return }
        draw(alpha: 1, timed: false)
    }

    private func draw(alpha: Double, timed isTimed: Bool) {
        timed(.render, if: isTimed) {
            simulation.draw(into: &list, alpha: alpha)
            profiling?.drawOverlay(into: &list, window: simulation.window)
            sink.render(list, window: simulation.window)
        }
        timed(.present, if: isTimed) { sink.present() }
        presentedFrames += 1
        renderedRevision = simulation.revision
    }

    // MARK: Scripts

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
                        message: "script step \(index): no tile \"\(id)\" in the \(simulation.currentScene) scene",
                        exitCode: 2)
                }
                let t = simulation.time
                simulation.handle(.pointerDown(frame.center, time: t))
                simulation.handle(.pointerUp(frame.center, time: t))
            case .fingerTap(let id, let finger, let index):
                guard let frame = simulation.scene.presentedFrame(of: id) else {
                    throw Failure(
                        message: "script step \(index): no tile \"\(id)\" in the \(simulation.currentScene) scene",
                        exitCode: 2)
                }
                let t = simulation.time
                simulation.handle(.fingerDown(finger, frame.center, time: t))
                simulation.handle(.fingerUp(finger, frame.center, time: t))
            case .scene(let scene):
                simulation.apply(.switchScene(scene))
            case .screenshot(let path):
                try untimed {
                    render()
                    try OutputFile.write("screenshot", to: path) { try sink.saveScreenshot(to: path) }
                }
            case .rescan:
                takeInFolderChanges()
            case .dump(let path):
                try untimed {
                    // A dump shows targets for the commands applied so far: lay out first.
                    simulation.layOutIfNeeded()
                    try OutputFile.write("dump", to: path) {
                        try OutputFile.save(simulation.dump().jsonData(), to: path)
                    }
                }
            }
        }
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
