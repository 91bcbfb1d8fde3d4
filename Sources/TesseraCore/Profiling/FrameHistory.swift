/// The last `capacity` frames' records, in a ring allocated once: recording a frame writes one slot
/// and never allocates, however long the run.
struct FrameHistory: Sendable {
    let capacity: Int
    private var slots: [FrameRecord]
    /// Frames recorded since the start, including those the ring has since overwritten.
    private(set) var totalCount = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        slots = Array(repeating: FrameRecord(), count: self.capacity)
    }

    /// Frames held now: the last `count` of `totalCount`.
    var count: Int { min(totalCount, capacity) }

    /// Number (0-based, since the start) of the oldest frame still held.
    var firstHeld: Int { totalCount - count }

    mutating func append(_ record: FrameRecord) {
        slots[totalCount % capacity] = record
        totalCount += 1
    }

    /// The record of frame `number` (since the start); it must still be held
    /// (`firstHeld..<totalCount`).
    subscript(number: Int) -> FrameRecord {
        precondition(number >= firstHeld && number < totalCount, "frame \(number) is not held")
        return slots[number % capacity]
    }

    /// The `back`-th most recent record (0 = the newest); `back < count`.
    func recent(_ back: Int) -> FrameRecord { self[totalCount - 1 - back] }
}
