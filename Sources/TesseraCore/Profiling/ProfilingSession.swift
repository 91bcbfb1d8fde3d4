import TesseraGeometry

/// Everything a host needs to profile a run: the frame profiler, the profiling keys and the HUD.
/// The command line makes one per run; the window and the scripted runner time their loops with
/// `profiler`, pass events through `handle` first, and draw `drawOverlay` after the scene.
package final class ProfilingSession {
    package let profiler: FrameProfiler
    var controls: ProfilingControls
    /// A frame longer than this (milliseconds) is over budget: one display refresh in a vsync'd
    /// window, one simulation step in a headless run.
    let budgetMs: Double
    private let hud: ProfilerHUD
    /// How frames reach the screen (the sink's renderer and present path), shown in the HUD.
    package var rendererName = ""
    /// The process's times when the session began (the run's start, for the summary's CPU figures).
    private let started = ProcessTimes.now()

    /// - Parameters:
    ///   - config: the `profiling` block of the config.
    ///   - clock: the counter (SDL's performance counter in the app).
    ///   - budgetMs: see `budgetMs`.
    ///   - showsHUD: whether the HUD starts visible (on in `--profile` windowed runs).
    ///   - trace: where to stream every frame, if `--trace` was given.
    ///   - reportsFrames: whether the run's end reports a profile (`--profile`, `--profile-json`); one that
    ///     neither does nor writes a trace keeps only the frames the HUD shows (`hudHistoryFrames`).
    package init(
        config: ProfilingConfig, clock: TickSource, budgetMs: Double, showsHUD: Bool, trace: TraceWriter?,
        reportsFrames: Bool = true
    ) {
        let kept = reportsFrames || trace != nil ? config.historyFrames : config.hudHistoryFrames
        profiler = FrameProfiler(clock: clock, capacity: kept, trace: trace)
        controls = ProfilingControls(
            showsHUD: showsHUD, slowMotion: config.slowMotion, slowMotionFactor: config.slowMotionFactor)
        self.budgetMs = budgetMs
        hud = ProfilerHUD(config: config.hud, slowMotionFactor: config.slowMotionFactor)
    }

    /// Consumes the profiling keys (F3, F4); false for events the simulation should get.
    func handle(_ event: InputEvent) -> Bool { controls.handle(event) }

    /// Appends the HUD, if shown, to a frame's draw list (after the scene, so it is on top).
    package func drawOverlay(into list: inout DrawList, window: Size) {
        guard controls.showsHUD else { return }
        hud.draw(
            profiler, budgetMs: budgetMs, slowMotion: controls.slowMotion, renderer: rendererName, window: window,
            into: &list)
    }

    /// The summary of every frame recorded so far; `presented` is how many frames the run presented, and
    /// CPU and wall time run from the session's start to now.
    package func summary(steps: Int, presented: Int, hz: Double, renderer: String, window: Size) -> ProfileSummary {
        ProfileSummary(
            history: profiler.history, ticksPerSecond: profiler.ticksPerSecond, steps: steps, presented: presented,
            times: ProcessTimes.now() - started, hz: hz, budgetMs: budgetMs, renderer: renderer, window: window)
    }
}
