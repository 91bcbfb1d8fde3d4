@testable import TesseraCore

/// A counter that moves only when a test says so: 10⁶ ticks per second, so one tick is a microsecond.
final class ManualClock: TickSource {
    let ticksPerSecond: UInt64 = 1_000_000
    var ticks: UInt64 = 5_000

    func now() -> UInt64 { ticks }

    func advance(microseconds: UInt64) { ticks += microseconds }
}

/// A counter that moves `stride` ticks every time it is read, so every timed stretch is non-zero.
final class SteppingClock: TickSource {
    let ticksPerSecond: UInt64 = 1_000_000_000
    let stride: UInt64
    private var ticks: UInt64 = 0

    init(stride: UInt64 = 1_000) { self.stride = stride }

    func now() -> UInt64 {
        ticks += stride
        return ticks
    }
}

extension FrameProfiler {
    /// Times `phase` as exactly `microseconds` on a `ManualClock`.
    func spend(_ phase: FramePhase, _ microseconds: UInt64, on clock: ManualClock) {
        measure(phase) { clock.advance(microseconds: microseconds) }
    }
}
