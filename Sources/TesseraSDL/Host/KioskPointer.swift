import CSDL2
import TesseraCore

/// A kiosk's pointer: hidden from the start (it is a touch screen), shown while a real mouse moves,
/// hidden again after `cursorHideSeconds` without movement.
struct KioskPointer {
    private let hideAfter: Double
    private let clock = SDLPerformanceCounter()
    private var lastMoved = 0.0
    private var shown: Bool

    init(config: KioskConfig) {
        hideAfter = config.cursorHideSeconds
        _ = SDL_ShowCursor(SDL_DISABLE)
        shown = false
    }

    /// A mouse (not a finger) moved.
    mutating func mouseMoved() {
        lastMoved = clock.seconds
        guard !shown else { return }
        _ = SDL_ShowCursor(SDL_ENABLE)
        shown = true
    }

    /// Hides the pointer once it has been still long enough.
    mutating func hideIfIdle() {
        guard shown, stillSeconds >= hideAfter else { return }
        _ = SDL_ShowCursor(SDL_DISABLE)
        shown = false
    }

    /// Seconds until the pointer hides, nil when it is hidden.
    var secondsUntilHidden: Double? { shown ? max(0, hideAfter - stillSeconds) : nil }

    private var stillSeconds: Double { clock.seconds - lastMoved }
}
