import TesseraPhotos

/// The field's model (docs/ARCHITECTURE.md, "The tile field"): which tiles each container holds, and in
/// what order. Only membership writes it — a tile added, handed to another container, inserted or
/// removed — and layout reads it; it holds no frame, and motion (springs, scrolls, the moving set) never
/// touches it. Containers are named by their slot in the field's `containers`, tiles by their place in
/// its `tiles`.
struct TileOrder {
    /// Per container: its tiles' ids in order, and the same tiles as places in the field's `tiles`.
    private(set) var items: [[PhotoID]] = []
    private(set) var members: [[Int]] = []
    /// Each tile's place in its container's `members`.
    private(set) var positions: [Int] = []

    /// Makes room for a new, empty container (the next slot).
    mutating func addContainer() {
        items.append([])
        members.append([])
    }

    /// Makes room for `count` more tiles in container `k` without growing the arrays step by step.
    mutating func reserve(_ count: Int, in k: Int) {
        positions.reserveCapacity(positions.count + count)
        items[k].reserveCapacity(items[k].count + count)
        members[k].reserveCapacity(members[k].count + count)
    }

    /// Appends tile `i` (the next place in `tiles`), `id`, at the end of container `k`.
    mutating func append(_ id: PhotoID, tile i: Int, to k: Int) {
        precondition(i == positions.count, "TileOrder: tiles are appended in order")
        positions.append(members[k].count)
        members[k].append(i)
        items[k].append(id)
    }

    /// Puts tile `i`, `id`, at `position` of container `k` (clamped to its end).
    mutating func insert(_ id: PhotoID, tile i: Int, into k: Int, at position: Int) {
        let at = max(0, min(position, items[k].count))
        items[k].insert(id, at: at)
        members[k].insert(i, at: at)
        renumber(k)
    }

    /// Takes tile `i` out of container `k`, leaving its place in `tiles` as it is.
    mutating func takeOut(tile i: Int, from k: Int) {
        items[k].remove(at: positions[i])
        members[k].remove(at: positions[i])
        renumber(k)
    }

    /// Forgets tile `i`, already taken out of its container: every later tile's place moves down by one.
    mutating func forget(tile i: Int) {
        positions.remove(at: i)
        for k in members.indices {
            for p in members[k].indices where members[k][p] > i { members[k][p] -= 1 }
        }
    }

    /// Tile places in container `k`'s members, after its members changed.
    private mutating func renumber(_ k: Int) {
        for (p, i) in members[k].enumerated() { positions[i] = p }
    }
}
