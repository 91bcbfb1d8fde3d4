/// Motion: scrolls and springs advance by one fixed step.
extension TileField {
    /// Advances every container's scroll and the tiles that move by `dt` seconds. A tile is visited only
    /// while a spring runs, it flies, or its drawn frame still differs from the step before; a container
    /// whose offset or velocity changed visits all of its tiles (and its children's), since scrolling
    /// moves them without their springs. A flight whose spring rests lands: in its container's layer if
    /// it came home, in the overlay layer if it rests in window space.
    mutating func step(_ dt: Double) {
        for id in containerOrder {
            containers[id]!.previousOffset = containers[id]!.scroll.offset
            containers[id]!.scroll.scroll.step(dt)
        }
        var anyScrolled = false
        for (k, id) in containerOrder.enumerated() {
            stepOffsets[k] = offset(of: id)
            stepVelocities[k] = offsetVelocity(of: id)
            let moved = containers[id]!.seen.update(offset: stepOffsets[k], velocity: stepVelocities[k])
            scrolledThisStep[k] = moved
            anyScrolled = anyScrolled || moved
            if containers[id]!.indicator != nil {
                let scrolling = moved || containers[id]!.scroll.scroll.isMoving
                containers[id]!.indicator!.step(dt, scrolling: scrolling, config: indicatorConfig)
            }
        }
        var animating = 0
        var landed = false
        if anyScrolled {
            for i in tiles.indices {
                guard scrolledThisStep[tiles[i].slot] || active.contains(i) else { continue }
                visit(i, dt, &animating, &landed)
                active.insert(i)
            }
        } else {
            for i in active.indices { visit(i, dt, &animating, &landed) }
        }
        animatingTileCount = animating
        active.removeAll { i in
            let tile = tiles[i]
            return tile.isSettled && tile.layer != .flight && tile.previousPresented == tile.presented
        }
        if landed { above.removeAll { tiles[index[$0]!].layer == .container } }
    }

    private mutating func visit(_ i: Int, _ dt: Double, _ animating: inout Int, _ landed: inout Bool) {
        tiles[i].previousPresented = tiles[i].presented
        tiles[i].frame.step(dt)
        tiles[i].fade.step(dt)
        let slot = tiles[i].slot
        updatePresented(i, offset: stepOffsets[slot], velocity: stepVelocities[slot])
        guard tiles[i].isSettled else {
            animating += 1
            return
        }
        guard tiles[i].layer == .flight else { return }
        tiles[i].layer = tiles[i].space == .container ? .container : .overlay
        landed = landed || tiles[i].layer == .container
    }
}
