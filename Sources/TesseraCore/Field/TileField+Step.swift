/// Motion: scrolls and springs advance by one fixed step.
extension TileField {
    /// Advances every container's scroll and the tiles that move by `dt` seconds. A tile is visited only
    /// while a spring runs, it flies, or its drawn frame still differs from the step before; a container
    /// whose offset or velocity changed visits all of its tiles (and its children's), since scrolling
    /// moves them without their springs. A flight whose spring rests lands: in its container's layer if
    /// it came home, in the overlay layer if it rests in window space.
    mutating func step(_ dt: Double) {
        for k in containers.indices {
            containers[k].previousOffset = containers[k].scroll.offset
            containers[k].scroll.scroll.step(dt)
        }
        var anyScrolled = false
        for k in containers.indices {
            let offset = offset(slot: k)
            let velocity = offsetVelocity(slot: k)
            let moved = containers[k].seen.update(offset: offset, velocity: velocity)
            containers[k].stepOffset = offset
            containers[k].stepVelocity = velocity
            containers[k].scrolledThisStep = moved
            anyScrolled = anyScrolled || moved
            if containers[k].indicator != nil {
                let scrolling = moved || containers[k].scroll.scroll.isMoving
                containers[k].indicator?.step(dt, scrolling: scrolling, config: indicatorConfig)
            }
        }
        var animating = 0
        var landed = false
        if anyScrolled {
            for i in tiles.indices {
                guard containers[tiles[i].slot].scrolledThisStep || active.contains(i) else { continue }
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
        if landed { above.removeAll { id in index[id].map { tiles[$0].layer == .container } ?? true } }
    }

    private mutating func visit(_ i: Int, _ dt: Double, _ animating: inout Int, _ landed: inout Bool) {
        tiles[i].previousPresented = tiles[i].presented
        tiles[i].frame.step(dt)
        tiles[i].fade.step(dt)
        let c = containers[tiles[i].slot]
        updatePresented(i, offset: c.stepOffset, velocity: c.stepVelocity)
        guard tiles[i].isSettled else {
            animating += 1
            return
        }
        guard tiles[i].layer == .flight else { return }
        tiles[i].layer = tiles[i].space == .container ? .container : .overlay
        landed = landed || tiles[i].layer == .container
    }
}
