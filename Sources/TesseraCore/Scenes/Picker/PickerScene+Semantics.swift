import TesseraGeometry
import TesseraPhotos

/// The picker, said (docs/ACCESSIBILITY.md): its title as a heading, the grid and the dock as lists of
/// selectable photos ("Lavender field, image, 3 of 24"; in the dock, "in the dock, 1 of 2, selected"),
/// the Done button, and "No photos yet" when there is nothing.
extension PickerScene {
    func semantics(_ context: SemanticsContext) -> [SemanticsNode] {
        var nodes: [SemanticsNode] = []
        let gridClip = field.windowClip(of: .grid)
        let title = titleFrame()
        if title.intersects(gridClip) {
            nodes.append(
                SemanticsNode(
                    id: SemanticsID(.text, "title"), role: .heading, name: picker.title,
                    frame: title.intersection(gridClip)))
        }
        if grid.isEmpty && dock.isEmpty {
            nodes.append(
                SemanticsNode(
                    id: SemanticsID(.text, "empty"), role: .label, name: EmptyState.text, frame: layout.gridViewport))
        }
        let listStates: SemanticsStates = [.enabled, .visible, .showing, .multiselectable]
        nodes.append(
            field.semanticsNode(of: .grid, role: .list, name: "Photos", states: listStates) {
                tile, frame, index, count in
                photoNode(tile.id, frame: frame, inDock: false, index: index, count: count, context: context)
            })
        nodes.append(
            field.semanticsNode(of: .dock, role: .list, name: "Selection", states: listStates) {
                tile, frame, index, count in
                photoNode(tile.id, frame: frame, inDock: true, index: index, count: count, context: context)
            })
        if let button = doneButtonFrame() {
            var states: SemanticsStates = Self.itemStates
            if dock.isEmpty { states.remove(.enabled) }
            nodes.append(
                SemanticsNode(
                    id: Self.doneButton.semanticsID, role: .button, name: "Done",
                    description: dock.isEmpty ? "nothing selected" : "confirm \(dock.count) selected",
                    states: states, frame: button, actions: [.activate, .focus]))
        }
        return nodes
    }

    private func photoNode(
        _ id: PhotoID, frame: Rect, inDock: Bool, index: Int, count: Int, context: SemanticsContext
    ) -> SemanticsNode {
        var states = Self.itemStates.union(.selectable)
        if inDock { states.insert(.selected) }
        return SemanticsNode(
            id: SemanticsID(.tile, id), role: .image, name: context.name(id),
            description: inDock ? "in the dock, \(index + 1) of \(count)" : "\(index + 1) of \(count)",
            states: states, frame: frame,
            actions: [.activate, inDock ? .deselect : .select, .scrollTo, .focus])
    }

    func perform(_ action: SemanticsAction, on id: SemanticsID) -> Bool {
        switch (action, id.kind) {
        case (.select, .tile): apply(.select(id.photoID))
        case (.deselect, .tile): apply(.deselect(id.photoID))
        default: performShared(action, on: id)
        }
    }
}
