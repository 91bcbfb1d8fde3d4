import TesseraGeometry

/// Frame-time profiling (per-phase timings, on-screen graph, trace export) and slow motion.
package struct ProfilingConfig: Codable, Equatable, Sendable {
    /// Frames kept for the summary, the HUD and the trace's write batches: 65 536 frames ≈ 9 minutes at
    /// 120 fps in 6 MB. A longer run is summarised over its most recent frames.
    var historyFrames = 65536
    /// Simulation speed in slow motion (F4): 0.1 plays every transition ten times slower, frame by frame.
    var slowMotionFactor = 0.1
    /// Start windowed runs in slow motion.
    var slowMotion = false
    var hud = ProfilerHUDConfig()
    init() {}

    /// Frames kept by a run that reports no profile and writes no trace: only the HUD reads them, its
    /// graph and the frames of one refresh of its numbers (at up to 240 a second). A kiosk's window
    /// keeps 120 frames instead of 6 MB of them.
    var hudHistoryFrames: Int {
        min(historyFrames, max(hud.graphFrames, Int((hud.refreshSeconds * 240).rounded(.up))))
    }
}

/// The on-screen frame-time graph (F3): a panel at the window's bottom-right corner.
struct ProfilerHUDConfig: Codable, Equatable, Sendable {
    /// Most recent frames in the graph, one bar each.
    var graphFrames = 120
    /// Width of one bar, points.
    var barWidth = 2.0
    var graphHeight = 72.0
    /// The graph's top is this many frame budgets, so the budget line sits at 1/graphBudgets of its height.
    var graphBudgets = 2.0
    /// Space between the panel and the window's edges, and inside the panel.
    var margin = 16.0
    var padding = 10.0
    var cornerRadius = 8.0
    var fontSize = 12.0
    /// Seconds between updates of the numbers (text changing every frame would be unreadable, and
    /// would rasterise new labels every frame).
    var refreshSeconds = 0.25
    var background = Color(28, 28, 30)
    var text = Color(255, 255, 255)
    var budgetLine = Color(255, 255, 255)
    var underBudget = Color(52, 199, 89)
    var overBudget = Color(255, 59, 48)
    /// One colour per phase in the breakdown bar and its legend; "other" is time between phases.
    var input = Color(175, 82, 222)
    var layout = Color(255, 204, 0)
    var simulate = Color(0, 122, 255)
    var render = Color(48, 176, 199)
    var present = Color(255, 149, 0)
    var other = Color(142, 142, 147)
    init() {}

    func color(of phase: FramePhase) -> Color {
        switch phase {
        case .input: input
        case .layout: layout
        case .simulate: simulate
        case .render: render
        case .present: present
        case .frame: other
        }
    }
}

extension ProfilingConfig: RangeChecked {
    /// 262,144 frames is 36 minutes at 120 fps in about 20 MB; the ring is allocated whole at start.
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("historyFrames", historyFrames, 1...262_144)
        try c.check("slowMotionFactor", slowMotionFactor, 0.01...1)
        try c.section("hud", hud)
    }
}

extension ProfilerHUDConfig: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("graphFrames", graphFrames, 1...2000)
        try c.check("barWidth", barWidth, 0.5...50)
        try c.check("graphHeight", graphHeight, 1...1000)
        try c.check("graphBudgets", graphBudgets, 1...100)
        try c.check("margin", margin, 0...500)
        try c.check("padding", padding, 0...500)
        try c.check("cornerRadius", cornerRadius, 0...100)
        try c.check("fontSize", fontSize, 1...200)
        try c.check("refreshSeconds", refreshSeconds, 0.01...60)
    }
}
