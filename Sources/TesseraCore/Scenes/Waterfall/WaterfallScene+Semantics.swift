import TesseraGeometry

/// The waterfall, said (docs/ACCESSIBILITY.md): the title as a heading and the photos as a list of images
/// ("Aurora over a mountain, 2 of 24"); the fullscreen photo is a modal dialog whose actions page, zoom
/// and close, as VoiceOver's actions on a photo in Photos do.
extension WaterfallScene {
    func semantics(_ context: SemanticsContext) -> [SemanticsNode] {
        if let id = heroes.stage.presented?.id {
            let frame = field.tile(id)?.presented ?? Rect(origin: .zero, size: window)
            let place = field.position(of: id).map { "photo \($0.index + 1) of \($0.count)" }
            let zoom = viewer.isZoomed ? "zoomed \(Int((viewer.scale.target * 100).rounded())) %" : nil
            return [
                SemanticsNode(
                    id: SemanticsID(.overlay, id), role: .dialog, name: context.name(id),
                    description: [place, zoom].compactMap { $0 }.joined(separator: ", "),
                    states: [.enabled, .visible, .showing, .modal, .expanded], frame: Rect(origin: .zero, size: window),
                    actions: [.close, .next, .previous, .zoomIn, .zoomOut],
                    children: [
                        SemanticsNode(id: SemanticsID(.tile, id), role: .image, name: context.name(id), frame: frame)
                    ])
            ]
        }
        return [
            SemanticsNode(
                id: SemanticsID(.text, "title"), role: .heading, name: config.waterfall.title,
                frame: Chrome(config: config.chrome).titleRow(window: window)),
            field.semanticsNode(of: .waterfall, role: .list, name: config.waterfall.title) {
                tile, frame, index, count in
                SemanticsNode(
                    id: SemanticsID(.tile, tile.id), role: .image, name: context.name(tile.id),
                    description: "\(index + 1) of \(count)", states: Self.itemStates, frame: frame,
                    actions: [.activate, .open, .scrollTo, .focus])
            },
        ]
    }

    /// The viewer's actions run the keys and gestures that do the same: Left and Right page, a desktop
    /// zoom by 2 about the centre zooms, Escape closes.
    func perform(_ action: SemanticsAction, on id: SemanticsID) -> Bool {
        let viewing = heroes.stage.presented != nil
        let center = Point(window.width / 2, window.height / 2)
        switch action {
        case .open where id.kind == .tile: return apply(.present(id.photoID))
        case .close where viewing: return apply(.dismiss)
        case .next where viewing: handle(.key(.right))
        case .previous where viewing: handle(.key(.left))
        case .zoomIn where viewing: handle(.magnify(at: center, scale: 2))
        case .zoomOut where viewing: handle(.magnify(at: center, scale: 0.5))
        default: return viewing ? false : performShared(action, on: id)
        }
        return true
    }
}
