import TesseraGeometry

/// The gallery, said (docs/ACCESSIBILITY.md): the title as a heading; a scroll pane of sections, each its
/// label as a heading and its row as a list of cards named by their palettes ("Ember, 2 of 12"); the
/// Featured paddles as buttons.
extension GalleryScene {
    func semantics(_ context: SemanticsContext) -> [SemanticsNode] {
        var nodes = [
            SemanticsNode(
                id: SemanticsID(.text, "title"), role: .heading, name: config.gallery.title,
                frame: Chrome(config: config.chrome).titleRow(window: window))
        ]
        let clip = field.windowFrame(of: .gallery)
        var sections: [SemanticsNode] = []
        for r in rows.indices {
            let rowLayout = layout.rows[r]
            let label = windowFrame(rowLayout.label.offsetBy(dx: 0, dy: rowFrame(r).minY - rowLayout.frame.minY))
            if label.intersects(clip) {
                sections.append(
                    SemanticsNode(
                        id: SemanticsID(.text, "row/\(rows[r].id)"), role: .heading, name: rowLayout.title,
                        frame: label.intersection(clip)))
            }
            let rowClip = viewport(of: r).intersection(clip)
            guard !rowClip.isEmpty else { continue }
            sections.append(
                field.semanticsNode(of: rows[r].containerID, role: .list, name: rowLayout.title, clip: rowClip) {
                    tile, frame, index, count in
                    let name = palette(row: r, card: index)?.name ?? "Card \(index + 1)"
                    return SemanticsNode(
                        id: SemanticsID(.tile, tile.id), role: .listItem, name: name,
                        description: "\(index + 1) of \(count)", states: Self.itemStates, frame: frame,
                        actions: [.activate, .scrollTo, .focus])
                })
        }
        let paddles = paddleFrames()
        for (paddle, frame, name) in [
            (Self.backPaddle, paddles.back, "Previous"), (Self.forwardPaddle, paddles.forward, "Next"),
        ] {
            guard let frame, frame.intersects(clip) else { continue }
            sections.append(
                SemanticsNode(
                    id: paddle.semanticsID, role: .button, name: name, description: "Featured",
                    states: Self.itemStates, frame: frame, actions: [.activate, .focus]))
        }
        nodes.append(
            SemanticsNode(
                id: SemanticsID(.container, "gallery"), role: .scrollPane, name: "", frame: clip, children: sections))
        return nodes
    }

    func perform(_ action: SemanticsAction, on id: SemanticsID) -> Bool { performShared(action, on: id) }
}
