import TesseraPhotos

/// Tiles joining and leaving a container after it was built (a photo added to or removed from a live
/// folder). A tile inserted appears where the next `place` puts it; the others animate to their new
/// slots on their own springs (matched geometry). A tile removed is gone at once: nothing draws,
/// hit-tests or dumps it again.
extension TileField {
    /// Adds a tile at `position` of `container`'s items (the end when nil or past it).
    func insertTile(_ id: PhotoID, into container: ContainerID, at position: Int?) {
        addTile(id, to: container)
        guard let position, let i = index[id] else { return }
        let k = tiles[i].slot
        let at = max(0, min(position, containers[k].items.count - 1))
        containers[k].items.removeLast()
        containers[k].items.insert(id, at: at)
        containers[k].members.removeLast()
        containers[k].members.insert(i, at: at)
        renumber(slot: k)
    }

    /// Removes tile `id` from its container, the flight layer and the moving set; false if there is none.
    @discardableResult
    func removeTile(_ id: PhotoID) -> Bool {
        guard let i = index[id] else { return false }
        let k = tiles[i].slot
        containers[k].items.remove(at: positions[i])
        containers[k].members.remove(at: positions[i])
        aboveTiles.removeAll { $0 == i }
        tiles.remove(at: i)
        positions.remove(at: i)
        index[id] = nil
        for j in i..<tiles.count { index[tiles[j].id] = j }
        // Tiles past `i` moved down by one.
        func shifted(_ j: Int) -> Int { j > i ? j - 1 : j }
        for c in containers.indices { containers[c].members = containers[c].members.map(shifted) }
        aboveTiles = aboveTiles.map(shifted)
        renumber(slot: k)
        let moving = active.indices
        active = ActiveTileSet()
        active.reserve(tiles.count)
        for member in moving where member != i { active.insert(shifted(member)) }
        return true
    }
}
