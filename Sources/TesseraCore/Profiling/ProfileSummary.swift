import Foundation
import TesseraGeometry

/// The end-of-run summary of `--profile` and `--profile-json` (docs/PROFILING.md#profiling):
/// per-phase statistics in milliseconds, frames over the budget, and the 1 % low frame rate.
///
/// Statistics cover the frames the profiler's ring still holds — every frame unless the run had more
/// than `profiling.historyFrames` (then the most recent ones; `summarizedFrames` says how many).
package struct ProfileSummary: Sendable {
    /// Frames presented in the whole run (a run at rest presents none).
    var frames: Int
    /// Frames the profiler recorded (presented ones, and a last one of steps that drew nothing).
    var recordedFrames: Int
    /// The run's wall-clock length and the process's CPU time over it (user + system), seconds.
    var wallSeconds: Double
    var cpuSeconds: Double
    /// Fixed simulation steps in the whole run.
    var steps: Int
    var hz: Double
    /// A frame longer than this is over budget (milliseconds).
    var budgetMs: Double
    /// The SDL renderer that drew the frames (`software`, `opengl`, …).
    var renderer: String
    /// Window size at the end, in points.
    var window: Size
    /// Statistics per phase, `frame` included.
    var phases: [FramePhase: PhaseStatistics]
    /// Frames whose whole time exceeded `budgetMs`.
    var overBudget: Int
    /// Frame rate over the slowest 1 % of frames: 1000 / their mean frame time in ms (the "1 % low"
    /// of game benchmarks; at least one frame). 0 with no frames.
    var onePercentLowFps: Double
    /// Frames the statistics were computed from.
    var summarizedFrames: Int
    /// Thumbnail hits and misses and the decode queue (nil for a run that drew no photos' frames).
    package var photos: PhotoStatistics?
    /// From each input of the window to the end of the present of the frame that answered it, ms;
    /// nil for a run without a window (headless input is scripted, on simulated time).
    var inputLatency: PhaseStatistics?
    /// Inputs the latency statistics cover.
    var inputCount = 0

    init(
        history: FrameHistory, ticksPerSecond: UInt64, steps: Int, presented: Int, times: ProcessTimes, hz: Double,
        budgetMs: Double, renderer: String, window: Size
    ) {
        let held = history.count
        let perMillisecond = Double(ticksPerSecond) / 1000
        var samples = [[Double]](repeating: [], count: FramePhase.allCases.count)
        for phase in FramePhase.allCases { samples[phase.rawValue].reserveCapacity(held) }
        for number in history.firstHeld..<history.totalCount {
            let record = history[number]
            for phase in FramePhase.allCases {
                samples[phase.rawValue].append(Double(record.duration(phase)) / perMillisecond)
            }
        }
        var phases: [FramePhase: PhaseStatistics] = [:]
        for phase in FramePhase.allCases { phases[phase] = PhaseStatistics(samples: samples[phase.rawValue]) }
        let frameTimes = samples[FramePhase.frame.rawValue]
        frames = presented
        recordedFrames = history.totalCount
        wallSeconds = times.wallSeconds
        cpuSeconds = times.cpuSeconds
        self.steps = steps
        self.hz = hz
        self.budgetMs = budgetMs
        self.renderer = renderer
        self.window = window
        self.phases = phases
        overBudget = frameTimes.filter { $0 > budgetMs }.count
        onePercentLowFps = Self.onePercentLow(frameTimes)
        summarizedFrames = held
    }

    /// Adds the input latencies of a windowed run.
    package mutating func addInputLatencies(_ inputs: InputLatencies, ticksPerSecond: UInt64) {
        let perMillisecond = Double(ticksPerSecond) / 1000
        let samples = (inputs.firstHeld..<inputs.totalCount).map { Double(inputs[$0].latency) / perMillisecond }
        inputCount = samples.count
        inputLatency = PhaseStatistics(samples: samples)
    }

    /// 1000 / the mean of the slowest ⌈n/100⌉ frame times (ms); 0 without frames.
    static func onePercentLow(_ frameTimes: [Double]) -> Double {
        guard !frameTimes.isEmpty else { return 0 }
        let slowest = frameTimes.sorted(by: >).prefix((frameTimes.count + 99) / 100)
        let mean = slowest.reduce(0, +) / Double(slowest.count)
        return mean > 0 ? 1000 / mean : 0
    }

    func statistics(_ phase: FramePhase) -> PhaseStatistics { phases[phase] ?? .zero }

    /// CPU milliseconds per presented frame (0 without presents).
    var cpuMsPerFrame: Double { frames > 0 ? cpuSeconds * 1000 / Double(frames) : 0 }

    /// Share of one core the run used, in percent.
    var cpuPercent: Double { wallSeconds > 0 ? cpuSeconds * 100 / wallSeconds : 0 }
}
