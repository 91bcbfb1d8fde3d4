import TesseraGeometry
import TesseraPhotos

/// Scrolling a tile into view: ScrollViewReader's `scrollTo(id)` with no anchor (Apple's
/// `ScrollViewProxy.scrollTo(_:anchor:)`: the least scroll that shows it whole), in every container the
/// tile is inside, innermost first — a gallery card is brought into its row and the row into the page.
/// The keyboard focus keeps the focused tile in view with it, and a scripted tap by id on a tile out of
/// view scrolls it in first (docs/REFERENCE.md, "Scripts"). It reads and writes only the containers' scrolls.
extension TileField {
    /// Scrolls the containers holding tile `id` so its laid-out frame shows whole, on `animation`, or
    /// at once when nil (then what every tile presents follows now, before the next step). A tile away in
    /// an overlay has its slot brought into view, so that its flight home lands in sight. Does nothing
    /// when it is already in view.
    func scrollIntoView(_ id: PhotoID, animation: SpringParameters?) {
        guard let i = index[id] else { return }
        var chain: [Int] = []
        var next: Int? = tiles[i].slot
        while let k = next {
            chain.append(k)
            next = containers[k].parent
        }
        // The tile's frame as if every container were at offset 0; inner offsets move it within outer ones.
        var frame = tiles[i].home
        for k in chain {
            let viewport = containers[k].scroll.viewport
            let content = frame.offsetBy(dx: -viewport.x, dy: -viewport.y)
            containers[k].scroll.reveal(content, animated: animation)
            if animation == nil {
                let target = containers[k].scroll.offset
                frame = frame.offsetBy(dx: -target.x, dy: -target.y)
            } else {
                let target = containers[k].scroll.scroll.targetOffset
                frame =
                    containers[k].scroll.axis == .horizontal
                    ? frame.offsetBy(dx: -target, dy: 0) : frame.offsetBy(dx: 0, dy: -target)
            }
        }
        guard animation == nil else { return }
        // At once: the containers' offsets as a step would leave them, so resting tiles present from
        // them (`TileField.resolved`); moving ones store their frames again.
        for k in chain { containers[k].previousOffset = containers[k].scroll.offset }
        for k in containers.indices where chain.contains(k) || isInside(k, chain) {
            let o = offset(slot: k)
            containers[k].stepOffset = o
            containers[k].previousStepOffset = o
            containers[k].stepVelocity = offsetVelocity(slot: k)
        }
        for t in active.indices where chain.contains(tiles[t].slot) || isInside(tiles[t].slot, chain) {
            updatePresented(t)
            tiles[t].previousPresented = tiles[t].presented
        }
    }

    /// True when container `k` lies inside one of `chain`.
    private func isInside(_ k: Int, _ chain: [Int]) -> Bool {
        var next = containers[k].parent
        while let p = next {
            if chain.contains(p) { return true }
            next = containers[p].parent
        }
        return false
    }
}
