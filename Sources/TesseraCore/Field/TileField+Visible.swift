import TesseraGeometry

/// What a stretch of a container shows: its resting tiles found through its visible range, its moving
/// ones from the moving set, together in model order. The draw pass, the hit test and the prefetch all
/// ask this, so they cost what is seen and what moves, however many tiles the container holds.
extension TileField {
    /// Calls `body` with every container-layer tile of container `k` (its place in `tiles`) that may
    /// show inside `window` (window points) at the offsets of the last step or the step before, in
    /// model order, until `body` returns false. It may offer a few that do not show (callers test the
    /// frame), never leaves one out.
    func forEachTile(inSlot k: Int, near window: Rect, _ body: (Int) -> Bool) {
        var moving: [Int] = []
        for i in active.indices where tiles[i].slot == k && tiles[i].layer == .container {
            moving.append(order.positions[i])
        }
        moving.sort()
        var next = 0
        var stopped = false
        /// Offers the moving tiles before position `p`; false once `body` stopped.
        func offerMoving(before p: Int) -> Bool {
            while next < moving.count, moving[next] < p {
                if !body(order.members[k][moving[next]]) {
                    stopped = true
                    return false
                }
                next += 1
            }
            return true
        }
        func offerResting(_ p: Int) -> Bool {
            guard offerMoving(before: p) else { return false }
            let i = order.members[k][p]
            guard !active.contains(i), tiles[i].layer == .container else { return true }
            if !body(i) {
                stopped = true
                return false
            }
            return true
        }
        // Laid out since the last step (a request played between steps, then drawn): the range is
        // rebuilt now, once, rather than every tile looked at by every pass until the next step.
        if !containers[k].rangeIsCurrent { updateRanges() }
        let vertical = containers[k].scroll.axis == .vertical
        let (now, before) =
            vertical
            ? (containers[k].stepOffset.y, containers[k].previousStepOffset.y)
            : (containers[k].stepOffset.x, containers[k].previousStepOffset.x)
        let (start, length) = vertical ? (window.y, window.height) : (window.x, window.width)
        // A point of slack either way covers rounding between window and unscrolled points.
        let low = start + min(now, before) - 1
        let high = start + max(0, length) + max(now, before) + 1
        containers[k].range.forEachPosition(meeting: low, high, offerResting)
        if !stopped { _ = offerMoving(before: .max) }
    }
}
