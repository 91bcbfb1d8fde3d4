import Foundation
import TesseraCore

#if canImport(Glibc)
    import Glibc
#endif

/// systemd's notify protocol (sd_notify(3)), spoken when the service manager set `$NOTIFY_SOCKET`: one
/// datagram of `KEY=value` lines to that AF_UNIX socket per message (a leading `@` names the abstract
/// namespace). libsystemd's `sd_notify` sends exactly this; it is a few lines, so Tessera does it
/// itself rather than link libsystemd.
///
/// - `READY=1` (with `MAINPID=`, see below) once the first frame is on screen;
/// - `WATCHDOG=1` from the run loop every half of `$WATCHDOG_USEC` — a loop that stalls stops the pings
///   and systemd restarts the service; a loop asleep at rest still wakes for them;
/// - `RELOADING=1` (with `MONOTONIC_USEC=`) and then `READY=1` around a reload asked for by `SIGHUP`
///   (`systemctl reload`);
/// - `STOPPING=1` when the run ends (`systemctl stop` sends `SIGTERM`), also when the display went away;
/// - a reload that could not be used ends with `READY=1` (the reload is over) and a `STATUS=` that
///   says it failed and why: the previous config stays in force;
/// - `EXTEND_TIMEOUT_USEC=` before the photo folder is scanned, which for a large library may take
///   longer than the start timeout allows (systemd.service(5), `TimeoutStartSec=`).
///
/// Only this process speaks: `$NOTIFY_SOCKET`, `$WATCHDOG_USEC` and `$WATCHDOG_PID` are read once and
/// removed from the environment (as `sd_notify`'s `unset_environment` does), so the tools Tessera runs
/// (the desktop appearance probes: gdbus, busctl, gsettings) cannot send in its name — `busctl` would
/// otherwise report its own `ERRNO=`, which systemd takes from any process under `NotifyAccess=all`.
///
/// Under a kiosk compositor the service's main process is the compositor (`cage -- tessera`), so
/// Tessera says `MAINPID=` its own pid with its first `READY=1`: `systemctl reload` then signals
/// Tessera and the service lives as long as it does. That needs `NotifyAccess=all` in the unit, as
/// `Configs/systemd/tessera-kiosk.service` has. The watchdog is honoured when `$WATCHDOG_PID` is this
/// process or the compositor that started it (systemd sets it to the main pid it forked).
final class ServiceNotifier: RunSupervisor, RunLoopSource {
    private let socket: Int32
    private var address = sockaddr_un()
    private var addressLength = socklen_t(0)
    /// Seconds between watchdog pings; nil without a watchdog.
    private let pingInterval: Double?
    private var lastPing: Double?
    private var ready = false

    /// Nil when the process was not started by a service manager that listens (no `$NOTIFY_SOCKET`).
    init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
        // Before any child is started (the launch's first step); see the type's comment.
        for name in Self.variables { unsetenv(name) }
        guard let path = environment["NOTIFY_SOCKET"], !path.isEmpty, path.utf8.count < 108,
            path.hasPrefix("/") || path.hasPrefix("@")
        else { return nil }
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        socket = fd
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in bytes.enumerated() { raw[i] = byte }
        }
        addressLength = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (bytes.first == 0 ? 0 : 1))
        pingInterval = Self.pingInterval(environment)
    }

    deinit { close(socket) }

    /// The variables systemd hands the main process for the notify protocol (systemd.exec(5)).
    static let variables = ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"]

    /// Asks systemd for `seconds` more before the start (or the stop) times out (sd_notify(3),
    /// `EXTEND_TIMEOUT_USEC=`), saying why in `STATUS=`.
    func extendTimeout(seconds: Double, because status: String) {
        send("EXTEND_TIMEOUT_USEC=\(UInt64(seconds * 1e6))\nSTATUS=\(Self.oneLine(status))")
    }

    /// `text` fit for a `STATUS=` line: no line breaks, at most 200 characters.
    static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 }.prefix(200))
    }

    /// Half of `$WATCHDOG_USEC`, when the watchdog is meant for this process or its parent.
    static func pingInterval(_ environment: [String: String]) -> Double? {
        guard let usec = environment["WATCHDOG_USEC"].flatMap(UInt64.init), usec > 0 else { return nil }
        if let pid = environment["WATCHDOG_PID"].flatMap(Int32.init), pid != getpid(), pid != getppid() {
            return nil
        }
        return Double(usec) / 1e6 / 2
    }

    /// Sends `message` (newline-separated `KEY=value` lines). A service manager that went away is not
    /// the run's business: failures are ignored, as `sd_notify`'s callers do.
    func send(_ message: String) {
        var bytes = Array(message.utf8)
        withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sockaddr in
                _ = sendto(socket, &bytes, bytes.count, Int32(MSG_NOSIGNAL), sockaddr, addressLength)
            }
        }
    }

    // MARK: RunSupervisor

    func framePresented() {
        guard !ready else { return }
        ready = true
        send("READY=1\nMAINPID=\(getpid())\nSTATUS=Showing the first frame")
    }

    func reloading() {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let usec = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
        send("RELOADING=1\nMONOTONIC_USEC=\(usec)\nSTATUS=Reloading the config")
    }

    func reloaded() { send("READY=1\nSTATUS=Config reloaded") }

    func reloadFailed(_ message: String) {
        send("READY=1\nSTATUS=\(Self.oneLine("Config reload failed, keeping the previous config: \(message)"))")
    }

    func stopping() { send("STOPPING=1") }

    /// The display or compositor went away: the run is ending with `DisplayLoss.exitCode`.
    func displayLost(_ reason: String) {
        send("STOPPING=1\nSTATUS=\(Self.oneLine("The display went away: \(reason)"))")
    }

    // MARK: RunLoopSource (the watchdog)

    func secondsUntilDue(now: Double, simulation: Simulation) -> Double? {
        guard let pingInterval else { return nil }
        guard let lastPing else { return 0 }
        return lastPing + pingInterval - now
    }

    func run(now: Double, simulation: Simulation, sink: FrameSink) {
        lastPing = now
        guard !DisplayLoss.hasHappened else { return }
        send("WATCHDOG=1")
    }
}
