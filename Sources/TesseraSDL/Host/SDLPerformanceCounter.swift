import CSDL2
import TesseraCore

/// The profiler's clock: `SDL_GetPerformanceCounter`, the highest-resolution monotonic counter SDL
/// offers (`clock_gettime(CLOCK_MONOTONIC)` on Linux, 10⁹ ticks per second). Needs no SDL subsystem.
package final class SDLPerformanceCounter: TickSource {
    package let ticksPerSecond: UInt64

    package init() { ticksPerSecond = SDL_GetPerformanceFrequency() }

    package func now() -> UInt64 { SDL_GetPerformanceCounter() }
}
