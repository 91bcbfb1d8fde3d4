/// The fullscreen kiosk (`--kiosk`, `Configs/kiosk.json`): touch first, no way out for visitors, back to
/// the start after idling.
package struct KioskConfig: Codable, Equatable, Sendable {
    /// Seconds without input after which the kiosk returns to `startScene` and drops an unconfirmed
    /// selection; 0 never resets.
    var idleResetSeconds = 90.0
    /// The scene shown at launch and after an idle reset (the first registered one by default).
    package var startScene = SceneRegistry.first
    /// The scene the kiosk is locked to (the tab bar and the scene keys are gone), nil for none. In a
    /// file: a scene's name, or "" for none.
    package var lockScene: SceneID?
    /// The only way out: a key chord like "Ctrl+Alt+Shift+Q" (modifiers Ctrl, Alt, Shift, Gui; then the
    /// SDL name of a key Tessera knows, `Key`). The window's close button and Ctrl+Q do nothing in a kiosk.
    package var exitChord = KeyChord(.q, modifiers: [.ctrl, .alt, .shift])
    /// Seconds after the last mouse movement before the pointer hides again (it starts hidden).
    package var cursorHideSeconds = 3.0
    /// Whether Tab gives the scenes a keyboard focus (a ring, arrows, Space). A touch kiosk without a
    /// keyboard turns it off (`Configs/kiosk.json`), so a stray key shows no ring.
    var keyboardFocus = true
    init() {}

    private enum CodingKeys: String, CodingKey {
        case idleResetSeconds, startScene, lockScene, exitChord, cursorHideSeconds, keyboardFocus
    }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        idleResetSeconds = try c.decode(Double.self, forKey: .idleResetSeconds)
        startScene = try c.decode(SceneID.self, forKey: .startScene)
        let lock = try c.decode(String.self, forKey: .lockScene)
        if !lock.isEmpty {
            guard let scene = SceneID(rawValue: lock) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .lockScene, in: c,
                    debugDescription: "unknown scene \"\(lock)\" (one of \(SceneID.names), or \"\")")
            }
            lockScene = scene
        }
        exitChord = try c.decode(KeyChord.self, forKey: .exitChord)
        cursorHideSeconds = try c.decode(Double.self, forKey: .cursorHideSeconds)
        keyboardFocus = try c.decode(Bool.self, forKey: .keyboardFocus)
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(idleResetSeconds, forKey: .idleResetSeconds)
        try c.encode(startScene, forKey: .startScene)
        try c.encode(lockScene?.rawValue ?? "", forKey: .lockScene)
        try c.encode(exitChord, forKey: .exitChord)
        try c.encode(cursorHideSeconds, forKey: .cursorHideSeconds)
        try c.encode(keyboardFocus, forKey: .keyboardFocus)
    }
}

extension KioskConfig: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("idleResetSeconds", idleResetSeconds, 0...86400)
        try c.check("cursorHideSeconds", cursorHideSeconds, 0...3600)
    }
}
