/// A key the engine understands. Each is named as SDL names it (`SDL_GetKeyName`), which is how scripts
/// and configs spell keys (`"key": "Escape"`, `"exitChord": "Ctrl+Alt+Shift+Q"`); names are looked up
/// only when a script or config is read. The platform layer maps its own key codes onto these cases,
/// and keys outside this set never reach the engine.
package enum Key: String, CaseIterable, Sendable, CustomStringConvertible {
    case `return` = "Return"
    case keypadEnter = "Keypad Enter"
    case escape = "Escape"
    case left = "Left"
    case right = "Right"
    case up = "Up"
    case down = "Down"
    case pageUp = "PageUp"
    case pageDown = "PageDown"
    case home = "Home"
    case end = "End"
    case space = "Space"
    case tab = "Tab"
    /// Tab with Shift held (Qt's `Key_Backtab`): focus moves backwards. SDL reports it as Tab with the
    /// Shift modifier; the platform layer turns that into this key.
    case backTab = "Shift+Tab"
    /// The profiling HUD and slow motion.
    case f3 = "F3"
    case f4 = "F4"
    /// The digit keys 1…9 switch scenes.
    case digit0 = "0"
    case digit1 = "1"
    case digit2 = "2"
    case digit3 = "3"
    case digit4 = "4"
    case digit5 = "5"
    case digit6 = "6"
    case digit7 = "7"
    case digit8 = "8"
    case digit9 = "9"
    /// Letters are here for scripts, the monkey and key chords (no scene uses one today).
    case a = "A"
    case b = "B"
    case c = "C"
    case d = "D"
    case e = "E"
    case f = "F"
    case g = "G"
    case h = "H"
    case i = "I"
    case j = "J"
    case k = "K"
    case l = "L"
    case m = "M"
    case n = "N"
    case o = "O"
    case p = "P"
    case q = "Q"
    case r = "R"
    case s = "S"
    case t = "T"
    case u = "U"
    case v = "V"
    case w = "W"
    case x = "X"
    case y = "Y"
    case z = "Z"

    /// The key named `name` as SDL spells it, in any case ("escape", "ESCAPE"); nil for one the engine
    /// has no use for. For scripts and configs: the platform layer maps key codes, not names.
    init?(name: String) {
        guard let key = Self.byName[name.lowercased()] else { return nil }
        self = key
    }

    private static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue.lowercased(), $0) })

    /// SDL's name for the key.
    var name: String { rawValue }
    package var description: String { rawValue }

    /// Every key SDL names (`SDL_GetKeyName`), in the order above: all but `backTab`, which is Tab with a
    /// modifier.
    static let all = allCases.filter { $0 != .backTab }

    /// The digit key `n` of 1…9.
    static func digit(_ n: Int) -> Key? { (1...9).contains(n) ? Key(rawValue: String(n)) : nil }

    /// The digit this key types, if it is one of 1…9.
    var digit: Int? { Int(rawValue).flatMap { (1...9).contains($0) ? $0 : nil } }
}
