import Foundation
import XCTest

/// A desktop session of the tests' own for AT-SPI: a private session bus (`dbus-daemon --session`) on
/// which `org.a11y.Bus` (at-spi-bus-launcher, activated on demand) starts the accessibility bus and the
/// registry, with assistive technology switched on (`org.a11y.Status.IsEnabled`) as GNOME's settings
/// switch it on for a screen reader. The launcher keeps its socket in `XDG_RUNTIME_DIR`, here the
/// session's own folder, so tests and the desktop never share a bus. A machine without the tools is
/// skipped: `make test-deps` installs them (at-spi2-core, python3-pyatspi, dbus).
final class AccessibilitySession {
    let folder: URL
    /// `DBUS_SESSION_BUS_ADDRESS`.
    let address: String
    private let daemon: Process

    static let python = "/usr/bin/python3"
    static let helper = TesseraProcess.root.appendingPathComponent("Tests/Support/atspi/atspi_tree.py").path

    /// `assistiveTechnology`: whether `IsEnabled` is switched on at the start (`enableAssistiveTechnology`
    /// switches it on later).
    init(assistiveTechnology: Bool = true) throws {
        for tool in ["/usr/bin/dbus-daemon", "/usr/bin/busctl", "/usr/libexec/at-spi-bus-launcher", Self.python]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is not installed (make test-deps)")
        }
        guard Self.shell(Self.python, ["-c", "import pyatspi"]).status == 0 else {
            throw XCTSkip("pyatspi is not installed for \(Self.python) (make test-deps: python3-pyatspi)")
        }
        folder = try makeTemporaryFolder()
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
        address = "unix:path=\(folder.path)/session-bus"
        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--address=\(address)"]
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = folder.path
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        env["NO_AT_BRIDGE"] = "1"
        daemon.environment = env
        daemon.standardOutput = FileHandle.nullDevice
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        // Ready once it answers (this activates the launcher); then switch assistive technology on.
        guard setStatus(assistiveTechnology) else {
            throw XCTSkip("org.a11y.Bus did not start on a private session bus")
        }
    }

    /// Sets `org.a11y.Status.IsEnabled` as a desktop's settings do when a screen reader starts; false
    /// when org.a11y.Bus never answered.
    @discardableResult
    func setStatus(_ enabled: Bool) -> Bool {
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            let set = Self.shell(
                "/usr/bin/busctl",
                [
                    "--user", "set-property", "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Status", "IsEnabled", "b",
                    "\(enabled)",
                ],
                environment: environment)
            if set.status == 0 { return true }
            usleep(100_000)
        }
        return false
    }

    deinit {
        // The launcher and the registry leave with the bus they were activated on.
        daemon.terminate()
        daemon.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    /// What every process of the session needs: its bus, its runtime folder.
    var environment: [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS": address, "XDG_RUNTIME_DIR": folder.path]
    }

    /// Runs the pyatspi helper (`atspi_tree.py`) to its end.
    func helper(_ arguments: [String], display: String, limit: Double = 40) -> (
        status: Int32, stdout: String, stderr: String
    ) {
        var env = environment
        env["DISPLAY"] = display
        return Self.shell(Self.python, [Self.helper] + arguments, environment: env, limit: limit)
    }

    /// The tree as the helper reads it (`atspi_tree.py dump`).
    func tree(display: String) throws -> [String: Any] {
        let run = helper(["dump", "--timeout", "30"], display: display)
        XCTAssertEqual(run.status, 0, run.stderr)
        return try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
            "JSON from pyatspi: \(run.stdout)")
    }

    /// Runs `tool` with `arguments`, its output captured, killed after `limit` seconds.
    @discardableResult
    static func shell(
        _ tool: String, _ arguments: [String], environment extra: [String: String] = [:], limit: Double = 30
    ) -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        // coreutils' timeout ends a hung client (the pipes below are read to their end).
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["-s", "KILL", "\(Int(limit))", tool] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch { return (-1, "", "\(error)") }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outData, as: UTF8.self),
            String(decoding: errData, as: UTF8.self)
        )
    }
}

/// A semantics or pyatspi tree flattened: every node with its parent's id.
func flattenTree(_ node: [String: Any], parent: String? = nil) -> [(node: [String: Any], parent: String?)] {
    let children = node["children"] as? [[String: Any]] ?? []
    return [(node, parent)] + children.flatMap { flattenTree($0, parent: node["id"] as? String) }
}
