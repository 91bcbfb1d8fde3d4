import CSDL2
import TesseraGeometry
import XCTest

@testable import TesseraCore
@testable import TesseraSDL

final class SDLEventTranslatorTests: XCTestCase {
    private let window = Size(1000, 500)

    private func translate(_ events: [SDL_Event]) -> [InputEvent] {
        var translator = SDLEventTranslator()
        var out: [SDLEventTranslator.Translated] = []
        for e in events { translator.translate(e, windowSize: window, into: &out) }
        return out.compactMap {
            if case .input(let input, _) = $0 { return input }
            return nil
        }
    }

    private func mouseButton(_ type: SDL_EventType, x: Int32, y: Int32, which: UInt32 = 0, ms: UInt32 = 0) -> SDL_Event
    {
        var e = SDL_Event()
        e.type = type.rawValue
        e.button.timestamp = ms
        e.button.which = which
        e.button.button = UInt8(SDL_BUTTON_LEFT)
        e.button.x = x
        e.button.y = y
        return e
    }

    private func finger(_ type: SDL_EventType, x: Float, y: Float, id: SDL_FingerID = 7, ms: UInt32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = type.rawValue
        e.tfinger.timestamp = ms
        e.tfinger.fingerId = id
        e.tfinger.x = x
        e.tfinger.y = y
        return e
    }

    /// A window quits on SDL's quit; a kiosk passes it on as a close it ignores — unless the window finds
    /// the display gone with it (`DisplayConnection`: SDL's Wayland driver reports a dead compositor so).
    func testAQuitEndsAWindowAndIsPassedOnAsAnIgnoredCloseInAKiosk() {
        var quit = SDL_Event()
        quit.type = SDL_QUIT.rawValue
        for kiosk in [false, true] {
            var translator = SDLEventTranslator()
            translator.ignoresWindowClose = kiosk
            var out: [SDLEventTranslator.Translated] = []
            translator.translate(quit, windowSize: window, into: &out)
            XCTAssertEqual(out.count, 1)
            switch out.first {
            case .quit?: XCTAssertFalse(kiosk)
            case .closeIgnored?: XCTAssertTrue(kiosk)
            default: XCTFail("\(String(describing: out.first))")
            }
        }
    }

    func testMouseClickBecomesPointerEvents() {
        let events = translate([
            mouseButton(SDL_MOUSEBUTTONDOWN, x: 10, y: 20, ms: 1000),
            mouseButton(SDL_MOUSEBUTTONUP, x: 11, y: 20, ms: 1050),
        ])
        XCTAssertEqual(events, [.pointerDown(Point(10, 20), time: 1.0), .pointerUp(Point(11, 20), time: 1.05)])
    }

    /// SDL synthesises mouse events from touches (`which == SDL_TOUCH_MOUSEID`); only the finger events
    /// count, so one tap on a touch screen is one tap.
    func testTouchIsNotHandledTwice() {
        let touchMouse = SDLEventTranslator.touchMouseID
        let events = translate([
            finger(SDL_FINGERDOWN, x: 0.5, y: 0.5),
            mouseButton(SDL_MOUSEBUTTONDOWN, x: 500, y: 250, which: touchMouse),
            finger(SDL_FINGERUP, x: 0.5, y: 0.5),
            mouseButton(SDL_MOUSEBUTTONUP, x: 500, y: 250, which: touchMouse),
        ])
        XCTAssertEqual(
            events, [.fingerDown(7, Point(500, 250), time: 0), .fingerUp(7, Point(500, 250), time: 0)])
        var recognizer = GestureRecognizer(slop: 8)
        var gestures: [Gesture] = []
        for e in events { recognizer.handle(e, into: &gestures) }
        XCTAssertEqual(gestures, [.press(Point(500, 250)), .tap(Point(500, 250))], "one press, one tap")
    }

    /// Every finger reaches the recognizer by its id (not only the first), and two
    /// of them pinch.
    func testEveryFingerReachesTheRecognizer() {
        let events = translate([
            finger(SDL_FINGERDOWN, x: 0.125, y: 0.125, id: 1), finger(SDL_FINGERDOWN, x: 0.875, y: 0.875, id: 2),
            finger(SDL_FINGERMOTION, x: 0.75, y: 0.75, id: 2), finger(SDL_FINGERUP, x: 0.875, y: 0.875, id: 2),
            finger(SDL_FINGERUP, x: 0.25, y: 0.125, id: 1),
        ])
        XCTAssertEqual(
            events,
            [
                .fingerDown(1, Point(125, 62.5), time: 0), .fingerDown(2, Point(875, 437.5), time: 0),
                .fingerMove(2, Point(750, 375), time: 0), .fingerUp(2, Point(875, 437.5), time: 0),
                .fingerUp(1, Point(250, 62.5), time: 0),
            ])
        var recognizer = GestureRecognizer(slop: 8)
        var gestures: [Gesture] = []
        for e in events { recognizer.handle(e, into: &gestures) }
        XCTAssertEqual(gestures.first, .press(Point(125, 62.5)))
        XCTAssertTrue(gestures.contains { if case .pinchBegan = $0 { return true } else { return false } })
        XCTAssertTrue(gestures.contains { if case .pinchEnded = $0 { return true } else { return false } })
        XCTAssertFalse(gestures.contains { if case .tap = $0 { return true } else { return false } }, "no tap")
    }

    /// Ctrl+wheel zooms about the pointer (a trackpad's pinch arrives this way); a plain wheel scrolls.
    func testCtrlWheelMagnifies() {
        var wheel = SDL_Event()
        wheel.type = SDL_MOUSEWHEEL.rawValue
        wheel.wheel.preciseY = 2
        wheel.wheel.mouseX = 40
        wheel.wheel.mouseY = 60
        var translator = SDLEventTranslator()
        translator.modifierState = { UInt32(KMOD_LCTRL.rawValue) }
        var out: [SDLEventTranslator.Translated] = []
        translator.translate(wheel, windowSize: window, into: &out)
        guard case .input(.zoomNotches(let at, let notches), _) = out.first else { return XCTFail("\(out)") }
        XCTAssertEqual(at, Point(40, 60))
        XCTAssertEqual(notches, 2, "notches as reported: the core's setting turns them into a factor")
    }

    func testMotionCountsOnlyWhilePressed() {
        var move = SDL_Event()
        move.type = SDL_MOUSEMOTION.rawValue
        move.motion.x = 5
        move.motion.y = 6
        XCTAssertEqual(translate([move]), [])
        XCTAssertEqual(
            translate([mouseButton(SDL_MOUSEBUTTONDOWN, x: 0, y: 0), move]),
            [.pointerDown(Point(0, 0), time: 0), .pointerMove(Point(5, 6), time: 0)])
    }

    func testWheelAndResizeAndKeys() {
        var wheel = SDL_Event()
        wheel.type = SDL_MOUSEWHEEL.rawValue
        wheel.wheel.preciseY = -2
        wheel.wheel.mouseX = 40
        wheel.wheel.mouseY = 60
        var resize = SDL_Event()
        resize.type = SDL_WINDOWEVENT.rawValue
        resize.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
        resize.window.data1 = 800
        resize.window.data2 = 600
        var key = SDL_Event()
        key.type = SDL_KEYDOWN.rawValue
        key.key.keysym.sym = SDL_Keycode(SDLK_RIGHT.rawValue)
        XCTAssertEqual(
            translate([wheel, resize, key]),
            [.wheel(at: Point(40, 60), dx: 0, dy: -2), .resize(Size(800, 600)), .key(.right)])
    }

    /// SDL's wheel: x > 0 is to the right, towards a row's end; Tessera's dx > 0 is towards its start.
    /// `SDL_MOUSEWHEEL_FLIPPED` ("natural" scrolling) reports both axes inverted.
    func testTheWheelMeansWhatSDLDocuments() {
        func wheel(x: Float, y: Float, flipped: Bool = false) -> SDL_Event {
            var e = SDL_Event()
            e.type = SDL_MOUSEWHEEL.rawValue
            e.wheel.preciseX = x
            e.wheel.preciseY = y
            e.wheel.direction = flipped ? SDL_MOUSEWHEEL_FLIPPED.rawValue : SDL_MOUSEWHEEL_NORMAL.rawValue
            return e
        }
        XCTAssertEqual(translate([wheel(x: 1, y: 0)]), [.wheel(at: Point(0, 0), dx: -1, dy: 0)], "right: to the end")
        XCTAssertEqual(translate([wheel(x: -0.5, y: 1)]), [.wheel(at: Point(0, 0), dx: 0.5, dy: 1)])
        XCTAssertEqual(translate([wheel(x: 1, y: 1, flipped: true)]), [.wheel(at: Point(0, 0), dx: 1, dy: -1)])
    }

    /// Positions arrive in SDL's window units (pixels on an X11 display at scale 2) and leave in points;
    /// each input keeps its SDL timestamp for the latency profile.
    func testPositionsInPointsAndTimestampsKept() {
        var translator = SDLEventTranslator()
        translator.pointsPerUnit = 0.5
        var out: [SDLEventTranslator.Translated] = []
        translator.translate(mouseButton(SDL_MOUSEBUTTONDOWN, x: 300, y: 200, ms: 1234), windowSize: window, into: &out)
        guard case .input(let input, let timestamp) = out.first else { return XCTFail("\(out)") }
        XCTAssertEqual(input, .pointerDown(Point(150, 100), time: 1.234))
        XCTAssertEqual(timestamp, 1234)
    }

    func testShiftTabMovesTheFocusBack() {
        var tab = SDL_Event()
        tab.type = SDL_KEYDOWN.rawValue
        tab.key.keysym.sym = SDL_Keycode(SDLK_TAB.rawValue)
        var translator = SDLEventTranslator()
        translator.modifierState = { 0 }
        var out: [SDLEventTranslator.Translated] = []
        translator.translate(tab, windowSize: window, into: &out)
        tab.key.keysym.mod = UInt16(KMOD_LSHIFT.rawValue)
        translator.translate(tab, windowSize: window, into: &out)
        let keys = out.compactMap { item -> Key? in
            if case .input(.key(let key), _) = item { return key }
            return nil
        }
        XCTAssertEqual(keys, [.tab, .backTab])
    }

    /// Every key the engine knows arrives from SDL under its own name; keys it does not know never reach
    /// the engine.
    func testEveryEngineKeyTranslatesFromSDL() {
        for known in Key.all {
            var press = SDL_Event()
            press.type = SDL_KEYDOWN.rawValue
            press.key.keysym.sym = SDL_GetKeyFromName(known.name)
            XCTAssertNotEqual(press.key.keysym.sym, SDL_Keycode(SDLK_UNKNOWN.rawValue), known.name)
            XCTAssertEqual(translate([press]), [.key(known)], known.name)
        }
        var unknown = SDL_Event()
        unknown.type = SDL_KEYDOWN.rawValue
        unknown.key.keysym.sym = SDL_Keycode(SDLK_F11.rawValue)
        XCTAssertEqual(translate([unknown]), [])
    }
}
