import TesseraGeometry
import TesseraPhotos

/// A container's part of the semantics tree (docs/ACCESSIBILITY.md): the tiles that show now, found as
/// the draw pass finds them, so the tree's cost follows the screen and not the library.
extension TileField {
    /// Tile `id`'s place in its container's model order and how many that container holds (a screen
    /// reader's "3 of 24"), without walking the container.
    func position(of id: PhotoID) -> (index: Int, count: Int)? {
        guard let i = index[id] else { return nil }
        return (order.positions[i], order.members[tiles[i].slot].count)
    }

    /// The tiles of `container` that show now, with their presented frames, in model order: those
    /// resting inside its clip and those flying to or from it above the containers (they still belong to
    /// it in the model). `clip` narrows what counts as showing (an overlay's backdrop covers the rest).
    func showingTiles(of container: ContainerID, clip: Rect? = nil) -> [(tile: MatchedTile, frame: Rect)] {
        var shown: [(position: Int, tile: MatchedTile, frame: Rect)] = []
        drawTiles(in: container, alpha: 1, clip: clip) { tile, frame, _ in
            if let i = index[tile.id] { shown.append((order.positions[i], tile, frame)) }
        }
        for i in aboveTiles where tiles[i].container == container {
            shown.append((order.positions[i], tiles[i], tiles[i].presented))
        }
        return shown.sorted { $0.position < $1.position }.map { ($0.tile, $0.frame) }
    }

    /// Container `id` as a node of `role`, its showing tiles as children made by `item` (the tile, its
    /// frame, its place and its container's count).
    func semanticsNode(
        of id: ContainerID, role: SemanticsRole, name: String,
        states: SemanticsStates = [.enabled, .visible, .showing],
        clip: Rect? = nil, item: (MatchedTile, Rect, _ index: Int, _ count: Int) -> SemanticsNode
    ) -> SemanticsNode {
        let children = showingTiles(of: id, clip: clip).map { tile, frame in
            let place = position(of: tile.id) ?? (0, 0)
            return item(tile, frame, place.index, place.count)
        }
        return SemanticsNode(
            id: SemanticsID(.container, id.name), role: role, name: name, states: states,
            frame: windowClip(of: id), children: children)
    }
}

extension FocusableScene {
    /// The states every focusable tile or control shares (focus itself is marked from the focus model).
    static var itemStates: SemanticsStates { [.enabled, .visible, .showing, .focusable] }

    /// The actions the scenes share: focus, and scrolling a tile into view. True when taken.
    func performShared(_ action: SemanticsAction, on id: SemanticsID) -> Bool {
        switch action {
        case .focus:
            guard let target = FocusTarget(id), focusFrame(of: target) != nil else { return false }
            focus.focused = target
            revealFocus(target)
            return true
        case .scrollTo:
            guard id.kind == .tile, field.tile(id.photoID) != nil else { return false }
            revealFocus(.tile(id.photoID))
            return true
        case .activate:
            guard let target = FocusTarget(id), focusFrame(of: target) != nil else { return false }
            activate(target)
            return true
        default:
            return false
        }
    }
}
