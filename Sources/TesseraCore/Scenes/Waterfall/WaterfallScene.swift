extension SceneID {
    package static let waterfall = SceneID("waterfall")
}

extension SceneDescription {
    static let waterfall = SceneDescription(id: .waterfall, title: "Waterfall") { context in
        WaterfallScene(photos: context.photos.photos, config: context.config, window: context.window)
    }
}

/// The waterfall (docs/BEHAVIOUR.md#waterfall): photos in masonry columns at their own aspect ratios. A tap flies a
/// photo on `.spring()` to a fullscreen overlay, aspect-fit to the window, over a blurred and lightened
/// copy of the scene (`.thinMaterial`) that fades in with the flight; its slot stays empty while it is
/// away. A tap anywhere (the overlay covers the window) or Escape flies it back to its slot.
///
/// Layers: a photo at home is `container` (inside the waterfall's clip); flying either way it is
/// `flight`; at rest fullscreen it is `overlay`. Tapping a photo that is still flying home turns it
/// round; tapping another photo while one flies home presents the new one and the old one lands on its
/// own.
package final class WaterfallScene: Scene {
    package let id = SceneID.waterfall
    /// The dump's `overlay.kind`.
    static let overlayKind = "fullscreen"

    private let config: Config
    private var window: Size
    /// Read while `heroes` is being stepped (for the overlay frame), so not kept in it.
    private var aspectRatios: TileAspectRatios
    package private(set) var field = TileField()
    private var heroes: HeroOverlay
    private var layout: WaterfallLayout
    private var needsLayout = false

    /// - Parameter photos: the photos in model order; a photo without a known size is laid out at
    ///   `waterfall.fallbackAspectRatio`.
    package init(photos: [Photo], config: Config, window: Size) {
        self.config = config
        self.window = window
        let settings = config.waterfall
        aspectRatios = TileAspectRatios(
            ids: photos.map(\.id), aspectRatios: photos.map(\.aspectRatio), fallback: settings.fallbackAspectRatio)
        heroes = HeroOverlay(
            spring: config.spring(named: settings.animation) ?? .spring,
            slotStyle: HeroTransition.Style(cornerRadius: settings.cornerRadius, shadow: 0),
            overlayStyle: HeroTransition.Style(cornerRadius: settings.fullscreenCornerRadius, shadow: 0),
            fadesWhilePresented: false)
        layout = WaterfallLayout(
            aspectRatios: aspectRatios.inModelOrder, config: settings,
            top: Chrome(config: config.chrome).contentTop(window: window),
            window: window)
        field.addContainer(.waterfall, axis: .vertical, physics: config.scroll)
        for photo in photos { field.addTile(photo.id, to: .waterfall) }
        layOut(animated: false)
    }

    /// The fullscreen frame of photo `id`: aspect-fit to the whole window (`.scaledToFit()` in a
    /// `GeometryReader` the size of the screen).
    func fullscreenFrame(of id: String) -> Rect {
        let aspect = aspectRatios[id]
        return Rect(0, 0, window.width, window.height).aspectFit(aspect)
    }

    // MARK: Layout

    package func resize(to window: Size) {
        self.window = window
        needsLayout = true
    }

    package func layOutIfNeeded() {
        if needsLayout { layOut(animated: true) }
    }

    /// Photos added since the last layout: they appear in their slots while the others animate aside.
    private var appearing = Set<String>()

    private func layOut(animated: Bool) {
        needsLayout = false
        layout = WaterfallLayout(
            aspectRatios: aspectRatios.inModelOrder, config: config.waterfall,
            top: Chrome(config: config.chrome).contentTop(window: window),
            window: window)
        field.setLayout(.waterfall, viewport: layout.viewport, contentSize: Size(window.width, layout.contentHeight))
        let spring = animated ? heroes.stage.spring : nil
        for (id, frame) in zip(field.items(.waterfall), layout.frames) {
            field.place(id, at: frame, animation: appearing.contains(id) ? nil : spring)
        }
        appearing.removeAll()
    }

    /// The folder changed: removed photos leave (a presented one with its overlay), added ones take
    /// their places in name order, and one relayout animates the rest to their new slots.
    package func photosChanged(_ changes: PhotoChanges, library: PhotoLibrary) {
        for id in changes.removed where field.tile(id) != nil {
            heroes.remove(id)
            field.removeTile(id)
        }
        for photo in changes.added where field.tile(photo.id) == nil {
            let items = field.items(.waterfall)
            field.insertTile(photo.id, into: .waterfall, at: items.firstIndex { $0 > photo.id })
            appearing.insert(photo.id)
        }
        let ids = field.items(.waterfall)
        aspectRatios = TileAspectRatios(
            ids: ids, aspectRatios: ids.map { library.photo(for: $0)?.aspectRatio },
            fallback: config.waterfall.fallbackAspectRatio)
        needsLayout = true
    }

    // MARK: Commands and input

    @discardableResult
    package func apply(_ command: Command) -> Bool {
        switch command {
        case .present(let id): heroes.present(id, overlay: fullscreenFrame(of: id), in: &field)
        case .dismiss: heroes.dismiss(in: &field) != nil
        default: false
        }
    }

    package func handle(_ gesture: Gesture) {
        // The overlay covers the window: any tap on it closes (the article's onTapGesture on the overlay).
        heroes.handle(
            gesture, field: &field, input: config.input, wheelAnimation: config.scroll.scrollAnimation,
            overlay: { self.fullscreenFrame(of: $0) }, tapCloses: { _ in true })
    }

    package func tileID(at p: Point) -> String? { heroes.tileID(at: p, in: field) }

    // MARK: Motion

    package func step(_ dt: Double) {
        layOutIfNeeded()
        heroes.step(dt, field: &field) { self.fullscreenFrame(of: $0) }
    }

    package var isSettled: Bool { !needsLayout && heroes.isSettled && field.isSettled }

    /// The tab bar would draw over the fullscreen photo: hidden from the tap until the photo is home.
    package var hidesChrome: Bool { heroes.stage.isActive }

    // MARK: Drawing

    package func draw(into list: inout DrawList, alpha: Double) {
        let settings = config.waterfall
        Chrome(config: config.chrome).drawTitle(settings.title, window: window, color: config.theme.text, into: &list)
        field.drawTiles(in: .waterfall, alpha: alpha) { tile, frame, clip in
            list.append(.photo(id: tile.id, frame: frame, radius: settings.cornerRadius, opacity: 1, clip: clip))
        }
        field.forEachTileAhead(in: .waterfall, screens: config.photos.prefetchScreens) { tile, frame in
            list.prefetch(tile.id, frame: frame)
        }
        let backdrop = heroes.opacity(alpha: alpha)
        if backdrop > 0 {
            list.append(
                .backdropBlur(
                    region: Rect(0, 0, window.width, window.height), radius: settings.backdrop.blurRadius,
                    tint: settings.backdrop.tint, opacity: backdrop))
        }
        // Heroes above the backdrop and every container, unclipped; the presented one last (on top).
        field.drawAbove(alpha: alpha) { tile, frame in
            let radius = heroes.stage.hero(tile.id)?.cornerRadius.value ?? settings.cornerRadius
            list.append(.photo(id: tile.id, frame: frame, radius: max(0, radius), opacity: 1, clip: nil))
        }
    }

    // MARK: State dump

    package var overlayDump: OverlayDump? {
        heroes.stage.overlayID.map { OverlayDump(id: $0, kind: Self.overlayKind) }
    }
}
