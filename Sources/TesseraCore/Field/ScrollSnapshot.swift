/// A container's scroll offset and velocity as its tiles last saw them. Scrolling moves every tile of
/// a container without touching their springs, so a scene revisits a container's tiles only in steps
/// where this snapshot changes — and a resting container costs its tiles nothing.
struct ScrollSnapshot: Sendable {
    private var offset = Point.zero
    private var velocity = Point.zero

    /// Records `container`'s current offset and velocity; true when either differs from the last record.
    mutating func update(offset newOffset: Point, velocity newVelocity: Point) -> Bool {
        let changed = newOffset != offset || newVelocity != velocity
        offset = newOffset
        velocity = newVelocity
        return changed
    }
}
