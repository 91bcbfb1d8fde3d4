import Foundation
import TesseraAccessibility
import TesseraCore
import TesseraGeometry
import TesseraPhotos
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
        // Under systemd (`Type=notify`): readiness, the watchdog, reloads and the stop. Made first: it
        // takes the notify variables out of the environment before any child could inherit them.
        let notifier = ServiceNotifier()
        let resources = try Resources.locate()
        var config = try loadConfig(resources)
        // `appearance: system` follows the desktop in a window; headless runs stay light, repeatable.
        if !options.headless, config.appearance == .system {
            config.desktopPrefersDark = DesktopAppearance.prefersDark()
        }
        // Reduce motion follows the desktop in a window unless the config file says (docs/ACCESSIBILITY.md).
        if !options.headless, !config.setsReduceMotion, DesktopAppearance.prefersReducedMotion() {
            config.desktopReducesMotion = true
            config.reduceMotion = true
        }
        // So do high contrast and the text scale (docs/ACCESSIBILITY.md, "The desktop's settings").
        if !options.headless, !config.setsContrast, DesktopAppearance.prefersHighContrast() {
            config.desktopPrefersHighContrast = true
            config.contrast = .high
        }
        if !options.headless, !config.setsTextScale, let factor = DesktopAppearance.textScale() {
            config.desktopTextScale = factor
            config.textScale = factor
        }
        notifier?.extendTimeout(seconds: Self.scanAllowance, because: "Scanning the photo folder")
        // The user's cache — shared thumbnails, the folder's header index — unless turned off (read-only
        // media, privacy).
        let caching = !options.noThumbnails && config.photos.thumbnails
        let photos = try loadPhotos(resources, caching: caching)
        let assets = try loadAssets(resources, config)
        let script = try options.script.map { path in
            do { return try Script.load(path: path) } catch let error as Script.Error {
                throw Options.UsageError(message: error.message)
            }
        }
        let window = options.window ?? script?.window ?? Size(1024, 768)
        // The frame is the window times the scale: each is checked alone, their product here
        // (docs/USING.md, "Pixel limits"). A window's scale may be the display's, known once it opens.
        let knownScale = options.scale ?? config.display.chosenScale ?? (options.headless ? 1 : nil)
        if let scale = knownScale {
            let windowFrom = options.window == nil && script?.window != nil ? "the script's \"window\"" : "--window"
            try Options.checkCanvas(
                window, scale: scale, windowFrom: windowFrom,
                scaleFrom: options.scale == nil ? "display.scale" : "--scale")
        }
        let kioskStart = config.kiosk.lockScene ?? config.kiosk.startScene
        let scene = options.scene ?? script?.scene ?? (options.kiosk ? kioskStart : SceneRegistry.first)
        let selections: SelectionLog
        do {
            selections = try SelectionLog(path: options.output)
        } catch {
            throw Options.UsageError(message: "\(error)")
        }
        // The renderer draws the scenes' own images too; their ids cannot clash with a photo file's name.
        let drawable = photos.drawing(assets.images)

        let profileJSON = try options.profileJSON.map { try ProfileOutput.checkWritable($0, flag: "--profile-json") }
        let trace = try options.trace.map { try ProfileOutput.openTrace($0) }

        // The shared freedesktop.org thumbnail cache.
        let thumbnails = caching ? ThumbnailStore.userCache(version: tesseraVersion) : nil
        let sink: FrameSink
        var host: WindowHost?
        if options.headless {
            sink = try OffscreenSink(
                photos: drawable, background: config.theme.background,
                scale: options.scale ?? config.display.chosenScale ?? 1, thumbnails: thumbnails
            )
        } else {
            let made = try WindowHost(
                title: "Tessera", size: window, photos: drawable, background: config.theme.background,
                kiosk: options.kiosk ? config.kiosk : nil, renderer: options.renderer,
                scale: options.scale ?? config.display.chosenScale,
                thumbnails: thumbnails)
            host = made
            sink = made
        }
        // Made once the sink is: layout measures text in the fonts it draws with.
        let simulation = Simulation(
            config: config, photos: photos, scene: scene, window: window, hz: options.hz, assets: assets,
            text: sink.textMeasure)
        if options.kiosk { simulation.kiosk = Simulation.KioskMode(config.kiosk) }
        simulation.maximumWindow = knownScale.map { CanvasLimit.clamp(Size(16384, 16384), scale: $0) }
        simulation.selections = selections
        // Always on: timing costs a few counter reads a frame, and F3 can show the HUD in any run.
        let profiling = ProfilingSession(
            config: config.profiling, clock: SDLPerformanceCounter(),
            budgetMs: host?.frameBudgetMs(hz: options.hz) ?? 1000 / options.hz,
            showsHUD: options.profile && host != nil, trace: trace, reportsFrames: options.profile || profileJSON != nil
        )
        profiling.rendererName = sink.rendererName

        // A script (or a storm) runs on simulated time, watched at real speed in a window; without one
        // a window runs on real time and a headless run just steps.
        let monkeyScript = try options.monkey.map { try monkey(seed: $0, simulation: simulation) }
        let played = monkeyScript ?? script
        let timing: FrameLoop.Timing =
            options.headless ? .simulated : (played != nil ? .paced : .interactive)
        if timing == .interactive { host?.drawPhotosAsTheyDecode() }
        let loop = try FrameLoop(
            simulation: simulation, sink: sink, timing: timing, script: played ?? Script(steps: []),
            frames: options.frames, renderEvery: options.renderEvery, host: host, profiling: profiling)
        loop.outputs = RunOutputs(sink: sink)
        loop.report = { Self.writeLine($0) }
        loop.supervisor = notifier
        if let notifier { loop.sources.append(notifier) }
        var reload: ConfigReloadSource?
        if timing == .interactive {
            loop.sources.append(
                HeapTrimSource { [weak host] in
                    host?.releaseUnshown()
                    Heap.trim()
                })
            let source = ConfigReloadSource(watcher: ConfigWatcher(path: configPath(resources)), supervisor: notifier)
            source.report = loop.report
            loop.sources.append(source)
            reload = source
        }
        // `--control PATH`: requests from a socket, answered between frames (`ControlServer`).
        var control: ControlServer?
        if let path = options.control {
            guard let host else { throw Options.UsageError(message: "--control needs a window (not --headless)") }
            do {
                control = try ControlServer(path: path, wake: host.wake)
            } catch let error as ControlServer.Error {
                throw Options.UsageError(message: error.message)
            }
            if let control { loop.sources.append(ControlSource(server: control, loop: loop, reload: reload)) }
            control?.start()
        }
        defer { control?.stop() }
        // Windows and kiosks follow the photo folder; headless runs take its changes in at a script's
        // `rescan` steps only, so they stay deterministic.
        var folderWatcher: FolderWatcher?
        if timing == .interactive, config.photos.watchFolder, let folder = photos.folder, let host {
            folderWatcher = FolderWatcher(folder: folder, library: photos, wake: host.wake)
            if let folderWatcher {
                loop.sources.append(FolderChangesSource(watcher: folderWatcher))
            } else {
                // Said, not silent: a kiosk whose folder is not followed shows a removed photo as a
                // placeholder until restarted (the user's inotify instances can run out, inotify(7)).
                let reason = String(cString: strerror(errno)).lowercased()
                Self.writeLine(
                    "--photos \(folder): not followed live (inotify: \(reason)); changes show after a restart")
            }
        }
        defer { folderWatcher?.stop() }
        // Screen readers (AT-SPI) for windows: the bridge registers only while assistive technology is on.
        let accessibility = host.map { host in
            let actions = SemanticsActionQueue(wake: host.wake)
            let bridge = AccessibilityBridge(actions: actions, wake: host.wake, windowOrigin: host.screenOrigin)
            loop.semanticsListeners.append(bridge)
            loop.sources += [actions, bridge]
            bridge.start()
            return bridge
        }
        defer { accessibility?.stop() }
        let speech = speechOutput(config)
        defer { speech?.close() }
        if let speech { announce(loop, through: speech) }
        // Xlib ends a run whose X server went away from inside its own call (`DisplayLoss`): these are
        // the outputs written then, from the last step's state.
        DisplayLoss.finish = { [control] reason in
            notifier?.displayLost(reason)
            // The process ends without unwinding: no socket left behind for the next run to find.
            if let control { unlink(control.path) }
            do {
                try writeOutputs(
                    simulation: simulation, sink: sink, profiling: profiling, loop: loop, json: profileJSON)
            } catch {
                Self.writeLine("\(error)")
            }
        }
        defer { DisplayLoss.finish = nil }
        if let seed = options.monkey, let storm = monkeyScript {
            try runMonkey(seed: seed, script: storm, loop: loop)
        } else {
            try loop.run()
        }
        DisplayLoss.finish = nil
        if let lost = host?.displayLost {
            // No screenshot: there is no screen left to take it from.
            try writeOutputs(simulation: simulation, sink: sink, profiling: profiling, loop: loop, json: profileJSON)
            Self.writeLine(DisplayLoss.message(lost))
            return DisplayLoss.exitCode
        }
        try writeOutputs(simulation: simulation, sink: sink, profiling: profiling, loop: loop, json: profileJSON)
        if let path = options.screenshot {
            try OutputFile.write("--screenshot", to: path) { try sink.saveScreenshot(to: path) }
        }
        return unwrittenSelectionExit(selections)
    }

    /// Seconds more than its start timeout that systemd is asked for while the photo folder is scanned.
    static let scanAllowance = 120.0

    /// What a run writes at its end, display or not: the profile, the trace, the state dump.
    private func writeOutputs(
        simulation: Simulation, sink: FrameSink, profiling: ProfilingSession, loop: FrameLoop, json profileJSON: String?
    ) throws {
        var summary = profiling.summary(
            steps: simulation.stepCount, presented: loop.presentedFrames, hz: options.hz,
            renderer: sink.rendererName, window: simulation.window)
        summary.photos = sink.photoStatistics
        if sink is WindowHost {
            summary.addInputLatencies(profiling.profiler.inputs, ticksPerSecond: profiling.profiler.ticksPerSecond)
        }
        try ProfileOutput.report(summary, table: options.profile, json: profileJSON)
        try ProfileOutput.finishTrace(profiling.profiler, path: options.trace)
        if let path = options.dumpState {
            simulation.layOutIfNeeded()
            try OutputFile.write("--dump-state", to: path) {
                try OutputFile.save(simulation.dump().jsonData(), to: path)
            }
        }
    }

    /// 0, or `SelectionLog.unwrittenExitCode` with a line on stderr when the run ends holding a
    /// confirmed selection that could not be written (everything else was still written first).
    private func unwrittenSelectionExit(_ log: SelectionLog?) -> Int32 {
        guard let log, log.holdsUnwrittenSelection else { return 0 }
        let name = log.path.map { "--output \($0)" } ?? "--output (standard output)"
        Self.writeLine("\(name): the run ended with a confirmed selection that was not written")
        return SelectionLog.unwrittenExitCode
    }

    /// A monkey storm (`--monkey SEED --frames N`): random input for all but the last 3 simulated seconds.
    private func monkey(seed: UInt64, simulation: Simulation) throws -> Script {
        guard let frames = options.frames else {
            throw Options.UsageError(message: "--monkey needs --frames N (the storm's length in steps)")
        }
        // The storm is made ahead, a few dozen bytes an event: its length is bounded, so `--frames 200000000`
        // is a line and exit 2, not an allocation of gigabytes and SIGABRT.
        let longest = Int((Self.longestStorm + Self.monkeySettleTime) * simulation.hz)
        guard frames <= longest else {
            throw Options.UsageError(
                message:
                    "--frames \(frames): a --monkey storm is at most \(Int(Self.longestStorm)) simulated seconds (\(longest) steps at --hz \(String(format: "%g", simulation.hz)))"
            )
        }
        let duration = max(0, Double(frames) / simulation.hz - Self.monkeySettleTime)
        let monkey = Monkey(seed: seed, duration: duration, eventCount: Int(duration * 50), window: simulation.window)
        if let folder = options.monkeyDumps { try makeMonkeyDumpFolder(folder) }
        return monkey.script(scene: simulation.currentScene, dumpFolder: options.monkeyDumps)
    }

    /// Seconds a storm leaves at its end for everything to come to rest.
    private static let monkeySettleTime = 3.0

    /// The longest storm, simulated seconds of input: an hour, 180,000 events (about 20 MB of script).
    static let longestStorm = 3600.0

    /// Plays a storm with its invariants checked after every step, and everything at rest at the end. A
    /// violation writes the storm so far as a script (`monkey-SEED.json`) that replays it, and exits 1.
    private func runMonkey(seed: UInt64, script: Script, loop: FrameLoop) throws {
        let simulation = loop.simulation
        func fail(_ problem: String) throws -> Never {
            let replay = Script(
                scene: script.scene, window: script.window, steps: script.steps.filter { $0.at <= simulation.time })
            let path = "monkey-\(seed).json"
            try OutputFile.write("monkey replay", to: path) { try OutputFile.save(replay.jsonData(), to: path) }
            throw FrameLoop.Failure(
                message:
                    "monkey \(seed): at \(simulation.time) s (step \(simulation.stepCount)): \(problem); replay with --script \(path)",
                exitCode: 1)
        }
        loop.afterStep = { simulation in
            if let problem = Invariants.violations(of: simulation).first { try fail(problem) }
        }
        try loop.run()
        // A storm ended by SIGTERM or SIGINT stops mid-gesture: things still moving then are no violation,
        // and the run ends as a quit does, its outputs written.
        if !simulation.isSettled, !ProcessSignals.quitRequested {
            let moving = simulation.dump().tiles.filter(\.moving).map(\.id.rawValue).prefix(5)
            try fail(
                "still moving \(Self.monkeySettleTime) s after the last input (\(moving.joined(separator: ", ")))")
        }
    }

    /// `--monkey-dumps DIR`, made if missing; a file there, or a folder that cannot be made, is exit 2.
    private func makeMonkeyDumpFolder(_ folder: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw Options.UsageError(message: "--monkey-dumps \(folder): is a file, not a folder")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw Options.UsageError(message: "--monkey-dumps \(folder): \(OutputFile.reason(error, path: folder))")
        }
    }

    /// `--config`, else the kiosk's or the default config.
    private func configPath(_ resources: Resources) -> String {
        options.config ?? (options.kiosk ? resources.kioskConfig : resources.defaultConfig)
    }

    private func loadConfig(_ resources: Resources) throws -> Config {
        let path = configPath(resources)
        do {
            return try ConfigLoader.load(path: path)
        } catch let error as ConfigLoader.Error {
            throw Options.UsageError(message: error.message)
        }
    }

    /// The photo folder's photos. `caching`: the headers the last start read are taken from the user's
    /// cache where their files have not changed, and what this scan read is kept there (`HeaderIndex`);
    /// off with the thumbnail cache, so that nothing of the photos is written to the cache.
    private func loadPhotos(_ resources: Resources, caching: Bool) throws -> PhotoLibrary {
        let folder = options.photos ?? resources.photos
        do {
            let index = caching ? UserCache.root().map { HeaderIndex(folder: folder, cache: $0) } : nil
            // An empty folder is a start, not an error: a kiosk watching a folder that is empty at boot
            // shows "No photos yet" and fills as photos arrive.
            // A SIGTERM meanwhile ends the scan: the run then starts with what was read and ends at once.
            let library = try PhotoLibrary.scanning(
                folder: folder, allowingEmpty: true, index: index, stopping: { ProcessSignals.quitRequested })
            for (path, reason) in library.skipped {
                Self.writeLine("skipping \(path): \(reason)")
            }
            return library
        } catch let error as PhotoLibrary.LoadError {
            throw Options.UsageError(message: error.description)
        }
    }

    /// What the scenes read from their `Assets/` folders; a file that cannot be used ends the launch
    /// with the scene's exit code (2 for a file the config names, 1 for a broken installation).
    private func loadAssets(_ resources: Resources, _ config: Config) throws -> LoadedAssets {
        do {
            return try LoadedAssets.load(from: resources.locator, config: config)
        } catch let error as SceneAssetError {
            throw HostError(error.message, exitCode: error.exitCode)
        }
    }

    static func fail(_ message: String, code: Int32) -> Never {
        writeLine(message)
        // Outputs not committed stay as they were; their temporaries go (`OutputFile`).
        OutputFile.discardUnfinished()
        exit(code)
    }

    /// `tessera: MESSAGE` on stderr as one printable line of bounded length (`MessageLine`).
    static func writeLine(_ message: String) {
        FileHandle.standardError.write(Data("tessera: \(MessageLine.printable(message))\n".utf8))
    }

    static func fail(_ error: Error) -> Never {
        switch error {
        case let e as HostError: fail(e.message, code: e.exitCode)
        case let e as FrameLoop.Failure: fail(e.message, code: e.exitCode)
        case let e as Options.UsageError: fail(e.message, code: 2)
        default: fail("\(error)", code: 1)
        }
    }
}
