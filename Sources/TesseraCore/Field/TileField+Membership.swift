/// Tiles joining and leaving a container after it was built (a photo added to or removed from a live
/// folder). A tile inserted appears where the next `place` puts it; the others animate to their new
/// slots on their own springs (matched geometry). A tile removed is gone at once: nothing draws,
/// hit-tests or dumps it again.
extension TileField {
    /// Adds a tile at `position` of `container`'s items (the end when nil or past it).
    mutating func insertTile(_ id: String, into container: ContainerID, at position: Int?) {
        addTile(id, to: container)
        guard let position, let k = index[id].map({ tiles[$0].slot }) else { return }
        var items = containers[k].items
        items.removeLast()
        items.insert(id, at: max(0, min(position, items.count)))
        containers[k].items = items
    }

    /// Removes tile `id` from its container, the flight layer and the moving set; false if there is none.
    @discardableResult
    mutating func removeTile(_ id: String) -> Bool {
        guard let i = index[id] else { return false }
        containers[tiles[i].slot].items.removeAll { $0 == id }
        above.removeAll { $0 == id }
        tiles.remove(at: i)
        index[id] = nil
        for j in i..<tiles.count { index[tiles[j].id] = j }
        // Members past `i` moved down by one.
        let moving = active.indices
        active = ActiveTileSet()
        active.reserve(tiles.count)
        for member in moving where member != i { active.insert(member > i ? member - 1 : member) }
        return true
    }
}
