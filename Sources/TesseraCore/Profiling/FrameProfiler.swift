/// Times the phases of every frame with an injected counter (`TickSource`) and keeps one
/// `FrameRecord` per frame in a fixed ring (`FrameHistory`). The hosts' loops drive it:
///
///     profiler.beginFrame()
///     profiler.measure(.input) { … }
///     profiler.measure(.layout) { … }; profiler.measure(.simulate) { … }   // per fixed step
///     profiler.measure(.render) { … }; profiler.measure(.present) { … }
///     profiler.endFrame(animatingTiles: n)
///
/// A phase may run several times in one frame (several fixed steps): its durations add up, and its
/// offset is that of its first run. Steps are counted as the runs of `simulate`. Phases do not nest.
/// Work the user asked for that is not part of a frame (a script's screenshot or dump) can be left
/// out with `excluding`. Recording costs two counter reads per phase and allocates nothing.
package final class FrameProfiler {
    let clock: TickSource
    private(set) var history: FrameHistory
    /// The window's inputs and the frames that answered them.
    package private(set) var inputs: InputLatencies
    /// Streams records to a Chrome trace before the ring overwrites them; nil when not tracing.
    let trace: TraceWriter?

    /// Counter value when the first frame began: records' `start` counts from here.
    private(set) var origin: UInt64?
    private(set) var isFrameOpen = false
    private var frameStart: UInt64 = 0
    private var current = FrameRecord()
    private var openPhase: FramePhase?
    private var phaseStart: UInt64 = 0
    /// Ticks left out (by `excluding`) since the frame began, and as they were when the open phase began.
    private var excluded: UInt64 = 0
    private var excludedAtPhaseStart: UInt64 = 0

    /// - Parameters:
    ///   - clock: the counter to read.
    ///   - capacity: frames kept for statistics and the HUD (the ring's length).
    ///   - trace: where every frame goes before the ring forgets it, if anywhere.
    init(clock: TickSource, capacity: Int, trace: TraceWriter? = nil) {
        self.clock = clock
        history = FrameHistory(capacity: capacity)
        inputs = InputLatencies(capacity: capacity)
        self.trace = trace
    }

    package var ticksPerSecond: UInt64 { clock.ticksPerSecond }

    /// Milliseconds in `ticks` of this profiler's counter.
    func milliseconds(_ ticks: UInt32) -> Double { Double(ticks) * 1000 / Double(ticksPerSecond) }

    /// Starts a frame; does nothing if one is open.
    package func beginFrame() {
        guard !isFrameOpen else { return }
        let now = clock.now()
        if origin == nil { origin = now }
        frameStart = now
        current = FrameRecord()
        current.start = now - origin!
        current.offsets[FramePhase.frame.rawValue] = 0
        excluded = 0
        isFrameOpen = true
    }

    /// Starts timing `phase` (opening a frame first if none is open).
    func begin(_ phase: FramePhase) {
        precondition(openPhase == nil, "phases do not nest: \(phase.name) began inside \(openPhase!.name)")
        beginFrame()
        let now = clock.now()
        openPhase = phase
        phaseStart = now
        excludedAtPhaseStart = excluded
        if !current.ran(phase) { current.offsets[phase.rawValue] = FrameRecord.clamp(now - frameStart) }
        if phase == .simulate { current.steps += 1 }
    }

    /// Stops timing `phase`, adding its time (less anything excluded) to this frame's total for it.
    func end(_ phase: FramePhase) {
        precondition(openPhase == phase, "\(phase.name) ended but \(openPhase?.name ?? "no phase") is open")
        let elapsed = clock.now() - phaseStart - (excluded - excludedAtPhaseStart)
        let total = UInt64(current.durations[phase.rawValue]) + elapsed
        current.durations[phase.rawValue] = FrameRecord.clamp(total)
        openPhase = nil
    }

    /// Runs `body` as `phase`.
    package func measure<Result>(_ phase: FramePhase, _ body: () throws -> Result) rethrows -> Result {
        begin(phase)
        defer { end(phase) }
        return try body()
    }

    /// Runs `body` without counting its time in the open phase or the frame.
    func excluding<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard isFrameOpen else { return try body() }
        let start = clock.now()
        defer { excluded += clock.now() - start }
        return try body()
    }

    /// An input from the window happened `age` seconds ago (its timestamp): the next frame that ends
    /// answers it.
    func noteInput(age: Double, kind: String) {
        let ago = UInt64(max(0, age) * Double(ticksPerSecond))
        let now = clock.now()
        inputs.note(at: now > ago ? now - ago : 0, kind: kind)
    }

    /// Ends the open frame and records it; `animatingTiles` is the scene's count after its last step.
    /// A frame that presented answers the inputs waiting for one.
    package func endFrame(animatingTiles: Int, presented: Bool = true) {
        guard isFrameOpen else { return }
        precondition(openPhase == nil, "the frame ended inside \(openPhase!.name)")
        let end = clock.now()
        if presented {
            inputs.frameEnded(
                history.totalCount, at: end, keeping: trace.map { inputs.totalCount - $0.writtenInputs } ?? 0)
        }
        current.durations[FramePhase.frame.rawValue] = FrameRecord.clamp(end - frameStart - excluded)
        current.animatingTiles = UInt32(clamping: animatingTiles)
        isFrameOpen = false
        if let trace, history.totalCount - trace.writtenCount >= history.capacity {
            trace.write(history, inputs: inputs, origin: origin ?? 0, ticksPerSecond: ticksPerSecond)
        }
        history.append(current)
    }

    /// Drops the open frame unrecorded (the window closed half-way through it).
    func discardFrame() {
        isFrameOpen = false
        openPhase = nil
    }

    /// Hands every recorded frame not yet written to the trace, and ends the trace file.
    package func finishTrace() throws {
        guard let trace else { return }
        trace.write(history, inputs: inputs, origin: origin ?? 0, ticksPerSecond: ticksPerSecond)
        try trace.finish()
    }
}
