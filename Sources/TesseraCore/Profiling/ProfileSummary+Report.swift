import Foundation
import TesseraGeometry

/// The two ways a summary leaves the program: a table for people (`--profile`) and JSON for tools
/// (`--profile-json`, keys in the order docs/PROFILING.md#profiling shows).
extension ProfileSummary {
    /// Phases in the order docs/PROFILING.md#profiling lists them.
    static let reportOrder: [FramePhase] = [.input, .simulate, .layout, .render, .present, .frame]

    /// A fixed-width table, e.g.
    ///
    ///     Tessera profile: 480 frames, 480 steps at 120 Hz, software renderer, 1024x768, budget 8.333 ms
    ///     phase        p50 ms    p95 ms    p99 ms    max ms   mean ms
    ///     input         0.002     0.004 …
    package func table() -> String {
        var lines = [
            "Tessera profile: \(frames) frames, \(steps) steps at \(Self.number(hz, 3)) Hz, \(renderer) renderer, "
                + "\(Int(window.width))x\(Int(window.height)), budget \(Self.number(budgetMs, 3)) ms"
        ]
        lines.append(
            "CPU: \(Self.number(cpuSeconds, 3)) s over \(Self.number(wallSeconds, 3)) s wall "
                + "(\(Self.number(cpuPercent, 1)) % of a core), \(Self.number(cpuMsPerFrame, 3)) ms per presented frame"
        )
        if summarizedFrames < recordedFrames {
            lines.append("(statistics over the last \(summarizedFrames) frames)")
        }
        lines.append(Self.row(["phase", "p50 ms", "p95 ms", "p99 ms", "max ms", "mean ms"]))
        for phase in Self.reportOrder {
            let s = statistics(phase)
            lines.append(Self.row([phase.name] + [s.p50, s.p95, s.p99, s.max, s.mean].map { Self.number($0, 3) }))
        }
        let share = summarizedFrames > 0 ? Double(overBudget) * 100 / Double(summarizedFrames) : 0
        lines.append(
            "over budget: \(overBudget) of \(summarizedFrames) frames (\(Self.number(share, 1)) %)"
                + "    1 % low: \(Self.number(onePercentLowFps, 1)) fps")
        if let l = inputLatency {
            lines.append(
                "input latency: \(inputCount) inputs, p50 \(Self.number(l.p50, 2)) ms, p95 \(Self.number(l.p95, 2)) ms, "
                    + "p99 \(Self.number(l.p99, 2)) ms, max \(Self.number(l.max, 2)) ms (to the end of the answering present)"
            )
        }
        if let p = photos {
            lines.append(
                "photos: \(p.thumbnailHits) thumbnail hits, \(p.thumbnailMisses) misses, \(p.directDecodes) direct decodes;"
                    + " decode queue \(p.queueLength) at exit, \(p.peakQueueLength) at most, \(p.withdrawn) withdrawn")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The JSON of docs/PROFILING.md#profiling; milliseconds rounded to 1/10000 (0.1 µs).
    package func jsonData() -> Data {
        func ms(_ v: Double) -> String { Self.number((v * 10000).rounded() / 10000, 4, trim: true) }
        let phaseLines = Self.reportOrder.map { phase -> String in
            let s = statistics(phase)
            return
                #"    "\#(phase.name)": {"p50": \#(ms(s.p50)), "p95": \#(ms(s.p95)), "p99": \#(ms(s.p99)), "max": \#(ms(s.max)), "mean": \#(ms(s.mean))}"#
        }
        let renderer = String(data: try! JSONEncoder().encode(renderer), encoding: .utf8)!
        let text = """
            {
              "frames": \(frames), "steps": \(steps), "hz": \(ms(hz)), "budgetMs": \(ms(budgetMs)),
              "wallSeconds": \(Self.number(wallSeconds, 6, trim: true)), "cpuSeconds": \(Self.number(cpuSeconds, 6, trim: true)),
              "renderer": \(renderer), "window": [\(ms(window.width)), \(ms(window.height))],
              "phases": {
            \(phaseLines.joined(separator: ",\n"))
              },
              "overBudget": \(overBudget),
              "onePercentLowFps": \(ms(onePercentLowFps)),
              "summarizedFrames": \(summarizedFrames)\(inputLatencyJSON)\(photosJSON)
            }

            """
        return Data(text.utf8)
    }

    /// `,\n  "inputLatencyMs": {…}` for a windowed run.
    private var inputLatencyJSON: String {
        guard let l = inputLatency else { return "" }
        func ms(_ v: Double) -> String { Self.number((v * 10000).rounded() / 10000, 4, trim: true) }
        return
            #",\#n  "inputLatencyMs": {"count": \#(inputCount), "p50": \#(ms(l.p50)), "p95": \#(ms(l.p95)), "p99": \#(ms(l.p99)), "max": \#(ms(l.max))}"#
    }

    /// `,\n  "photos": {…}` when there are photo statistics.
    private var photosJSON: String {
        guard let p = photos else { return "" }
        return
            #",\#n  "photos": {"thumbnailHits": \#(p.thumbnailHits), "thumbnailMisses": \#(p.thumbnailMisses), "directDecodes": \#(p.directDecodes), "decodeQueue": \#(p.queueLength), "peakDecodeQueue": \#(p.peakQueueLength), "withdrawn": \#(p.withdrawn)}"#
    }

    private static func row(_ cells: [String]) -> String {
        cells[0].padding(toLength: 10, withPad: " ", startingAt: 0)
            + cells.dropFirst().map { String(repeating: " ", count: max(0, 10 - $0.count)) + $0 }.joined()
    }

    /// `value` with `decimals` places (POSIX, never localised); `trim` drops trailing zeros.
    static func number(_ value: Double, _ decimals: Int, trim: Bool = false) -> String {
        var text = String(format: "%.\(decimals)f", value)
        if trim, text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
