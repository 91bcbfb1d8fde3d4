import CSDL2

/// SDL's own event queue, as the run loop's waits see it.
enum SDLEventQueue {
    /// An event SDL has queued, its poll sentinel aside (which only marks where a pump ended): a wait
    /// must not block over it.
    static var hasEvents: Bool {
        let sentinel = SDL_POLLSENTINEL.rawValue
        return SDL_HasEvents(SDL_FIRSTEVENT.rawValue, sentinel - 1) == SDL_TRUE
            || SDL_HasEvents(sentinel + 1, SDL_LASTEVENT.rawValue) == SDL_TRUE
    }
}
