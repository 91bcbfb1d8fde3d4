/// When a window's frames start: on the display's ticks, one refresh `interval` apart — the rule of
/// Android's Choreographer, Chrome's BeginFrame and Flutter's vsync-driven scheduler, in one place for
/// every kind of windowed run (docs/ARCHITECTURE.md, "The run loop").
///
/// - A frame starts on a tick. The next frame may start on the following tick, whatever the frame's own
///   work cost, so a frame of d ms does not push the next one d ms late (no drift).
/// - A late frame moves to the next tick: if the tick after the last start is already more than
///   `slack` past when the loop is ready, that tick is dropped — never two frames in a burst to catch
///   up.
/// - After a rest (nothing to show) the grid is forgotten: the first frame starts at once and its start
///   is the new phase, so input at rest waits for no tick. A present that blocks until the display's
///   vertical blank (`vsync`) re-phases the grid to the moment it returned, which *is* a tick.
///
/// Times are seconds on the run loop's monotonic clock.
struct FramePacer: Sendable {
    /// Seconds between ticks: the display's refresh, or one simulation step when the display says nothing.
    let interval: Double
    /// How late past its tick a frame may still start and count as on time: the loop wakes from its wait
    /// a little after the tick (a timer's granularity, the input pump), and a blocking present returns
    /// a little after the blank.
    let slack: Double
    /// True when presents wait for the vertical blank: their return is a tick.
    let presentsOnVSync: Bool
    /// The tick the last frame started on; nil after a rest.
    private(set) var lastStart: Double?

    init(interval: Double, presentsOnVSync: Bool = false) {
        self.interval = max(interval, 1e-4)
        slack = 0.25 * self.interval
        self.presentsOnVSync = presentsOnVSync
    }

    /// When the next frame may start, given that it is `now`: now itself after a rest or when the due
    /// tick has only just passed, else the next tick on the grid.
    func nextStart(now: Double) -> Double {
        guard let lastStart else { return now }
        let next = lastStart + interval
        if now <= next { return next }
        // Late: the latest tick at or before now, if it passed only moments ago, else the one after it.
        let passed = ((now - lastStart) / interval).rounded(.down)
        let latest = lastStart + passed * interval
        return now - latest <= slack ? now : latest + interval
    }

    /// Records that a frame started at `time` (a time `nextStart` gave, or later by at most `slack`):
    /// the grid keeps the tick, not the moment the loop happened to get there.
    mutating func started(at time: Double) {
        guard let lastStart else {
            self.lastStart = time
            return
        }
        let ticks = ((time - lastStart) / interval).rounded(.toNearestOrAwayFromZero)
        let tick = lastStart + max(1, ticks) * interval
        self.lastStart = abs(time - tick) <= slack ? tick : time
    }

    /// Records that the frame that started last returned from its present at `time`. A blocking present
    /// returns just after a vertical blank: the next frame may start then, but never sooner than one
    /// interval after the last start (a present that did not block is not followed by a burst).
    mutating func presented(at time: Double) {
        guard presentsOnVSync, let lastStart else { return }
        self.lastStart = max(lastStart, time - interval)
    }

    /// Nothing to show: the next frame starts as soon as there is something, on a new phase.
    mutating func rest() { lastStart = nil }
}
