/// Input latency, as a touch interface is judged: for every input event from the window (its SDL
/// timestamp), the time until the end of the present of the first frame drawn after it — the frame that
/// shows its effect. Kept for the summary (`inputLatencyMs`), the trace (an instant per input and a flow
/// to its frame) and the HUD (the last one). Headless runs have no window input and report none.
///
/// Times are the profiler's counter ticks. The last `capacity` inputs are held, and up to a quarter more:
/// older ones are dropped (after the trace has written them) a quarter of `capacity` at a time, since
/// each drop moves every input held. Dropped one by one, a kiosk past 65,536 inputs (a day of touches)
/// moved 2.6 MB in every frame that answered one.
package struct InputLatencies: Sendable {
    struct Input: Sendable, Equatable {
        /// Counter ticks when the input happened (its timestamp, converted to the profiler's counter).
        var at: UInt64
        /// Ticks from then to the end of the present of the frame that answered it.
        var latency: UInt64
        /// That frame's number.
        var frame: Int
        /// What the input was (`pointerDown`, `wheel`, …), for the trace.
        var kind: String
    }

    let capacity: Int
    /// Inputs waiting for their frame.
    private var pending: [(at: UInt64, kind: String)] = []
    /// Answered inputs, oldest first; `first` is the number of the oldest one held.
    private(set) var held: [Input] = []
    private(set) var firstHeld = 0
    /// Inputs answered in the whole run.
    var totalCount: Int { firstHeld + held.count }
    /// The most recent latency, ticks.
    private(set) var last: UInt64?

    init(capacity: Int) { self.capacity = max(1, capacity) }

    mutating func note(at ticks: UInt64, kind: String) { pending.append((ticks, kind)) }

    /// Frame `frame` ended its present at `end`: every input waiting was answered by it.
    mutating func frameEnded(_ frame: Int, at end: UInt64, keeping unwritten: Int) {
        guard !pending.isEmpty else { return }
        for input in pending {
            let latency = end > input.at ? end - input.at : 0
            held.append(Input(at: input.at, latency: latency, frame: frame, kind: input.kind))
            last = latency
        }
        pending.removeAll(keepingCapacity: true)
        // Drop the oldest beyond capacity once a quarter of it has piled up, but none a trace has yet to
        // write.
        guard held.count - capacity >= Self.slack(capacity) else { return }
        let excess = min(held.count - capacity, held.count - unwritten)
        if excess > 0 {
            held.removeFirst(excess)
            firstHeld += excess
        }
    }

    /// Inputs held past `capacity` before the oldest are dropped.
    private static func slack(_ capacity: Int) -> Int { max(1, capacity / 4) }

    /// Input number `n` (`firstHeld..<totalCount`).
    subscript(n: Int) -> Input { held[n - firstHeld] }
}

extension InputEvent {
    /// The event's name in a trace.
    var kind: String {
        switch self {
        case .pointerDown: "pointerDown"
        case .pointerMove: "pointerMove"
        case .pointerUp: "pointerUp"
        case .fingerDown: "fingerDown"
        case .fingerMove: "fingerMove"
        case .fingerUp: "fingerUp"
        case .magnify, .zoomNotches: "magnify"
        case .wheel: "wheel"
        case .key: "key"
        case .resize: "resize"
        }
    }
}
