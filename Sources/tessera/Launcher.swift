import Foundation
import TesseraCore
import TesseraSDL

/// Turns parsed options into a run: finds the bundled resources, loads config, photos and script, and
/// hands a `Simulation` to the headless runner or the window.
struct Launcher {
    let options: Options

    func run() throws -> Int32 {
        if options.help {
            print(Options.usage)
            return 0
        }
        if options.version {
            print("tessera \(Options.version)")
            return 0
        }
        for (flag, isSet) in [("--kiosk", options.kiosk), ("--output", options.output != nil)] where isSet {
            throw Options.UsageError(message: "\(flag) is not available in this version yet")
        }
        let resources = try Resources.locate()
        let config = try loadConfig(resources)
        let photos = try loadPhotos(resources)
        let script = try options.script.map { path in
            do { return try Script.load(path: path) } catch let error as Script.Error {
                throw Options.UsageError(message: error.message)
            }
        }
        let window = options.window ?? script?.window ?? Size(1024, 768)
        let scene = options.scene ?? script?.scene ?? .picker
        let simulation = Simulation(config: config, photos: photos, scene: scene, window: window, hz: options.hz)

        let profileJSON = try options.profileJSON.map { try ProfileOutput.checkWritable($0, flag: "--profile-json") }
        let trace = try options.trace.map { try ProfileOutput.openTrace($0) }

        let sink: FrameSink
        var host: WindowHost?
        if options.headless {
            sink = try OffscreenSink(photos: photos, background: config.theme.background)
        } else {
            let made = try WindowHost(
                title: "Tessera", size: window, photos: photos, background: config.theme.background)
            host = made
            sink = made
        }
        // Always on: timing costs a few counter reads a frame, and F3 can show the HUD in any run.
        let profiling = ProfilingSession(
            config: config.profiling, clock: SDLPerformanceCounter(),
            budgetMs: host?.frameBudgetMs(hz: options.hz) ?? 1000 / options.hz,
            showsHUD: options.profile && host != nil, trace: trace)
        host?.profiling = profiling

        if let script {
            let run = try ScriptedRun(
                simulation: simulation, script: script, frames: options.frames, renderEvery: options.renderEvery,
                sink: sink, profiling: profiling)
            try run.run(
                pace: host.map { _ in pacer(simulation, profiling) },
                beforeStep: host.map { host in { host.pumpEvents(into: simulation) } })
            run.render()
        } else if options.headless {
            let run = try ScriptedRun(
                simulation: simulation, script: Script(steps: []), frames: options.frames,
                renderEvery: options.renderEvery, sink: sink, profiling: profiling)
            try run.run()
            run.render()
        } else {
            host!.run(simulation, frames: options.frames)
        }
        try ProfileOutput.report(
            profiling.summary(
                steps: simulation.stepCount, hz: options.hz, renderer: sink.rendererName, window: simulation.window),
            table: options.profile, json: profileJSON)
        try ProfileOutput.finishTrace(profiling.profiler, path: options.trace)
        if let path = options.screenshot {
            try sink.saveScreenshot(to: path)
        }
        if let path = options.dumpState {
            try simulation.dump().jsonData().write(to: URL(fileURLWithPath: path))
        }
        return 0
    }

    /// A scripted run in a window plays at real speed (or the slow-motion speed), so a person can
    /// watch it: before each step, waits until the played time has caught up with simulated time.
    private func pacer(_ simulation: Simulation, _ profiling: ProfilingSession) -> () -> Void {
        var played = simulation.time
        var last = Date()
        return {
            let scale = profiling.controls.timeScale
            played += Date().timeIntervalSince(last) * scale
            last = Date()
            let due = simulation.time - played
            if due > 0 { Thread.sleep(forTimeInterval: due / scale) }
        }
    }

    private func loadConfig(_ resources: Resources) throws -> Config {
        let path = options.config ?? resources.defaultConfig
        do {
            return try ConfigLoader.load(path: path)
        } catch let error as ConfigLoader.Error {
            throw Options.UsageError(message: error.message)
        }
    }

    private func loadPhotos(_ resources: Resources) throws -> PhotoLibrary {
        let folder = options.photos ?? resources.photos
        do {
            return try PhotoLibrary.scanning(folder: folder)
        } catch let error as PhotoLibrary.LoadError {
            throw Options.UsageError(message: error.description)
        }
    }

    static func fail(_ message: String, code: Int32) -> Never {
        FileHandle.standardError.write(Data("tessera: \(message)\n".utf8))
        exit(code)
    }

    static func fail(_ error: Error) -> Never {
        switch error {
        case let e as HostError: fail(e.message, code: e.exitCode)
        case let e as ScriptedRun.Failure: fail(e.message, code: e.exitCode)
        case let e as Options.UsageError: fail(e.message, code: 2)
        default: fail("\(error)", code: 1)
        }
    }
}
