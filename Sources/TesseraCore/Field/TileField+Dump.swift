import TesseraGeometry

/// The field's part of the state dump (docs/REFERENCE.md, "State dump"): containers with their items, and every
/// tile once. Reading only: a dump never lays out or scrolls.
extension TileField {
    /// `container` as the dump shows it: its input frame in window points (the picker's dock panel, a
    /// row's frame), its items, and its indicator's opacity as drawn (0 while there is nothing to scroll).
    /// Nil for a container the field does not have.
    func dump(container id: ContainerID) -> ContainerDump? { slot(of: id).map(dump(slot:)) }

    private func dump(slot k: Int) -> ContainerDump {
        let c = containers[k]
        let frame =
            c.parent.map { parent in
                let o = offset(slot: parent)
                return (c.hitFrame ?? c.scroll.viewport).offsetBy(dx: -o.x, dy: -o.y)
            } ?? (c.hitFrame ?? c.scroll.viewport)
        return ContainerDump(
            id: c.id.description, frame: frame, contentSize: c.scroll.contentSize, offset: c.scroll.offset,
            items: order.items[k], indicator: c.indicator.map { indicatorFrame(slot: k) == nil ? 0 : $0.opacity })
    }

    /// Every container, parents first.
    func dumpContainers() -> [ContainerDump] { containers.indices.map(dump(slot:)) }

    /// Every tile, in the order they were added. `target` is where its spring heads, in window points;
    /// `visible` is any part of it inside the window and (at home) its container's clip.
    func dumpTiles(window: Size) -> [TileDump] {
        let windowRect = Rect(0, 0, window.width, window.height)
        return tiles.indices.map { i in
            let tile = resolved(i)
            let visible =
                tile.presented.intersects(windowRect)
                && (tile.layer != .container || tile.presented.intersects(windowClip(slot: tile.slot)))
            var target = tile.frame.target
            if tile.space == .container {
                let o = offset(slot: tile.slot)
                target = target.offsetBy(dx: -o.x, dy: -o.y)
            }
            return TileDump(
                id: tile.id, container: tile.container.description, target: target, presented: tile.presented,
                velocity: tile.velocity, moving: tile.isMoving, layer: tile.layer.rawValue, visible: visible,
                scale: tile.scale, opacity: tile.opacity)
        }
    }
}
