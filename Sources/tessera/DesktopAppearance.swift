import Foundation
import TesseraCore

/// Asks the desktop whether it prefers dark, for a window whose config says `appearance: system`: the
/// XDG Desktop Portal over D-Bus (`gdbus`, else `busctl`), then GNOME's setting (`gsettings`). A tool
/// that is missing, fails or takes longer than a second is skipped; when none answers the answer is
/// light, quietly (a kiosk under cage has no portal, and that is no fault).
enum DesktopAppearance {
    static func prefersDark() -> Bool {
        let portal = ["org.freedesktop.appearance", "color-scheme"]
        if let reply = run(
            "gdbus",
            [
                "call", "--session", "--timeout", "1", "--dest", "org.freedesktop.portal.Desktop", "--object-path",
                "/org/freedesktop/portal/desktop", "--method", "org.freedesktop.portal.Settings.Read",
            ] + portal),
            let dark = DesktopColorScheme.prefersDark(portalReply: reply)
        {
            return dark
        }
        if let reply = run(
            "busctl",
            [
                "--user", "call", "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                "org.freedesktop.portal.Settings", "Read", "ss",
            ] + portal),
            let dark = DesktopColorScheme.prefersDark(portalReply: reply)
        {
            return dark
        }
        if let reply = run("gsettings", ["get", "org.gnome.desktop.interface", "color-scheme"]),
            let dark = DesktopColorScheme.prefersDark(gsettingsReply: reply)
        {
            return dark
        }
        return false
    }

    /// Whether the desktop asks for less motion: GNOME's `enable-animations` off (the accessibility
    /// panel's "Reduce animation"), through the settings portal, else `gsettings`. False when nothing
    /// answers.
    static func prefersReducedMotion() -> Bool {
        let key = ["org.gnome.desktop.interface", "enable-animations"]
        if let reply = run(
            "gdbus",
            [
                "call", "--session", "--timeout", "1", "--dest", "org.freedesktop.portal.Desktop", "--object-path",
                "/org/freedesktop/portal/desktop", "--method", "org.freedesktop.portal.Settings.Read",
            ] + key),
            let animations = DesktopColorScheme.enablesAnimations(reply: reply)
        {
            return !animations
        }
        if let reply = run("gsettings", ["get"] + key),
            let animations = DesktopColorScheme.enablesAnimations(reply: reply)
        {
            return !animations
        }
        return false
    }

    /// Whether the desktop asks for high contrast: the settings portal's `org.freedesktop.appearance
    /// contrast` (newer portals), else GNOME's `org.gnome.desktop.a11y.interface high-contrast` (the
    /// accessibility panel's "High Contrast") through the portal, else `gsettings`. False when nothing
    /// answers.
    static func prefersHighContrast() -> Bool {
        if let reply = readSetting("org.freedesktop.appearance", "contrast"),
            let high = DesktopColorScheme.prefersHighContrast(portalReply: reply)
        {
            return high
        }
        let key = ["org.gnome.desktop.a11y.interface", "high-contrast"]
        if let reply = readSetting(key[0], key[1]), let high = DesktopColorScheme.boolean(reply: reply) {
            return high
        }
        if let reply = run("gsettings", ["get"] + key), let high = DesktopColorScheme.boolean(reply: reply) {
            return high
        }
        return false
    }

    /// The desktop's text scaling factor: GNOME's `org.gnome.desktop.interface text-scaling-factor` (the
    /// accessibility panel's "Large Text" sets 1.25) through the settings portal, else `gsettings`. Nil
    /// when nothing answers.
    static func textScale() -> Double? {
        let key = ["org.gnome.desktop.interface", "text-scaling-factor"]
        if let reply = readSetting(key[0], key[1]), let factor = DesktopColorScheme.textScalingFactor(reply: reply) {
            return factor
        }
        if let reply = run("gsettings", ["get"] + key),
            let factor = DesktopColorScheme.textScalingFactor(reply: reply)
        {
            return factor
        }
        return nil
    }

    /// The settings portal's `Settings.Read` of `namespace` `key`, through `gdbus`.
    private static func readSetting(_ namespace: String, _ key: String) -> String? {
        run(
            "gdbus",
            [
                "call", "--session", "--timeout", "1", "--dest", "org.freedesktop.portal.Desktop", "--object-path",
                "/org/freedesktop/portal/desktop", "--method", "org.freedesktop.portal.Settings.Read", namespace, key,
            ])
    }

    /// `tool`'s standard output, nil when it cannot be found or run, fails, or is still running after a
    /// second (it is then ended).
    private static func run(_ tool: String, _ arguments: [String]) -> String? {
        guard let path = locate(tool) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let deadline = Date().addingTimeInterval(1)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return nil
        }
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    private static func locate(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(tool)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
