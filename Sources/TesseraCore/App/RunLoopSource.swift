import TesseraPhotos

/// Work a run loop does when it comes due rather than every frame — a config file to poll, a photo
/// folder's changes to take in, a watchdog to ping. The loop asks every source when it is due, sleeps
/// until the earliest (or until input), and runs the ones whose time has come; it knows nothing else
/// about them (docs/ARCHITECTURE.md, "The run loop").
package protocol RunLoopSource: AnyObject {
    /// Seconds from `now` (the loop's clock) until this source has work: 0 or less for now, nil for none.
    func secondsUntilDue(now: Double, simulation: Simulation) -> Double?
    /// Does what is due at `now`.
    func run(now: Double, simulation: Simulation, sink: FrameSink)
}

/// Live config reload: the file is polled twice a second, and a `SIGHUP` reloads it at once even when
/// its stamp did not change (`ProcessSignals`). A good edit is handed to the simulation; a bad one
/// shows a banner naming the key while the old config stays in force.
package final class ConfigReloadSource: RunLoopSource {
    /// Seconds between polls.
    static let pollInterval = 0.5
    private var watcher: ConfigWatcher
    private var lastPoll: Double?
    /// Told before and after a reload the process was asked for (a `SIGHUP`), for a supervisor.
    private let supervisor: RunSupervisor?

    package init(watcher: ConfigWatcher, supervisor: RunSupervisor? = nil) {
        self.watcher = watcher
        self.supervisor = supervisor
    }

    package func secondsUntilDue(now: Double, simulation: Simulation) -> Double? {
        if ProcessSignals.reloadRequested { return 0 }
        // The first poll finds the file as it was at launch (`ConfigWatcher` took its stamp then).
        guard let lastPoll else { return 0 }
        return lastPoll + Self.pollInterval - now
    }

    package func run(now: Double, simulation: Simulation, sink: FrameSink) {
        lastPoll = now
        if ProcessSignals.takeReloadRequest() {
            _ = reloadNow(simulation: simulation)
            return
        }
        switch watcher.poll() {
        case .reloaded(let config): simulation.reload(config: config)
        case .failed(let message): refuse(message, simulation: simulation)
        case nil: break
        }
    }

    /// Reads the config again now, changed or not (a `SIGHUP`, the control socket's `reload`), telling
    /// the supervisor before and after: nil when it was taken, else why not (the old config stays).
    package func reloadNow(simulation: Simulation) -> String? {
        supervisor?.reloading()
        watcher.forget()
        switch watcher.poll() {
        case .failed(let message):
            refuse(message, simulation: simulation)
            supervisor?.reloadFailed(message)
            return message
        case .reloaded(let config):
            simulation.reload(config: config)
        case nil:
            break
        }
        supervisor?.reloaded()
        return nil
    }

    /// A config that cannot be used: a banner on screen, and one line on stderr (the journal's copy;
    /// a kiosk's banner is seen by visitors, not by whoever maintains it).
    private func refuse(_ message: String, simulation: Simulation) {
        simulation.reportConfigError(message)
        report("config not reloaded, keeping the previous one: \(message)")
    }

    /// Where refusals are reported (the command line: one line on stderr).
    package var report: (String) -> Void = { _ in }
}

/// The photo folder's changes, taken in once the folder has been quiet for `photos.rescanQuietSeconds`
/// (at the latest `photos.rescanMaxDelay` after the first change): the watcher scans the folder on its
/// own thread, and the simulation gets the new tiles, the sink the new pixels (`FolderWatcher`).
package final class FolderChangesSource: RunLoopSource {
    let watcher: FolderWatcher

    package init(watcher: FolderWatcher) { self.watcher = watcher }

    package func secondsUntilDue(now: Double, simulation: Simulation) -> Double? {
        let photos = simulation.config.photos
        return watcher.secondsUntilDue(quiet: photos.rescanQuietSeconds, maxDelay: photos.rescanMaxDelay)
    }

    package func run(now: Double, simulation: Simulation, sink: FrameSink) {
        guard let scanned = watcher.takeScan() else { return }
        let changes = simulation.rescanPhotos(scanned: scanned)
        if !changes.isEmpty { sink.takeIn(changes) }
    }
}

/// Whoever supervises the process and wants to hear how the run is going: systemd's notify protocol
/// (`READY=1` once the first frame is on screen, `RELOADING=1`/`READY=1` around a reload, `STOPPING=1`
/// on the way out; sd_notify(3)). The loop calls these; the watchdog's pings are a `RunLoopSource`.
package protocol RunSupervisor: AnyObject {
    /// A frame reached the screen (the first one makes the service ready).
    func framePresented()
    func reloading()
    func reloaded()
    /// A reload asked for could not be used (`message` says why); the previous config stays in force.
    func reloadFailed(_ message: String)
    func stopping()
    /// The run is ending because the display went away (`DisplayLoss`), `reason` says how.
    func displayLost(_ reason: String)
}
