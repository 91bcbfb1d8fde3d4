import Foundation

/// Whether this process has a D-Bus session bus to reach, and keeping it from starting one.
///
/// With no `DBUS_SESSION_BUS_ADDRESS` and no `$XDG_RUNTIME_DIR/bus`, libdbus and GLib "autolaunch" a
/// session bus for the X display (`dbus-launch --autolaunch`, dbus-launch(1)): a daemon that outlives
/// the run. SDL's D-Bus use (the screensaver and input-method interfaces) did so for every window
/// started under X without a session (a kiosk under cage through Xwayland, a test under Xvfb), and the
/// desktop probes' tools did so once each (`DesktopAppearance`). A bus that is not there is left not
/// there: the address is pointed at a path that does not exist, so every client fails at once instead.
enum SessionBus {
    /// An address no bus answers at.
    static let unreachable = "unix:path=/nonexistent/tessera-has-no-session-bus"

    /// `environment` with `DBUS_SESSION_BUS_ADDRESS` pointed at `unreachable` where it names no bus and
    /// the user has none at `$XDG_RUNTIME_DIR/bus`; otherwise as it is.
    static func withoutAutolaunch(_ environment: [String: String]) -> [String: String] {
        var environment = environment
        let userBus = environment["XDG_RUNTIME_DIR"].map { "\($0)/bus" }
        if environment["DBUS_SESSION_BUS_ADDRESS"] == nil, !(userBus.map(FileManager.default.fileExists) ?? false) {
            environment["DBUS_SESSION_BUS_ADDRESS"] = unreachable
        }
        return environment
    }

    /// The same for this process, before SDL or any other library asks for the bus (and before other
    /// threads exist: `setenv` is not thread-safe).
    static func preventAutolaunch() {
        let environment = ProcessInfo.processInfo.environment
        guard environment["DBUS_SESSION_BUS_ADDRESS"] == nil,
            let address = withoutAutolaunch(environment)["DBUS_SESSION_BUS_ADDRESS"]
        else { return }
        setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
    }
}
