/// A key the engine understands, by the name SDL gives it (`SDL_GetKeyName`): the platform layer maps
/// its key events onto these, and scripts are checked against them before they run. Keys outside this
/// set never reach a scene.
package struct Key: Hashable, Sendable, CustomStringConvertible {
    package let name: String

    private init(_ name: String) { self.name = name }

    /// The key SDL calls `name`, nil for one the engine has no use for.
    package init?(name: String) {
        guard let key = Self.all.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
            return nil
        }
        self = key
    }

    package var description: String { name }

    package static let `return` = Key("Return")
    static let keypadEnter = Key("Keypad Enter")
    static let escape = Key("Escape")
    package static let left = Key("Left")
    package static let right = Key("Right")
    package static let up = Key("Up")
    package static let down = Key("Down")
    static let pageUp = Key("PageUp")
    static let pageDown = Key("PageDown")
    package static let home = Key("Home")
    package static let end = Key("End")
    static let space = Key("Space")
    static let tab = Key("Tab")
    /// The profiling HUD and slow motion.
    static let f3 = Key("F3")
    static let f4 = Key("F4")

    /// The digit keys 1…9 switch scenes.
    static func digit(_ n: Int) -> Key? { (1...9).contains(n) ? Key(String(n)) : nil }

    /// The digit this key types, if it is one of 1…9.
    var digit: Int? { name.count == 1 ? Int(name).flatMap { (1...9).contains($0) ? $0 : nil } : nil }

    /// Every key the engine knows. Letters are here for scripts and the monkey (they do nothing today).
    package static let all: [Key] =
        [
            .return, .keypadEnter, .escape, .left, .right, .up, .down, .pageUp, .pageDown, .home, .end, .space, .tab,
            .f3, .f4,
        ] + (0...9).map { Key(String($0)) }
        + (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { Key(String(UnicodeScalar($0))) }
}
