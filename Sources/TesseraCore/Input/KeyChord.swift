import Foundation

/// A key with modifiers, written "Ctrl+Alt+Shift+Q": the kiosk's only way out. Modifier names are
/// Ctrl, Alt, Shift and Gui (the Windows/Super key); the last part names a `Key` as SDL spells it.
package struct KeyChord: Equatable, Sendable, Codable, CustomStringConvertible {
    package struct Modifiers: OptionSet, Sendable, Hashable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        package static let ctrl = Modifiers(rawValue: 1)
        package static let alt = Modifiers(rawValue: 2)
        package static let shift = Modifiers(rawValue: 4)
        package static let gui = Modifiers(rawValue: 8)
    }

    var modifiers: Modifiers
    var key: Key

    init(_ key: Key, modifiers: Modifiers) {
        self.key = key
        self.modifiers = modifiers
    }

    /// Parses "Ctrl+Alt+Shift+Q"; nil for an unknown modifier or key.
    package init?(_ text: String) {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard let last = parts.last, let key = Key(name: last) else { return nil }
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
        self.init(key, modifiers: modifiers)
    }

    /// "Ctrl+Alt+Shift+Q": the modifiers in that order, then the key's SDL name.
    package var description: String {
        let names: [(Modifiers, String)] = [(.ctrl, "Ctrl"), (.alt, "Alt"), (.shift, "Shift"), (.gui, "Gui")]
        return (names.filter { modifiers.contains($0.0) }.map(\.1) + [key.name]).joined(separator: "+")
    }

    /// True for a press of `pressed` with exactly these modifiers held.
    package func matches(_ pressed: Key, modifiers held: Modifiers) -> Bool {
        held == modifiers && pressed == key
    }

    package init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let chord = KeyChord(text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "expected modifiers and a key like \"Ctrl+Alt+Shift+Q\", got \"\(text)\""))
        }
        self = chord
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}
