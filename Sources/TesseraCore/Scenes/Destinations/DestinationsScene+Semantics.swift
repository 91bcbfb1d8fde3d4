import TesseraGeometry
import TesseraPhotos

/// Destinations, said (docs/ACCESSIBILITY.md): the title as a heading and the places as a list ("Lofoten,
/// 1 of 8"); an open place is a modal dialog holding its image, its title as a heading, its details as a
/// paragraph a screen reader can read by line or word (AT-SPI's Text), and the Close button. The title and
/// paragraph frames are where they are drawn: the detail view scrolls. The list is
/// left out while the dialog covers it, as a modal sheet hides what is under it.
extension DestinationsScene {
    /// The detail view's Close button in the tree.
    static let closeControl = ControlID("destinations/close")

    func semantics(_ context: SemanticsContext) -> [SemanticsNode] {
        if let id = heroes.stage.presented?.id, let place = place(id) {
            return [detailNode(place)]
        }
        let chrome = Chrome(config: config.chrome)
        return [
            SemanticsNode(
                id: SemanticsID(.text, "title"), role: .heading, name: config.destinations.title,
                frame: chrome.titleRow(window: window)),
            field.semanticsNode(of: .list, role: .list, name: config.destinations.title) { tile, frame, index, count in
                SemanticsNode(
                    id: SemanticsID(.tile, tile.id), role: .listItem, name: place(tile.id)?.title ?? tile.id.rawValue,
                    description: "\(index + 1) of \(count)", states: Self.itemStates, frame: frame,
                    actions: [.activate, .open, .scrollTo, .focus])
            },
        ]
    }

    private func detailNode(_ place: Destination) -> SemanticsNode {
        let aspect = aspectRatio(of: place.id)
        let detail = config.destinations.detail
        let titleHeight = DestinationsLayout.lineHeight(detail.titleSize)
        let anchor = layout.titleAnchor(aspectRatio: aspect)
        let image = field.tile(place.id)?.presented ?? detailFrame(of: place.id)
        let shown: SemanticsStates = [.enabled, .visible, .showing]
        return SemanticsNode(
            id: SemanticsID(.overlay, place.id), role: .dialog, name: place.title,
            states: shown.union([.modal, .expanded]), frame: Rect(origin: .zero, size: window),
            actions: [.close],
            children: [
                SemanticsNode(id: SemanticsID(.tile, place.id), role: .image, name: place.title, frame: image),
                SemanticsNode(
                    id: SemanticsID(.text, "detail/title"), role: .heading, name: place.title,
                    frame: presented(Rect(0, anchor.y - titleHeight / 2, window.width, titleHeight))),
                // As presented: scrolled with the detail view, every wrapped line inside the frame.
                SemanticsNode(
                    id: SemanticsID(.text, "detail/details"), role: .paragraph, name: "",
                    frame: presentedDetailsFrame(of: place), text: place.details),
                SemanticsNode(
                    id: SemanticsID(control: Self.closeControl), role: .button, name: "Close",
                    states: shown.union(.focusable), frame: layout.closeButton, actions: [.activate]),
            ])
    }

    func perform(_ action: SemanticsAction, on id: SemanticsID) -> Bool {
        switch (action, id.kind) {
        case (.close, .overlay):
            return apply(.dismiss)
        case (.activate, .control) where id == SemanticsID(control: Self.closeControl):
            return apply(.dismiss)
        case (.open, .tile):
            return apply(.present(id.photoID))
        default:
            return performShared(action, on: id)
        }
    }
}
