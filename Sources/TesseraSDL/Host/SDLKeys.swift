import CSDL2
import TesseraCore

/// SDL key codes → the keys the engine knows, by a `switch` over `SDL_Keycode` as Dear ImGui's SDL
/// backend maps them (`ImGui_ImplSDL2_KeycodeToImGuiKey`): no names are built or compared per event.
/// Letters and digits are their ASCII codes in SDL (`SDLK_a` is `'a'`), the rest SDL's own constants.
enum SDLKeys {
    static func key(_ code: SDL_Keycode) -> Key? {
        switch code {
        case SDL_Keycode(SDLK_RETURN.rawValue): .return
        case SDL_Keycode(SDLK_KP_ENTER.rawValue): .keypadEnter
        case SDL_Keycode(SDLK_ESCAPE.rawValue): .escape
        case SDL_Keycode(SDLK_LEFT.rawValue): .left
        case SDL_Keycode(SDLK_RIGHT.rawValue): .right
        case SDL_Keycode(SDLK_UP.rawValue): .up
        case SDL_Keycode(SDLK_DOWN.rawValue): .down
        case SDL_Keycode(SDLK_PAGEUP.rawValue): .pageUp
        case SDL_Keycode(SDLK_PAGEDOWN.rawValue): .pageDown
        case SDL_Keycode(SDLK_HOME.rawValue): .home
        case SDL_Keycode(SDLK_END.rawValue): .end
        case SDL_Keycode(SDLK_SPACE.rawValue): .space
        case SDL_Keycode(SDLK_TAB.rawValue): .tab
        case SDL_Keycode(SDLK_F3.rawValue): .f3
        case SDL_Keycode(SDLK_F4.rawValue): .f4
        case SDL_Keycode(SDLK_0.rawValue)...SDL_Keycode(SDLK_9.rawValue):
            digits[Int(code - SDL_Keycode(SDLK_0.rawValue))]
        case SDL_Keycode(SDLK_a.rawValue)...SDL_Keycode(SDLK_z.rawValue):
            letters[Int(code - SDL_Keycode(SDLK_a.rawValue))]
        default: nil
        }
    }

    private static let digits: [Key] = [
        .digit0, .digit1, .digit2, .digit3, .digit4, .digit5, .digit6, .digit7, .digit8, .digit9,
    ]
    private static let letters: [Key] = [
        .a, .b, .c, .d, .e, .f, .g, .h, .i, .j, .k, .l, .m, .n, .o, .p, .q, .r, .s, .t, .u, .v, .w, .x, .y, .z,
    ]
}
