import Foundation

/// Streams frames to a Chrome Trace Event file (the JSON object format that Perfetto and
/// chrome://tracing open): per frame one complete event (`"ph": "X"`, microsecond `ts` and `dur`)
/// for the frame and one for each phase that ran, and a counter event (`"ph": "C"`) for the number
/// of animating tiles whenever it changes.
///
/// Each phase has its own lane (a `tid` named after it), so a phase that ran in several fixed steps
/// of one frame — shown as one event from its first start, lasting its summed time — never overlaps
/// another. Input from the window is a lane of instant events, each with a flow arrow (`"ph": "s"` and
/// `"f"`, bound to the enclosing slices) to the frame that answered it. `ts` counts from the first
/// frame's start.
///
/// The profiler hands over records in batches (when its ring is about to forget them, and at the
/// end), so writing happens between frames, never inside one. Write errors are kept and thrown by
/// `finish`.
///
/// The file is written as every output is (`OutputFile.Stream`): to a fresh temporary beside it, renamed
/// over it by `finish`, so a run killed mid-way leaves the previous trace whole (and a run that ends
/// leaves a valid new one); a device or FIFO is written through as the run goes.
package final class TraceWriter {
    /// Frames written so far (frame numbers `0..<writtenCount`).
    private(set) var writtenCount = 0
    /// Inputs written so far.
    private(set) var writtenInputs = 0
    private let stream: OutputFile.Stream
    private var text = ""
    private var needsComma = false
    private var lastAnimatingTiles: UInt32?
    private var failure: Error?

    /// The lanes, top to bottom; then the input lane.
    static let lanes: [FramePhase] = [.frame] + FramePhase.parts
    static let inputLane = lanes.count + 1

    /// Starts the file that will replace `path`, making missing folders, and writes the header.
    package init(path: String) throws {
        try OutputFile.makeFolders(of: path)
        stream = try OutputFile.Stream(path)
        text = #"{"displayTimeUnit": "ms", "traceEvents": ["#
        event(#"{"name": "process_name", "ph": "M", "pid": 1, "args": {"name": "tessera"}}"#)
        for (index, phase) in Self.lanes.enumerated() {
            event(
                #"{"name": "thread_name", "ph": "M", "pid": 1, "tid": \#(index + 1), "args": {"name": "\#(phase.name)"}}"#
            )
            event(
                #"{"name": "thread_sort_index", "ph": "M", "pid": 1, "tid": \#(index + 1), "args": {"sort_index": \#(index)}}"#
            )
        }
        event(
            #"{"name": "thread_name", "ph": "M", "pid": 1, "tid": \#(Self.inputLane), "args": {"name": "input events"}}"#
        )
        event(
            #"{"name": "thread_sort_index", "ph": "M", "pid": 1, "tid": \#(Self.inputLane), "args": {"sort_index": -1}}"#
        )
        flush()
    }

    /// Writes every frame of `history` not written yet. Frames the ring has already overwritten are
    /// skipped (the profiler hands them over before that happens).
    func write(
        _ history: FrameHistory, inputs: InputLatencies = InputLatencies(capacity: 1), origin: UInt64 = 0,
        ticksPerSecond: UInt64
    ) {
        let first = max(writtenCount, history.firstHeld)
        for number in first..<max(first, history.totalCount) {
            append(history[number], number: number, ticksPerSecond: ticksPerSecond)
        }
        writtenCount = history.totalCount
        // Inputs whose frame is written: an instant on the input lane, and a flow to the frame's end.
        var number = max(writtenInputs, inputs.firstHeld)
        while number < inputs.totalCount, inputs[number].frame < writtenCount {
            let input = inputs[number]
            let at = Self.microseconds(input.at > origin ? input.at - origin : 0, ticksPerSecond)
            // A microsecond before the frame's end, so the arrow lands inside the frame's slice.
            let end = input.at + input.latency
            let microsecond = max(1, ticksPerSecond / 1_000_000)
            let answered = Self.microseconds(
                end > origin + microsecond ? end - origin - microsecond : 0, ticksPerSecond)
            let latency = Self.microseconds(input.latency, ticksPerSecond)
            event(
                #"{"name": "\#(input.kind)", "cat": "input", "ph": "i", "s": "t", "pid": 1, "tid": \#(Self.inputLane), "ts": \#(at), "args": {"input": \#(number), "frame": \#(input.frame), "latencyUs": \#(latency)}}"#
            )
            event(
                #"{"name": "input → frame", "cat": "input", "ph": "s", "id": \#(number), "pid": 1, "tid": \#(Self.inputLane), "ts": \#(at)}"#
            )
            event(
                #"{"name": "input → frame", "cat": "input", "ph": "f", "bp": "e", "id": \#(number), "pid": 1, "tid": 1, "ts": \#(answered)}"#
            )
            number += 1
        }
        writtenInputs = number
        flush()
    }

    /// Closes the JSON and the file; throws the first write error, if any.
    func finish() throws {
        text += "\n]}\n"
        flush()
        if let failure {
            stream.discard()
            throw failure
        }
        try stream.commit()
    }

    private func append(_ record: FrameRecord, number: Int, ticksPerSecond: UInt64) {
        for (index, phase) in Self.lanes.enumerated() where record.ran(phase) {
            let start = record.start + UInt64(record.offsets[phase.rawValue])
            let ts = Self.microseconds(start, ticksPerSecond)
            let dur = Self.microseconds(UInt64(record.duration(phase)), ticksPerSecond)
            let args =
                phase == .frame ? #"{"frame": \#(number), "steps": \#(record.steps)}"# : #"{"frame": \#(number)}"#
            event(
                #"{"name": "\#(phase.name)", "cat": "frame", "ph": "X", "pid": 1, "tid": \#(index + 1), "ts": \#(ts), "dur": \#(dur), "args": \#(args)}"#
            )
        }
        if record.animatingTiles != lastAnimatingTiles {
            lastAnimatingTiles = record.animatingTiles
            let ts = Self.microseconds(record.start, ticksPerSecond)
            event(
                #"{"name": "animating tiles", "ph": "C", "pid": 1, "ts": \#(ts), "args": {"tiles": \#(record.animatingTiles)}}"#
            )
        }
    }

    private func event(_ json: String) {
        text += needsComma ? ",\n" : "\n"
        text += json
        needsComma = true
    }

    private func flush() {
        guard failure == nil else {
            text = ""
            return
        }
        do {
            try stream.write(Data(text.utf8))
        } catch {
            failure = error
        }
        text = ""
    }

    /// `ticks` as microseconds with three decimals (nanosecond resolution), e.g. `1234.567`.
    static func microseconds(_ ticks: UInt64, _ ticksPerSecond: UInt64) -> String {
        let nanoseconds: UInt64
        if ticksPerSecond == 1_000_000_000 {
            nanoseconds = ticks
        } else {
            nanoseconds = UInt64((Double(ticks) * 1e9 / Double(ticksPerSecond)).rounded())
        }
        let fraction = nanoseconds % 1000
        let padding = fraction < 10 ? "00" : fraction < 100 ? "0" : ""
        return "\(nanoseconds / 1000).\(padding)\(fraction)"
    }
}
