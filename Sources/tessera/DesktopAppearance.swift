import Foundation
import TesseraCore

#if canImport(Glibc)
    import Glibc
#endif

/// Asks the desktop whether it prefers dark, for a window whose config says `appearance: system`: the
/// XDG Desktop Portal over D-Bus (`gdbus`, else `busctl`), then GNOME's setting (`gsettings`). A tool
/// that is missing, fails or takes longer than a second is skipped; when none answers the answer is
/// light, quietly (a kiosk under cage has no portal, and that is no fault).
enum DesktopAppearance {
    static func prefersDark() -> Bool {
        let portal = ("org.freedesktop.appearance", "color-scheme")
        for read in [readSetting, readSettingThroughBusctl] {
            if let reply = read(portal.0, portal.1), let dark = DesktopColorScheme.prefersDark(portalReply: reply) {
                return dark
            }
        }
        return ask(gsettings: ("org.gnome.desktop.interface", "color-scheme")) {
            DesktopColorScheme.prefersDark(gsettingsReply: $0)
        } ?? false
    }

    /// Whether the desktop asks for less motion: GNOME's `enable-animations` off (the accessibility
    /// panel's "Reduce animation"), through the settings portal, else `gsettings`. False when nothing
    /// answers.
    static func prefersReducedMotion() -> Bool {
        let key = ("org.gnome.desktop.interface", "enable-animations")
        return ask(portal: key, gsettings: key) { DesktopColorScheme.enablesAnimations(reply: $0).map { !$0 } }
            ?? false
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
        let key = ("org.gnome.desktop.a11y.interface", "high-contrast")
        return ask(portal: key, gsettings: key, DesktopColorScheme.boolean(reply:)) ?? false
    }

    /// The desktop's text scaling factor: GNOME's `org.gnome.desktop.interface text-scaling-factor` (the
    /// accessibility panel's "Large Text" sets 1.25) through the settings portal, else `gsettings`. Nil
    /// when nothing answers.
    static func textScale() -> Double? {
        let key = ("org.gnome.desktop.interface", "text-scaling-factor")
        return ask(portal: key, gsettings: key, DesktopColorScheme.textScalingFactor(reply:))
    }

    /// The first answer `parse` makes sense of: the settings portal's `portal` key, then `gsettings get`
    /// of `gsettings`. Nil when neither answers in a way it reads.
    private static func ask<Answer>(
        portal: (String, String)? = nil, gsettings: (String, String), _ parse: (String) -> Answer?
    ) -> Answer? {
        if let portal, let reply = readSetting(portal.0, portal.1), let answer = parse(reply) { return answer }
        guard let reply = run("gsettings", ["get", gsettings.0, gsettings.1]) else { return nil }
        return parse(reply)
    }

    /// The settings portal's `Settings.Read` of `namespace` `key`, through `busctl` (where there is no
    /// `gdbus`).
    private static func readSettingThroughBusctl(_ namespace: String, _ key: String) -> String? {
        run(
            "busctl",
            [
                "--user", "call", "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                "org.freedesktop.portal.Settings", "Read", "ss", namespace, key,
            ])
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

    /// How long one tool may take, seconds.
    static let toolDeadline = 1.0

    /// `tool`'s standard output, nil when it cannot be found or run, fails, or is still running after
    /// `toolDeadline` — or once a SIGTERM or SIGINT has come (the run is ending; nothing is asked then).
    ///
    /// The bound is enforced, whatever the tool does: it runs in a process group of its own, and past
    /// the deadline (or on a quit signal) the whole group gets SIGKILL, which no tool can ignore, so a
    /// `gdbus` that ignores SIGTERM cannot hold the window back. Its output is read as it comes and not
    /// waited on past the tool's exit: a child it left behind holding the pipe (a D-Bus activation
    /// helper) would keep end-of-file from ever arriving.
    static func run(_ tool: String, _ arguments: [String], deadline: Double = toolDeadline) -> String? {
        guard !ProcessSignals.quitRequested, let path = locate(tool) else { return nil }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        // Not inherited by anything else this process starts (the child gets its copy by dup2).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { close(ends[0]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A group of its own (its id is the child's pid): SIGKILL reaches its children too.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let env =
            SessionBus.withoutAutolaunch(ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") }
            + [nil]
        defer { for pointer in env { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, env)
        close(ends[1])
        guard spawned == 0 else { return nil }

        let reader = ends[0]
        _ = fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) | O_NONBLOCK)
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = Date().addingTimeInterval(deadline)
        var exited = false
        var status: Int32 = 0
        while !exited, Date() < end, !ProcessSignals.quitRequested {
            var ready = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
            // Short waits: the child's exit and a quit signal are looked at between them.
            _ = poll(&ready, 1, 20)
            while case let n = read(reader, &buffer, buffer.count), n > 0, output.count < 65536 {
                output += buffer[..<n]
            }
            // Exited, not yet reaped (WNOWAIT): its pid, and so its group's id, stays ours until then.
            var info = siginfo_t()
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, info._sifields._sigchld.si_pid == pid
            {
                exited = true
            }
        }
        // Whatever is left of the group (the tool past its deadline, a child holding the pipe) is ended.
        kill(-pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard exited, status & 0x7F == 0, (status >> 8) & 0xFF == 0 else { return nil }
        while case let n = read(reader, &buffer, buffer.count), n > 0, output.count < 65536 {
            output += buffer[..<n]
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func locate(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(tool)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
