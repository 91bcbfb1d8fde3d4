import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The signals a long-running process is told things with, turned into flags the run loops read
/// between steps (a signal handler may only do async-signal-safe work: a lock-free atomic store is).
///
/// - `SIGTERM` (`systemctl stop`, `kill`) and `SIGINT` (Ctrl+C) ask the run to end as a quit does, so
///   its dump, profile and trace are still written — a kiosk too, whose window ignores its close button.
/// - `SIGHUP` asks a windowed run to reload its config now (the daemon convention, see `signal(7)`).
/// - `SIGPIPE` is ignored: a write to a pipe or socket whose reader is gone then fails with `EPIPE`,
///   which the writer reports like any failed write, instead of the process dying silently
///   (the default action of `SIGPIPE` is to terminate, `signal(7)`).
///
/// Installed before SDL starts: SDL only installs its own `SIGINT`/`SIGTERM` handlers where the
/// handler is still the default (`SDL_HINT_NO_SIGNAL_HANDLERS`), so these stay in force.
package enum ProcessSignals {
    private static let quit = Atomic<Bool>(false)
    private static let reload = Atomic<Bool>(false)

    /// Installs the handlers; safe to call more than once. `noted`: signals that arrived before this
    /// (caught by the program's earliest handlers), taken as if they came now — read after these
    /// handlers are in place, so no signal falls between the two.
    package static func install(noted: () -> (quit: Bool, reload: Bool) = { (false, false) }) {
        // Touch the flags first: their lazy initialisation must not happen inside a handler.
        _ = quit.load(ordering: .relaxed)
        _ = reload.load(ordering: .relaxed)
        signal(SIGPIPE, SIG_IGN)
        signal(SIGTERM, handleQuit)
        signal(SIGINT, handleQuit)
        signal(SIGHUP, handleReload)
        let early = noted()
        simulate(quit: early.quit, reload: early.reload)
    }

    /// True once a `SIGTERM` or `SIGINT` arrived.
    package static var quitRequested: Bool { quit.load(ordering: .acquiring) }

    /// True while a `SIGHUP` has not been taken (`takeReloadRequest`).
    static var reloadRequested: Bool { reload.load(ordering: .acquiring) }

    /// True (once per `SIGHUP`) when a config reload was asked for since the last call.
    static func takeReloadRequest() -> Bool { reload.exchange(false, ordering: .acquiringAndReleasing) }

    /// For tests: sets the flags as the signals would.
    static func simulate(quit: Bool = false, reload: Bool = false) {
        if quit { Self.quit.store(true, ordering: .releasing) }
        if reload { Self.reload.store(true, ordering: .releasing) }
    }

    /// For tests: clears the flags.
    static func reset() {
        quit.store(false, ordering: .releasing)
        reload.store(false, ordering: .releasing)
    }
}

private func handleQuit(_: Int32) {
    ProcessSignals.simulate(quit: true)
}

private func handleReload(_: Int32) {
    ProcessSignals.simulate(reload: true)
}
