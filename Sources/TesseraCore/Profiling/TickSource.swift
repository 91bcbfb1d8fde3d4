/// A monotonic high-resolution counter: `SDL_GetPerformanceCounter` in the SDL hosts, a hand-driven
/// one in tests. TesseraCore never reads a clock itself (no wall clock inside the simulation:
/// docs/BEHAVIOUR.md#fixed-step-and-interpolation), so the profiler is handed one.
package protocol TickSource: AnyObject {
    /// Counter ticks per second (`SDL_GetPerformanceFrequency`; 10⁹ on Linux).
    var ticksPerSecond: UInt64 { get }
    /// The counter now, in ticks.
    func now() -> UInt64
}
