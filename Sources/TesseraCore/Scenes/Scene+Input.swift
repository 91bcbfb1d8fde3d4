/// The one place a gesture is routed to a scene (docs/ARCHITECTURE.md, "Gesture routing"). Every scene
/// gets the same order, and sees only what the layers above it did not take:
///
/// 1. A press or tap on one of the scene's controls (`isControl`: the gallery's paddles, drawn above the
///    rows) is the scene's: the row beneath neither catches nor releases.
/// 2. An open hero stage covers the field (`HeroStage.covers`): presses, drags and the wheel go to the
///    scene's overlay, not to the containers under it.
/// 3. The field takes what scrolls (`TileField.route`): presses that catch a moving scroll, drags, the
///    wheel, and the tap that ends a catch.
/// 4. The scene handles the rest: taps on tiles, keys, the viewer's pinches, its own wheel rules.
///
/// Keys go to the keyboard focus first (`Scene+Focus`): Tab, and once something has focus the arrows,
/// Space and Escape; the rest, and every key while nothing has focus, go to the scene as before.
extension Scene {
    func receive(_ gesture: Gesture, input: InputConfig, wheelAnimation: SpringParameters) {
        switch gesture {
        case .press(let p), .tap(let p):
            if isControl(at: p) { return handle(gesture) }
        case .key(let key):
            if let focusable = self as? any FocusableScene, focusable.handleFocusKey(key) { return }
        default:
            break
        }
        if heroStage?.covers(gesture) == true {
            field.cover(gesture)
            return handle(gesture)
        }
        if field.route(gesture, wheelStep: input.wheelStep, wheelAnimation: wheelAnimation) { return }
        handle(gesture)
    }
}
