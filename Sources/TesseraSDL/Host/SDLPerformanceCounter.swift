import CSDL2
import TesseraCore

/// SDL's clocks, read here and nowhere else in the backend: `SDL_GetPerformanceCounter`, the
/// highest-resolution monotonic counter SDL offers (`clock_gettime(CLOCK_MONOTONIC)` on Linux, 10⁹ ticks
/// per second) — the profiler's clock — and `SDL_GetTicks`, the milliseconds SDL stamps its events with.
/// Needs no SDL subsystem. What moves on screen moves on the simulation's clock, never on these.
package final class SDLPerformanceCounter: TickSource, Sendable {
    package let ticksPerSecond: UInt64

    package init() { ticksPerSecond = SDL_GetPerformanceFrequency() }

    package func now() -> UInt64 { SDL_GetPerformanceCounter() }

    /// Seconds on the counter now.
    var seconds: Double { Double(now()) / Double(ticksPerSecond) }

    /// Milliseconds since SDL started, the time base of its events' `timestamp`s.
    static var eventMilliseconds: UInt32 { SDL_GetTicks() }
}
