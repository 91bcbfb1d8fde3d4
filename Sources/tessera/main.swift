import CEarlySignals
import Foundation
import TesseraCore

#if os(Linux)
    // glibc's mallopt(3); <malloc.h> is not in Swift's Glibc module. M_MMAP_THRESHOLD is -3.
    @_silgen_name("mallopt") func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
    // Decoded photos are large, short-lived buffers made on several threads. glibc's default raises its
    // mmap threshold after the first such free, so later ones come from per-thread heaps that keep the
    // memory: a fixed 1 MB threshold returns every big buffer to the system at once (BENCHMARKS.md,
    // "Figures behind design choices").
    _ = mallopt(-3, 1 << 20)
#endif

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
