import CSDL2
import TesseraCore

/// The profiler's clock: `SDL_GetPerformanceCounter`, the highest-resolution monotonic counter SDL
/// offers (`clock_gettime(CLOCK_MONOTONIC)` on Linux, 10⁹ ticks per second). Needs no SDL subsystem.
public final class SDLPerformanceCounter: TickSource {
    public let ticksPerSecond: UInt64

    public init() { ticksPerSecond = SDL_GetPerformanceFrequency() }

    public func now() -> UInt64 { SDL_GetPerformanceCounter() }
}
