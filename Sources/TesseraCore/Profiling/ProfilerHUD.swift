import Foundation
import TesseraGeometry

/// The on-screen profiler (F3): a frame-time graph with the budget line, and the recent breakdown of
/// a frame into its phases, drawn into the frame's draw list after the scene.
///
///     ┌──────────────────────────────────────────┐
///     │ 4.21 ms · max 6.10 · 60 presents/s       │  headline (over the last refresh)
///     │ input → screen 11.8 ms                   │  the last input's latency
///     │ slow motion 0.1×                         │  (while slow motion is on)
///     │                          budget 8.33 ms  │
///     │ ──────────────────────────────────────── │  the budget line
///     │ ▂▃▂▂▅▂▂▂▂▃▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂▂ │  one bar per frame, newest at the right,
///     │                                          │  red above the budget
///     │ ███████▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▒▒▒▒░░         │  mean phase shares
///     │ ■ input 0.01   ■ layout 0.00 …           │  legend, ms
///     │ software                                 │  how frames reach the screen,
///     │ (window surface; OpenGL is llvmpipe)     │  on two lines
///     └──────────────────────────────────────────┘
///
/// Frames are drawn only when something changed, so a frame rate from frame times (1000 / 1.3 ms
/// = "770 fps") would say nothing: the headline counts the frames actually presented per second.
///
/// It measures itself: its fills and labels are drawn in the render phase it reports. To keep that
/// share small it draws only solid fills and cached labels; the numbers change every
/// `refreshSeconds`, not every frame, so labels are rasterised a few times a second and nothing is
/// allocated in the frames between.
final class ProfilerHUD {
    let config: ProfilerHUDConfig
    private let slowMotionLabel: String
    private var budgetLabel = ""
    private var headline = ""
    private var latencyLabel = "input → screen –"
    private var legend: [String] = []
    /// Mean share of the frame per breakdown entry (the parts, then "other"), 0…1.
    private var shares: [Double] = []
    private var refreshedThrough = -1
    private var refreshedAt: UInt64 = 0

    /// Breakdown entries: the phases inside a frame, then `.frame` standing for "other".
    static let breakdown: [FramePhase] = FramePhase.parts + [.frame]

    init(config: ProfilerHUDConfig, slowMotionFactor: Double) {
        self.config = config
        slowMotionLabel = "slow motion \(Self.number(slowMotionFactor))×"
        shares = Array(repeating: 0, count: Self.breakdown.count)
        legend = Self.breakdown.map { Self.label($0) + " –" }
    }

    /// Points the panel takes, for a window of any size.
    var panelSize: Size {
        Size(graphWidth + 2 * config.padding, 2 * config.padding + 8 * lineHeight + config.graphHeight + 14)
    }

    private var graphWidth: Double { Double(config.graphFrames) * config.barWidth }
    private var lineHeight: Double { (config.fontSize * 1.5).rounded() }

    /// Appends the HUD for `profiler`'s recorded frames; `slowMotion` marks slow motion in the headline;
    /// `renderer` (how frames reach the screen) is its last line.
    func draw(
        _ profiler: FrameProfiler, budgetMs: Double, slowMotion: Bool, renderer: String, window: Size,
        into list: inout DrawList
    ) {
        refreshIfDue(profiler, budgetMs: budgetMs)
        let c = config
        let size = panelSize
        let panel = Rect(
            window.width - c.margin - size.width, window.height - c.margin - size.height, size.width, size.height)
        let style = TextStyle(size: c.fontSize, weight: .regular)
        list.append(.fill(panel, radius: c.cornerRadius, color: c.background, clip: nil))
        let left = panel.minX + c.padding
        var y = panel.minY + c.padding

        list.append(
            .text(
                headline, anchor: Point(left, y + lineHeight / 2), alignment: .leading, style: style, color: c.text,
                clip: panel))
        y += lineHeight
        list.append(
            .text(
                latencyLabel, anchor: Point(left, y + lineHeight / 2), alignment: .leading, style: style,
                color: c.text, clip: panel))
        y += lineHeight + 4

        // Frame-time bars, newest at the right; the graph's top is `graphBudgets` budgets.
        let graph = Rect(left, y, graphWidth, c.graphHeight)
        let full = budgetMs * c.graphBudgets
        let history = profiler.history
        for back in 0..<min(c.graphFrames, history.count) {
            let ms = profiler.milliseconds(history.recent(back).duration(.frame))
            let height = min(graph.height, graph.height * ms / full)
            guard height >= 0.5 else { continue }
            let x = graph.maxX - Double(back + 1) * c.barWidth
            list.append(
                .fill(
                    Rect(x, graph.maxY - height, c.barWidth, height), radius: 0,
                    color: ms > budgetMs ? c.overBudget : c.underBudget, clip: nil))
        }
        let budgetY = (graph.maxY - graph.height / c.graphBudgets).rounded()
        list.append(.fill(Rect(graph.minX, budgetY, graph.width, 1), radius: 0, color: c.budgetLine, clip: nil))
        list.append(
            .text(
                budgetLabel, anchor: Point(graph.maxX, budgetY - lineHeight / 2), alignment: .trailing, style: style,
                color: c.budgetLine, clip: nil))
        if slowMotion {
            list.append(
                .text(
                    slowMotionLabel, anchor: Point(graph.minX, graph.minY + lineHeight / 2), alignment: .leading,
                    style: style, color: c.overBudget, clip: nil))
        }
        y = graph.maxY + 6

        // The mean frame split into its phases.
        var x = left
        for (entry, share) in zip(Self.breakdown, shares) where share > 0 {
            let width = graph.width * share
            list.append(.fill(Rect(x, y, width, 6), radius: 0, color: c.color(of: entry), clip: nil))
            x += width
        }
        y += 6 + 4

        // Legend: two columns, three rows.
        let column = graph.width / 2
        for (index, entry) in Self.breakdown.enumerated() {
            let origin = Point(left + Double(index % 2) * column, y + Double(index / 2) * lineHeight)
            let swatch = c.fontSize * 0.7
            list.append(
                .fill(
                    Rect(origin.x, origin.y + (lineHeight - swatch) / 2, swatch, swatch), radius: 0,
                    color: c.color(of: entry), clip: nil))
            list.append(
                .text(
                    legend[index], anchor: Point(origin.x + swatch + 5, origin.y + lineHeight / 2), alignment: .leading,
                    style: style, color: c.text, clip: nil))
        }
        y += 3 * lineHeight
        // "software (wl_shm)" → "software" over "(wl_shm)": the whole name fits the panel's width.
        var lines = [renderer]
        if let open = renderer.range(of: " (") {
            lines = [String(renderer[..<open.lowerBound]), String(renderer[renderer.index(after: open.lowerBound)...])]
        }
        for line in lines {
            list.append(
                .text(
                    line, anchor: Point(left, y + lineHeight / 2), alignment: .leading, style: style, color: c.text,
                    clip: panel))
            y += lineHeight
        }
    }

    /// Recomputes the numbers over the frames recorded since the last refresh, once `refreshSeconds`
    /// of them have passed.
    private func refreshIfDue(_ profiler: FrameProfiler, budgetMs: Double) {
        let history = profiler.history
        let newest = history.totalCount - 1
        guard newest >= 0, newest > refreshedThrough else { return }
        let latest = history[newest]
        let interval = UInt64(config.refreshSeconds * Double(profiler.ticksPerSecond))
        guard refreshedThrough < 0 || latest.start - refreshedAt >= interval else { return }

        let first = max(refreshedThrough + 1, history.firstHeld)
        var sums = [Double](repeating: 0, count: FramePhase.allCases.count)
        var longest = 0.0
        for number in first...newest {
            let record = history[number]
            for phase in FramePhase.allCases { sums[phase.rawValue] += profiler.milliseconds(record.duration(phase)) }
            longest = max(longest, profiler.milliseconds(record.duration(.frame)))
        }
        let count = Double(newest - first + 1)
        let frame = sums[FramePhase.frame.rawValue] / count
        let parts = FramePhase.parts.map { sums[$0.rawValue] / count }
        let means = parts + [max(0, frame - parts.reduce(0, +))]
        shares = means.map { frame > 0 ? $0 / frame : 0 }
        legend = zip(Self.breakdown, means).map { Self.label($0) + " " + String(format: "%.3f", $1) }
        budgetLabel = "budget " + String(format: "%.2f", budgetMs) + " ms"
        let span = Double(latest.start - history[first].start) / Double(profiler.ticksPerSecond)
        let presents = span > 0 ? Double(newest - first) / span : 0
        headline =
            "\(String(format: "%.2f", frame)) ms · max \(String(format: "%.2f", longest)) · "
            + "\(Int(presents.rounded())) presents/s"
        if let last = profiler.inputs.last {
            latencyLabel =
                "input → screen " + String(format: "%.1f", Double(last) * 1000 / Double(profiler.ticksPerSecond))
                + " ms"
        }
        refreshedThrough = newest
        refreshedAt = latest.start
    }

    private static func label(_ entry: FramePhase) -> String { entry == .frame ? "other" : entry.name }

    private static func number(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(format: "%g", v)
    }
}
