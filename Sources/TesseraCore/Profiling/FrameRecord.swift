/// What the profiler keeps of one frame: when it began, how long each phase took, and what it did.
///
/// Durations and start offsets are counter ticks relative to the frame's start, as `UInt32` (with a
/// 10⁹ Hz counter: up to 4.29 s, saturating beyond), so a record is 80 bytes and a ring of them is
/// one flat allocation.
struct FrameRecord: Sendable, Equatable {
    /// Ticks since the profiler's first frame began.
    var start: UInt64 = 0
    /// Ticks spent in each phase, indexed by `FramePhase.rawValue` (`frame`: the whole frame).
    var durations = SIMD8<UInt32>(repeating: 0)
    /// Ticks from the frame's start to each phase's first occurrence; `FrameRecord.absent` when the
    /// phase did not run in this frame (a step without a render, with `--render-every`).
    var offsets = SIMD8<UInt32>(repeating: FrameRecord.absent)
    /// Fixed simulation steps run in this frame.
    var steps: UInt32 = 0
    /// Tiles whose springs ran in the frame's last step.
    var animatingTiles: UInt32 = 0

    static let absent = UInt32.max

    init() {}

    func duration(_ phase: FramePhase) -> UInt32 { durations[phase.rawValue] }

    /// True when `phase` ran in this frame.
    func ran(_ phase: FramePhase) -> Bool { offsets[phase.rawValue] != FrameRecord.absent }

    /// `ticks` as a record field: saturated to what a `UInt32` holds.
    static func clamp(_ ticks: UInt64) -> UInt32 { UInt32(min(ticks, UInt64(UInt32.max - 1))) }
}
