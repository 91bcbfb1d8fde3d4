import Foundation

/// A key with modifiers, written "Ctrl+Alt+Shift+Q": the kiosk's only way out. Modifier names are
/// Ctrl, Alt, Shift and Gui (the Windows/Super key); the last part is an SDL key name.
public struct KeyChord: Equatable, Sendable {
    public struct Modifiers: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let ctrl = Modifiers(rawValue: 1)
        public static let alt = Modifiers(rawValue: 2)
        public static let shift = Modifiers(rawValue: 4)
        public static let gui = Modifiers(rawValue: 8)
    }

    public var modifiers: Modifiers
    /// The SDL key name, as `SDL_GetKeyName` spells it.
    public var key: String

    public init?(_ text: String) {
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
    public func matches(key name: String, modifiers held: Modifiers) -> Bool {
        held == modifiers && name.caseInsensitiveCompare(key) == .orderedSame
    }
}
