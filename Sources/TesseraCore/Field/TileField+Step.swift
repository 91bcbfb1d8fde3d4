import TesseraGeometry

/// Motion: scrolls and springs advance by one fixed step.
extension TileField {
    /// Advances every container's scroll and the tiles that move by `dt` seconds. Only the moving set is
    /// visited: tiles whose springs run, that fly, or whose stored frames are not yet the ones they rest
    /// with. A resting tile costs nothing, even in a container that scrolls: what it presents follows
    /// from its spring and the offsets this step leaves (`resolved(_:)`). A flight whose spring rests
    /// lands: in its container's layer if it came home, in the overlay layer if it rests in window space.
    func step(_ dt: Double) {
        updateRanges()
        for k in containers.indices { containers[k].stepScroll(dt) }
        for k in containers.indices {
            containers[k].recordStep(
                offset: offset(slot: k), velocity: offsetVelocity(slot: k), dt: dt, indicator: indicatorConfig)
        }
        var animating = 0
        var landed = false
        for i in active.indices { visit(i, dt, &animating, &landed) }
        animatingTileCount = animating
        // Taken out while it is filtered: the test reads the field (not the set).
        var moving = ActiveTileSet()
        swap(&moving, &active)
        moving.removeAll { i in tiles[i].isSettled && tiles[i].layer != .flight && storesItsRestingFrames(i) }
        active = moving
        if landed { aboveTiles.removeAll { tiles[$0].layer == .container } }
    }

    private func visit(_ i: Int, _ dt: Double, _ animating: inout Int, _ landed: inout Bool) {
        tiles[i].previousPresented = tiles[i].presented
        tiles[i].frame.step(dt)
        tiles[i].fade.step(dt)
        let k = tiles[i].slot
        updatePresented(i, offset: containers[k].stepOffset, velocity: containers[k].stepVelocity)
        guard tiles[i].isSettled else {
            animating += 1
            return
        }
        guard tiles[i].layer == .flight else { return }
        tiles[i].layer = tiles[i].space == .container ? .container : .overlay
        landed = landed || tiles[i].layer == .container
    }

    /// Rebuilds the visible range of every container whose tiles were laid out, moved, joined or left
    /// since the last step: each tile where it rests along the axis (its target in the container's
    /// space; a tile away in window space counts at its home).
    func updateRanges() {
        for k in containers.indices where !containers[k].rangeIsCurrent {
            let vertical = containers[k].scroll.axis == .vertical
            // Reads the two fields it needs in place: copying each 824-byte tile out was most of a
            // 100,000-photo step after a resize.
            let spans = order.members[k].map { i in
                VisibleRange.span(
                    of: tiles[i].space == .container ? tiles[i].frame.target : tiles[i].home, vertical: vertical)
            }
            containers[k].range = VisibleRange(spans: spans)
            containers[k].rangeIsCurrent = true
        }
    }
}

extension TileField.Container {
    /// Moves the scroll on by `dt`, keeping the offset it had for interpolated drawing.
    fileprivate func stepScroll(_ dt: Double) {
        previousOffset = scroll.offset
        scroll.scroll.step(dt)
    }

    /// Keeps what this step left of the container's offset and velocity (with every enclosing one's) and
    /// moves its indicator on.
    fileprivate func recordStep(
        offset: Point, velocity: Point, dt: Double, indicator config: ScrollIndicatorConfig
    ) {
        let moved = offset != stepOffset || velocity != stepVelocity
        previousStepOffset = stepOffset
        stepOffset = offset
        stepVelocity = velocity
        indicator?.step(dt, scrolling: moved || scroll.scroll.isMoving, config: config)
    }
}
