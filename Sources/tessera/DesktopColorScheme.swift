import Foundation

/// The desktop's light or dark preference as its tools print it, for `appearance: system`: the
/// freedesktop.org XDG Desktop Portal's `org.freedesktop.appearance color-scheme` setting (0 no
/// preference, 1 prefer dark, 2 prefer light), read with `gdbus` or `busctl`, or GNOME's
/// `org.gnome.desktop.interface color-scheme` (`'default'`, `'prefer-dark'`, `'prefer-light'`) through
/// `gsettings`. Pure parsing; the host runs the tools and falls back quietly when none answers.
enum DesktopColorScheme {
    /// `gdbus call … org.freedesktop.portal.Settings.Read org.freedesktop.appearance color-scheme`
    /// prints `(<<uint32 1>>,)`; `busctl --user call … Read ss …` prints `v v u 1` (or `v u 1` for
    /// ReadOne). True for prefer-dark, false for prefer-light or no preference, nil for anything else.
    static func prefersDark(portalReply reply: String) -> Bool? {
        let digits = reply.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard reply.contains("uint32") || reply.contains(" u "), let value = digits.last, (0...2).contains(value)
        else { return nil }
        return value == 1
    }

    /// `enable-animations` as the portal (`(<<<true>>>,)`, `v v b true`) or `gsettings` (`true`) prints
    /// it; nil for anything else.
    static func enablesAnimations(reply: String) -> Bool? {
        let words = reply.split(whereSeparator: { !$0.isLetter })
        if words.contains("false") { return false }
        if words.contains("true") { return true }
        return nil
    }

    /// The portal's `org.freedesktop.appearance contrast` (xdg-desktop-portal 1.15 and later: 0 no
    /// preference, 1 higher contrast) as `gdbus` (`(<<uint32 1>>,)`) or `busctl` (`v v u 1`) prints it.
    /// True for high, false for none, nil for anything else (an older portal's "unknown key" error).
    static func prefersHighContrast(portalReply reply: String) -> Bool? {
        let digits = reply.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard reply.contains("uint32") || reply.contains(" u "), let value = digits.last, (0...1).contains(value)
        else { return nil }
        return value == 1
    }

    /// A boolean key (GNOME's `org.gnome.desktop.a11y.interface high-contrast`) as the portal
    /// (`(<<<true>>>,)`, `v v b true`) or `gsettings` (`true`) prints it; nil for anything else.
    static func boolean(reply: String) -> Bool? { enablesAnimations(reply: reply) }

    /// GNOME's `org.gnome.desktop.interface text-scaling-factor`, a double, as the portal
    /// (`(<<<1.25>>>,)`, `v v d 1.25`) or `gsettings` (`1.25`) prints it. Nil for anything else, and for a
    /// factor outside the key's own range (0.5 to 3, `org.gnome.desktop.interface.gschema.xml`).
    static func textScalingFactor(reply: String) -> Double? {
        let numbers = reply.split(whereSeparator: { !($0.isNumber || $0 == ".") }).compactMap { Double($0) }
        guard let factor = numbers.last, !reply.contains("Error"), (0.5...3).contains(factor) else { return nil }
        return factor
    }

    /// `gsettings get org.gnome.desktop.interface color-scheme`: `'prefer-dark'` is dark; `'default'` and
    /// `'prefer-light'` are light; nil for anything else (the key missing on an older GNOME).
    static func prefersDark(gsettingsReply reply: String) -> Bool? {
        switch reply.trimmingCharacters(in: .whitespacesAndNewlines) {
        case "'prefer-dark'": true
        case "'default'", "'prefer-light'": false
        default: nil
        }
    }
}
