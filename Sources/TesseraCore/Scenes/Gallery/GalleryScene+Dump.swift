/// The state dump (CONTRACT.md): the outer scroll `gallery` (it holds rows, not tiles: no items), then
/// one container per row, `featured` first, holding its cards; each card once in `tiles`, with its
/// scroll-transition scale; `position` is the Featured row's scroll position.
extension GalleryScene {
    public func dump() -> SceneDump {
        let windowRect = Rect(0, 0, window.width, window.height)
        var containers = [
            ContainerDump(
                id: Self.outerID, frame: outer.viewport, contentSize: outer.contentSize, offset: outer.offset, items: []
            )
        ]
        var tileDumps: [TileDump] = []
        for r in rows.indices {
            let row = rows[r].container
            let frame = viewport(of: r)
            containers.append(
                ContainerDump(
                    id: row.id, frame: frame, contentSize: row.contentSize, offset: row.offset, items: rows[r].ids))
            let clip = frame.intersection(outer.viewport).intersection(windowRect)
            for i in rows[r].tiles {
                let tile = tiles[i]
                let target = tile.frame.target.offsetBy(
                    dx: -row.offset.x - outer.offset.x, dy: -row.offset.y - outer.offset.y)
                tileDumps.append(
                    TileDump(
                        id: tile.id, container: tile.container, target: target, presented: tile.presented,
                        velocity: tile.velocity, moving: tile.isMoving, layer: tile.layer.rawValue,
                        visible: tile.presented.intersects(clip), scale: tile.scale, opacity: tile.opacity))
            }
        }
        return SceneDump(containers: containers, tiles: tileDumps, overlay: nil, position: position, selection: nil)
    }
}
