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
        order.takeOut(tile: i, from: k)
        order.insert(id, tile: i, into: k, at: position)
    }

    /// Removes tile `id` from its container, the flight layer and the moving set; false if there is none.
    @discardableResult
    func removeTile(_ id: PhotoID) -> Bool {
        guard let i = index[id] else { return false }
        let k = tiles[i].slot
        order.takeOut(tile: i, from: k)
        order.forget(tile: i)
        containers[k].rangeIsCurrent = false
        aboveTiles.removeAll { $0 == i }
        tiles.remove(at: i)
        index[id] = nil
        for j in i..<tiles.count { index[tiles[j].id] = j }
        // Tiles past `i` moved down by one.
        func shifted(_ j: Int) -> Int { j > i ? j - 1 : j }
        aboveTiles = aboveTiles.map(shifted)
        let moving = active.indices
        active = ActiveTileSet()
        active.reserve(tiles.count)
        for member in moving where member != i { active.insert(shifted(member)) }
        return true
    }
}
