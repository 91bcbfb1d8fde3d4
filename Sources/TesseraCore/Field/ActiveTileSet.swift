/// The tiles a scene's step must visit, as indices into its tile array (docs/BEHAVIOUR.md#settled-tiles-cost-nothing: "settled springs cost
/// nothing"). Insertion and membership are O(1); iteration touches only the members, so a scene of
/// 10,000 resting tiles steps in constant time.
///
/// Storage grows to the highest index once and is reused, so a warm scene allocates nothing per step.
struct ActiveTileSet: Sendable {
    /// The members, in the order they joined.
    private(set) var indices: [Int] = []
    private var isMember: [Bool] = []

    /// Room for `count` members, grown by doubling (a field adding tiles one by one reserves each time).
    mutating func reserve(_ count: Int) {
        guard count > isMember.capacity else { return }
        let capacity = max(count, 2 * isMember.capacity)
        indices.reserveCapacity(capacity)
        isMember.reserveCapacity(capacity)
    }

    var isEmpty: Bool { indices.isEmpty }
    var count: Int { indices.count }

    func contains(_ index: Int) -> Bool { index < isMember.count && isMember[index] }

    mutating func insert(_ index: Int) {
        if index >= isMember.count {
            isMember.append(contentsOf: repeatElement(false, count: index + 1 - isMember.count))
        }
        guard !isMember[index] else { return }
        isMember[index] = true
        indices.append(index)
    }

    /// Drops the members for which `shouldRemove` is true, keeping the others' order.
    mutating func removeAll(where shouldRemove: (Int) -> Bool) {
        var kept = 0
        for position in indices.indices {
            let index = indices[position]
            if shouldRemove(index) {
                isMember[index] = false
            } else {
                indices[kept] = index
                kept += 1
            }
        }
        indices.removeLast(indices.count - kept)
    }

    func allSatisfy(_ predicate: (Int) -> Bool) -> Bool { indices.allSatisfy(predicate) }
}
