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
        for (flag, isSet) in [
            ("--kiosk", options.kiosk), ("--output", options.output != nil), ("--profile", options.profile),
            ("--profile-json", options.profileJSON != nil), ("--trace", options.trace != nil),
        ] where isSet {
            throw Options.UsageError(message: "\(flag) is not available in this version yet")
        }
        let resources = try Resources.locate()
        let config = try loadConfig(resources)
        let photos = try loadPhotos(resources)
        let destinations = try loadDestinations(resources)
        let script = try options.script.map { path in
            do { return try Script.load(path: path) } catch let error as Script.Error {
                throw Options.UsageError(message: error.message)
            }
        }
        let window = options.window ?? script?.window ?? Size(1024, 768)
        let scene = options.scene ?? script?.scene ?? .picker
        let simulation = Simulation(
            config: config, photos: photos, scene: scene, window: window, hz: options.hz, destinations: destinations)
        // The renderer draws the destinations' images too; their ids ("destinations/…") cannot clash
        // with a photo file's name.
        let drawable = PhotoLibrary(photos: photos.photos + destinations.photos)

        let sink: FrameSink
        var host: WindowHost?
        if options.headless {
            sink = try OffscreenSink(photos: drawable, background: config.theme.background)
        } else {
            let made = try WindowHost(
                title: "Tessera", size: window, photos: drawable, background: config.theme.background)
            host = made
            sink = made
        }

        if let script {
            let run = try ScriptedRun(
                simulation: simulation, script: script, frames: options.frames, renderEvery: options.renderEvery,
                sink: sink)
            try run.run(beforeStep: host.map { host in paced(host, simulation) })
            run.render()
        } else if options.headless {
            let run = try ScriptedRun(
                simulation: simulation, script: Script(steps: []), frames: options.frames,
                renderEvery: options.renderEvery, sink: sink)
            try run.run()
            run.render()
        } else {
            host!.run(simulation, frames: options.frames)
        }
        if let path = options.screenshot {
            try sink.saveScreenshot(to: path)
        }
        if let path = options.dumpState {
            try simulation.dump().jsonData().write(to: URL(fileURLWithPath: path))
        }
        return 0
    }

    /// A scripted run in a window plays at real speed, so a person can watch it.
    private func paced(_ host: WindowHost, _ simulation: Simulation) -> () -> Bool {
        let start = Date()
        return {
            let due = simulation.time - Date().timeIntervalSince(start)
            if due > 0 { Thread.sleep(forTimeInterval: due) }
            return host.pumpEvents(into: simulation)
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

    /// The bundled places; a broken file is a broken installation (exit 1, naming the file and entry).
    private func loadDestinations(_ resources: Resources) throws -> DestinationCatalog {
        do {
            return try DestinationCatalog.load(path: resources.destinations)
        } catch let error as DestinationCatalog.Error {
            throw HostError(error.message, exitCode: 1)
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
