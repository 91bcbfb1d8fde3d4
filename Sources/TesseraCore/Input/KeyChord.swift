import Foundation

/// A key with modifiers, written "Ctrl+Alt+Shift+Q": the kiosk's only way out. Modifier names are
/// Ctrl, Alt, Shift and Gui (the Windows/Super key); the last part is an SDL key name.
package struct KeyChord: Equatable, Sendable {
    package struct Modifiers: OptionSet, Sendable, Hashable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        package static let ctrl = Modifiers(rawValue: 1)
        package static let alt = Modifiers(rawValue: 2)
        package static let shift = Modifiers(rawValue: 4)
        package static let gui = Modifiers(rawValue: 8)
    }

    package var modifiers: Modifiers
    /// The SDL key name, as `SDL_GetKeyName` spells it.
    package var key: String

    package init?(_ text: String) {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard let last = parts.last, !last.isEmpty else { return nil }
        var modifiers: Modifiers = []
        for part in parts.dropLast() {
            switch part.lowercased() {
            case "ctrl", "control": modifiers.insert(.ctrl)
            case "alt": modifiers.insert(.alt)
            case "shift": modifiers.insert(.shift)
            case "gui", "super", "win", "cmd": modifiers.insert(.gui)
            default: return nil
            }
        }
        self.modifiers = modifiers
        key = last
    }

    /// True for a press of `key` (compared case-insensitively, as SDL names letters in upper case)
    /// with exactly these modifiers held.
    package func matches(key name: String, modifiers held: Modifiers) -> Bool {
        held == modifiers && name.caseInsensitiveCompare(key) == .orderedSame
    }
}
