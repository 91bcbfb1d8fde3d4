import CSDL2
import Foundation
import TesseraCore
import TesseraGeometry

/// SDL events → Tessera input events. Implements: left mouse button, motion while pressed, wheel
/// (precise deltas; with Ctrl held, a zoom about the pointer), key presses by SDL key code (`SDLKeys`), window size
/// changes, and every finger of a touch screen by its id (the recognizer makes pinches of them).
/// Positions arrive in SDL's window units and leave in points (`pointsPerUnit`: 1, or ½ on an X11
/// display at scale 2, whose units are pixels).
///
/// The wheel as SDL documents it (`SDL_MouseWheelEvent`): `y > 0` away from the user, `x > 0` to the
/// right, both inverted when `direction` is `SDL_MOUSEWHEEL_FLIPPED` ("natural" scrolling). Tessera's
/// wheel means "towards the start" when positive on both axes (a wheel away from the user shows what
/// is above), so a wheel or trackpad moving right, towards the end, is a negative `dx`. Not:
/// other mouse buttons, text input, `SDL_MULTIGESTURE` (SDL derives it from the same fingers, which the
/// recognizer already pinches with; reading both would zoom twice).
///
/// A trackpad's pinch reaches SDL 2 on Linux as Ctrl+wheel (what browsers also read), so that is the
/// desktop's zoom.
///
/// Touch is not handled twice: SDL also synthesises mouse events from fingers, marked with
/// `SDL_TOUCH_MOUSEID` (which does not import into Swift: it is `UInt32.max`, docs/BEHAVIOUR.md#macros-that-do-not-import); those
/// are dropped and the finger events are used, so a tap is one tap.
struct SDLEventTranslator {
    /// `SDL_TOUCH_MOUSEID`, ((Uint32)-1).
    static let touchMouseID = UInt32.max

    /// The chord that quits: Ctrl+Q in the demo, the configured chord in a kiosk.
    var quitChord = KeyChord("Ctrl+Q")!
    /// A kiosk ignores the window's close button (visitors must not get out).
    var ignoresWindowClose = false

    private var mousePressed = false
    /// Points per SDL window unit.
    var pointsPerUnit = 1.0
    /// The keyboard's modifier state (`SDL_GetModState`), replaceable in tests.
    var modifierState: () -> UInt32 = { UInt32(SDL_GetModState().rawValue) }

    enum Translated {
        /// An input and its SDL timestamp (`SDL_GetTicks` milliseconds).
        case input(InputEvent, timestamp: UInt32)
        case quit
        /// A quit a kiosk ignores (its close button) unless the display went away with it.
        case closeIgnored
        /// The renderer's targets were lost (SDL_RENDER_TARGETS_RESET / DEVICE_RESET): redraw everything.
        case renderReset
        /// A real mouse moved (not a finger): the kiosk shows the pointer again.
        case mouseActivity
        /// The window was uncovered or shown: its contents must be drawn again.
        case expose
    }

    /// `windowSize` in points, for turning normalised finger positions into points.
    mutating func translate(_ event: SDL_Event, windowSize: Size, into out: inout [Translated]) {
        let seconds = Double(event.common.timestamp) / 1000
        let timestamp = event.common.timestamp
        func input(_ made: InputEvent) { out.append(.input(made, timestamp: timestamp)) }
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            // A kiosk's quit is also how SDL's Wayland driver reports a dead compositor: the window
            // tells the two apart (`DisplayConnection`), so the kiosk's quit is passed on as closed.
            out.append(ignoresWindowClose ? .closeIgnored : .quit)
        case SDL_WINDOWEVENT:
            let w = event.window
            if w.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue) {
                input(.resize(Size(Double(w.data1), Double(w.data2))))
            } else if w.event == UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue)
                || w.event == UInt8(SDL_WINDOWEVENT_SHOWN.rawValue)
            {
                out.append(.expose)
            }
        case SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET:
            out.append(.renderReset)
        case SDL_MOUSEBUTTONDOWN:
            let b = event.button
            guard b.which != Self.touchMouseID, b.button == UInt8(SDL_BUTTON_LEFT) else { return }
            mousePressed = true
            input(.pointerDown(point(b.x, b.y), time: seconds))
        case SDL_MOUSEBUTTONUP:
            let b = event.button
            guard b.which != Self.touchMouseID, b.button == UInt8(SDL_BUTTON_LEFT), mousePressed else { return }
            mousePressed = false
            input(.pointerUp(point(b.x, b.y), time: seconds))
        case SDL_MOUSEMOTION:
            let m = event.motion
            guard m.which != Self.touchMouseID else { return }
            out.append(.mouseActivity)
            guard mousePressed else { return }
            input(.pointerMove(point(m.x, m.y), time: seconds))
        case SDL_MOUSEWHEEL:
            let w = event.wheel
            guard w.which != Self.touchMouseID else { return }
            let flip: Float = w.direction == UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue) ? -1 : 1
            // SDL 2.26 reports where the mouse was; the wheel scrolls what is under it.
            let at = point(w.mouseX, w.mouseY)
            if Self.modifiers(modifierState()).contains(.ctrl) {
                // Notches, as reported: the core decides what a notch zooms.
                let notches = Double(w.preciseY * flip)
                if notches != 0 { input(.zoomNotches(at: at, notches: notches)) }
                return
            }
            input(.wheel(at: at, dx: Double(-w.preciseX * flip), dy: Double(w.preciseY * flip)))
        case SDL_FINGERDOWN:
            let f = event.tfinger
            input(.fingerDown(Int(truncatingIfNeeded: f.fingerId), point(f, windowSize), time: seconds))
        case SDL_FINGERMOTION:
            let f = event.tfinger
            input(.fingerMove(Int(truncatingIfNeeded: f.fingerId), point(f, windowSize), time: seconds))
        case SDL_FINGERUP:
            let f = event.tfinger
            input(.fingerUp(Int(truncatingIfNeeded: f.fingerId), point(f, windowSize), time: seconds))
        case SDL_KEYDOWN:
            let k = event.key
            guard var key = SDLKeys.key(k.keysym.sym) else { return }
            let held = Self.modifiers(UInt32(k.keysym.mod))
            if quitChord.matches(key, modifiers: held) {
                out.append(.quit)
                return
            }
            // Shift+Tab moves the focus backwards (a key of its own to the engine).
            if key == .tab, held.contains(.shift) { key = .backTab }
            input(.key(key))
        default:
            break
        }
    }

    /// SDL's modifier bits (either side) as a chord's modifiers.
    static func modifiers(_ mod: UInt32) -> KeyChord.Modifiers {
        var held: KeyChord.Modifiers = []
        if mod & UInt32(KMOD_CTRL.rawValue) != 0 { held.insert(.ctrl) }
        if mod & UInt32(KMOD_ALT.rawValue) != 0 { held.insert(.alt) }
        if mod & UInt32(KMOD_SHIFT.rawValue) != 0 { held.insert(.shift) }
        if mod & UInt32(KMOD_GUI.rawValue) != 0 { held.insert(.gui) }
        return held
    }

    /// A position in window units, in points.
    private func point(_ x: Int32, _ y: Int32) -> Point { Point(Double(x) * pointsPerUnit, Double(y) * pointsPerUnit) }

    /// Finger positions are normalised to 0…1 of the window.
    private func point(_ f: SDL_TouchFingerEvent, _ size: Size) -> Point {
        Point(Double(f.x) * size.width, Double(f.y) * size.height)
    }
}
