import Foundation

/// One run of a reference picker (Qt Quick's, Slint's) and how its figures are read, the same for
/// every reference: it prints `settled frames N` on stderr once its photos are decoded (`settle`
/// seconds after its scene starts) and `frames N` as it quits (N: frames presented so far); its CPU
/// (the kernel's accounting of the process, `Stopwatch.processCPUSeconds`) and the X server's are read
/// when each line comes, and the run is the difference between the two readings.
enum ReferenceRun {
    /// CPU seconds of the process and of the X server (nil where its process is not known) and frames,
    /// from `settle` to the end.
    struct Reading {
        var cpu: Double
        var server: Double?
        var frames: Double
    }

    /// A reference's figures in the report, the medians of its rounds: which runtime ran it ("Qt Quick
    /// 6", "Slint 1.18.1b1 software"); the CPU per frame the toggles added at 1024×768 and 1920×1080 and
    /// those frames per second at 1024×768; the X server's CPU per frame over the same windows (nil
    /// where its process is not known); and, where it was run so, frames and app + X server CPU a second
    /// at the reference's own default settings (Slint's: its runs at 1024×768, at its own pace).
    struct Figures: Encodable {
        var runtime: String
        var cpuMsPerFrame: Double
        var kioskCPUMsPerFrame: Double
        var framesPerSecond: Double
        var serverMsPerFrame: Double?
        var kioskServerMsPerFrame: Double?
        var defaultSettingsFramesPerSecond: Double?
        var defaultSettingsBoxMsPerSecond: Double?

        init(
            runtime: String, small: WindowedBenchmark.Animated, large: WindowedBenchmark.Animated,
            defaults: WindowedBenchmark.Animated? = nil
        ) {
            self.runtime = runtime
            cpuMsPerFrame = small.cpuMsPerFrame
            kioskCPUMsPerFrame = large.cpuMsPerFrame
            framesPerSecond = small.framesPerSecond
            serverMsPerFrame = small.serverMsPerFrame
            kioskServerMsPerFrame = large.serverMsPerFrame
            defaultSettingsFramesPerSecond = defaults?.framesPerSecond
            defaultSettingsBoxMsPerSecond = defaults?.boxMsPerSecond
        }
    }

    /// Runs `process` (standard error is taken here) and reads it and the X server (`serverPID`, nil for
    /// none); nil when it failed or printed no frames. One still running `seconds` + 30 s after launch is
    /// stopped.
    static func read(_ process: Process, serverPID: Int32?, seconds: Double) throws -> Reading? {
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let deadline = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds + 30, execute: deadline)
        // Its CPU when it says it settled and when it says it is done (it is still running then).
        var text = ""
        var settled: Reading?
        var done: Reading?
        let server = { serverPID.map(Stopwatch.processCPUSeconds(of:)) }
        let reader = errors.fileHandleForReading
        while done == nil {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            for line in text.split(separator: "\n") {
                guard let frames = line.split(separator: " ").last.flatMap({ Double($0) }) else { continue }
                if settled == nil, line.contains("settled frames ") {
                    settled = Reading(
                        cpu: Stopwatch.processCPUSeconds(of: process.processIdentifier), server: server(),
                        frames: frames)
                } else if line.contains("frames "), !line.contains("settled") {
                    done = Reading(
                        cpu: Stopwatch.processCPUSeconds(of: process.processIdentifier), server: server(),
                        frames: frames)
                }
            }
        }
        _ = reader.readDataToEndOfFile()
        process.waitUntilExit()
        deadline.cancel()
        // A run that was gone before its last CPU was read (the clock of an exited process reads 0)
        // measured nothing either.
        guard process.terminationStatus == 0, let settled, let done, done.cpu >= settled.cpu else { return nil }
        return Reading(
            cpu: done.cpu - settled.cpu, server: done.server.flatMap { d in settled.server.map { d - $0 } },
            frames: done.frames - settled.frames)
    }

    /// What the toggles added: the run with them against the same run without, over `seconds` (the
    /// measured window: from `settle` to the end).
    static func animated(moving: Reading, resting: Reading, seconds: Double) -> WindowedBenchmark.Animated {
        let extraFrames = max(1, moving.frames - resting.frames)
        let extraCPU = max(0, moving.cpu - resting.cpu)
        let extraServer = moving.server.flatMap { m in resting.server.map { max(0, m - $0) } }
        return WindowedBenchmark.Animated(
            cpuMsPerFrame: extraCPU * 1000 / extraFrames,
            framesPerSecond: extraFrames / seconds,
            serverMsPerFrame: extraServer.map { $0 * 1000 / extraFrames },
            boxMsPerSecond: extraServer.map { (extraCPU + $0) * 1000 / seconds })
    }
}
