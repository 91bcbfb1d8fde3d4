/// A key the engine understands, by the name SDL gives it (`SDL_GetKeyName`): the platform layer maps
/// its key events onto these, and scripts are checked against them before they run. Keys outside this
/// set never reach a scene.
public struct Key: Hashable, Sendable, CustomStringConvertible {
    public let name: String

    private init(_ name: String) { self.name = name }

    /// The key SDL calls `name`, nil for one the engine has no use for.
    public init?(name: String) {
        guard let key = Self.all.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
            return nil
        }
        self = key
    }

    public var description: String { name }

    public static let `return` = Key("Return")
    public static let keypadEnter = Key("Keypad Enter")
    public static let escape = Key("Escape")
    public static let left = Key("Left")
    public static let right = Key("Right")
    public static let up = Key("Up")
    public static let down = Key("Down")
    public static let pageUp = Key("PageUp")
    public static let pageDown = Key("PageDown")
    public static let home = Key("Home")
    public static let end = Key("End")
    public static let space = Key("Space")
    public static let tab = Key("Tab")
    /// The profiling HUD and slow motion.
    public static let f3 = Key("F3")
    public static let f4 = Key("F4")

    /// The digit keys 1…9 switch scenes.
    public static func digit(_ n: Int) -> Key? { (1...9).contains(n) ? Key(String(n)) : nil }

    /// The digit this key types, if it is one of 1…9.
    public var digit: Int? { name.count == 1 ? Int(name).flatMap { (1...9).contains($0) ? $0 : nil } : nil }

    /// Every key the engine knows. Letters are here for scripts and the monkey (they do nothing today).
    public static let all: [Key] =
        [
            .return, .keypadEnter, .escape, .left, .right, .up, .down, .pageUp, .pageDown, .home, .end, .space, .tab,
            .f3, .f4,
        ] + (0...9).map { Key(String($0)) }
        + (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { Key(String(UnicodeScalar($0))) }
}
