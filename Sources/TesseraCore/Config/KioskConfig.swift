/// The fullscreen kiosk (`--kiosk`, `Configs/kiosk.json`): touch first, no way out for visitors, back to
/// the start after idling.
package struct KioskConfig: Codable, Equatable, Sendable {
    /// Seconds without input after which the kiosk returns to `startScene` and drops an unconfirmed
    /// selection; 0 never resets.
    var idleResetSeconds = 90.0
    /// The scene shown at launch and after an idle reset.
    package var startScene = SceneID.picker
    /// A scene name to lock the kiosk to (the tab bar and keys 1–4 are gone), or "" for no lock.
    var lockScene = ""
    /// The only way out: a key chord like "Ctrl+Alt+Shift+Q" (modifiers Ctrl, Alt, Shift, Gui; then an
    /// SDL key name). The window's close button and Ctrl+Q do nothing in a kiosk.
    package var exitChord = "Ctrl+Alt+Shift+Q"
    /// Seconds after the last mouse movement before the pointer hides again (it starts hidden).
    package var cursorHideSeconds = 3.0
    package init() {}

    /// The locked scene, if any.
    package var lockedScene: SceneID? { SceneID(rawValue: lockScene) }
}

extension KioskConfig: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("idleResetSeconds", idleResetSeconds, 0...86400)
        try c.check("cursorHideSeconds", cursorHideSeconds, 0...3600)
    }
}
