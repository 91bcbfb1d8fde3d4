/// A container's scroll offset and velocity as its tiles last saw them. Scrolling moves every tile of
/// a container without touching their springs, so a scene revisits a container's tiles only in steps
/// where this snapshot changes — and a resting container costs its tiles nothing.
struct ScrollSnapshot {
    private var offset = Point.zero
    private var velocity = Point.zero

    /// Records `container`'s current offset and velocity; true when either differs from the last record.
    mutating func update(_ container: ScrollContainer) -> Bool {
        let changed = container.offset != offset || container.offsetVelocity != velocity
        offset = container.offset
        velocity = container.offsetVelocity
        return changed
    }
}
