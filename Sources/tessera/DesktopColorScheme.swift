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
