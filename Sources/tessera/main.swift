import CEarlySignals
import Foundation
import TesseraCore

Heap.configure()

// tessera: the command line → a run. Everything else lives in TesseraCore and TesseraSDL.
// Before SDL starts, so SDL keeps these handlers rather than installing its own; a signal caught
// before this line (CEarlySignals) is carried over.
ProcessSignals.install { (tessera_early_quit() != 0, tessera_early_reload() != 0) }
do {
    let options = try Options.parse(Options.commandLine)
    if !options.headless {
        WaylandProbe.chooseVideoDriver()
        SessionBus.preventAutolaunch()
    }
    exit(try Launcher(options: options).run())
} catch let error as Options.UsageError {
    Launcher.fail(error.message, code: 2)
} catch {
    Launcher.fail(error)
}
