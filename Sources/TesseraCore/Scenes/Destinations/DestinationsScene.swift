import TesseraGeometry
import TesseraPhotos

extension SceneID {
    static let destinations = SceneID("destinations")
}

extension ContainerID {
    /// The destinations list.
    static let list = ContainerID("list")
}

extension SceneDescription {
    static let destinations = SceneDescription(
        id: .destinations, title: "Destinations", config: DestinationsConfig.self,
        loadAssets: { resources, _ in
            // Bundled with Tessera: a broken file is a broken installation, exit 1.
            do {
                return try DestinationCatalog.load(path: resources.asset("Destinations", "destinations.json"))
            } catch let error as DestinationCatalog.Error {
                throw SceneAssetError(message: error.message, exitCode: 1)
            }
        }
    ) { context in
        DestinationsScene(
            catalog: context.assets as? DestinationCatalog ?? .empty, config: context.config,
            window: context.window)
    }
}

/// Destinations (docs/BEHAVIOUR.md#destinations): a list of places, each image rounded with a soft shadow. A tap flies
/// the image (matched geometry) to the top of a detail view, aspect-fit to the window's width; the
/// title and the wrapped details appear under it and the list fades to opacity 0. The close button
/// (white "×" on a black circle at 80 %) or Escape reverses it all.
///
/// Corner radius and shadow change with the flight (10 and a shadow in the list, square and none in the
/// detail view). Layers as in the waterfall: `container` at home, `flight` flying, `overlay` at rest in
/// the detail view.
final class DestinationsScene: Scene {
    let id = SceneID.destinations
    /// The dump's `overlay.kind`.
    static let overlayKind = "detail"

    let config: Config
    private(set) var window: Size
    let places: [Destination]
    let placeIndex: [String: Int]
    /// Read while `heroes` is being stepped (for the overlay frame), so not kept in it.
    private let aspectRatios: TileAspectRatios
    var field = TileField()
    var focus = FocusModel()
    private(set) var heroes: HeroOverlay
    private(set) var layout: DestinationsLayout
    private var needsLayout = false

    init(catalog: DestinationCatalog, config: Config, window: Size) {
        self.config = config
        self.window = window
        let settings = config.destinations
        places = catalog.places
        placeIndex = Dictionary(
            catalog.places.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        aspectRatios = TileAspectRatios(
            ids: places.map(\.id), aspectRatios: places.map(\.image.aspectRatio), fallback: settings.fallbackAspectRatio
        )
        heroes = HeroOverlay(
            spring: config.spring(settings.animation),
            slotStyle: HeroTransition.Style(cornerRadius: settings.cornerRadius, shadow: 1),
            overlayStyle: HeroTransition.Style(cornerRadius: 0, shadow: 0), fadesWhilePresented: true)
        heroes.reduceMotion = config.reduceMotion
        layout = DestinationsLayout(
            aspectRatios: aspectRatios.inModelOrder, config: settings,
            top: Chrome(config: config.chrome).contentTop(window: window),
            window: window)
        field.indicatorConfig = config.indicatorStyle
        field.addContainer(.list, axis: .vertical, physics: config.scroll)
        for place in places { field.addTile(place.id, to: .list) }
        layOut(animated: false)
    }

    /// Where place `id`'s image rests in the detail view (window points).
    func detailFrame(of id: String) -> Rect { layout.detailImage(aspectRatio: aspectRatio(of: id)) }

    /// The close button's circle (window points).
    var closeButton: Rect { layout.closeButton }

    func aspectRatio(of id: String) -> Double {
        aspectRatios[id]
    }

    // MARK: Layout

    func resize(to window: Size) {
        self.window = window
        needsLayout = true
    }

    func layOutIfNeeded() {
        guard needsLayout else { return }
        layOut(animated: true)
        keepFocusInView()
    }

    private func layOut(animated: Bool) {
        needsLayout = false
        layout = DestinationsLayout(
            aspectRatios: aspectRatios.inModelOrder, config: config.destinations,
            top: Chrome(config: config.chrome).contentTop(window: window),
            window: window)
        field.setLayout(.list, viewport: layout.viewport, contentSize: Size(window.width, layout.contentHeight))
        let spring = animated ? heroes.stage.spring : nil
        field.placeItems(of: .list, at: layout.items, animation: spring)
    }

    // MARK: Commands and input

    @discardableResult
    func apply(_ command: HeroCommand) -> Bool {
        switch command {
        case .present(let id): heroes.present(id, overlay: detailFrame(of: id), in: &field)
        case .dismiss: heroes.dismiss(in: &field) != nil
        }
    }

    var heroStage: HeroStage? { heroes.stage }

    var title: SceneTitle {
        SceneTitle(text: config.destinations.title, frame: Chrome(config: config.chrome).titleRow(window: window))
    }

    func handle(_ gesture: Gesture) {
        switch gesture {
        case .tap(let p):
            // The detail view covers the list; only its close button answers.
            heroes.tap(at: p, in: &field, closes: layout.closeButton.contains(p)) { self.detailFrame(of: $0) }
        case .key(.escape):
            heroes.dismiss(in: &field)
        default:
            break
        }
    }

    func tileID(at p: Point) -> String? { heroes.tileID(at: p, in: field) }

    // MARK: Motion

    func step(_ dt: Double) {
        layOutIfNeeded()
        heroes.step(dt, field: &field) { self.detailFrame(of: $0) }
    }

    var isSettled: Bool { !needsLayout && heroes.isSettled && field.isSettled }

    /// The detail view reaches the window's top, where the tab bar would draw over its close button.
    var hidesChrome: Bool { heroes.stage.isActive }

    /// The title and tab bar fade out in the first half of the detail view's fade, and the close button
    /// (in the same corner as the tab bar's last segment) fades in over the second half: the two never
    /// show at once, whichever way the detail view goes (and back in the same order when it closes).
    var chromeOpacity: Double { Self.chromeOpacity(presence: heroes.opacity(alpha: 1)) }

    static func chromeOpacity(presence p: Double) -> Double { min(1, max(0, 1 - 2 * p)) }
    static func closeButtonOpacity(presence p: Double) -> Double { min(1, max(0, 2 * p - 1)) }

    // MARK: Drawing

    func draw(into list: inout DrawList, alpha: Double) {
        let settings = config.destinations
        let theme = config.theme
        let presence = heroes.opacity(alpha: alpha)
        // The title belongs to the list's chrome and fades with the tab bar.
        Chrome(config: config.chrome).drawTitle(
            settings.title, window: window, color: theme.text, opacity: Self.chromeOpacity(presence: presence),
            into: &list)

        field.drawTiles(in: .list, alpha: alpha) { tile, frame, clip in
            guard tile.opacity > 0 else { return }
            drawImage(tile, frame: frame, radius: settings.cornerRadius, shadow: 1, clip: clip, into: &list)
        }
        field.drawIndicator(of: .list, alpha: alpha, into: &list)
        if presence > 0, let id = heroes.stage.overlayID {
            drawDetailBacking(aspectRatio: aspectRatio(of: id), presence: presence, into: &list)
        }
        // The detail text comes in with the image, under it: only the image flies (Flutter's
        // `flightShuttleBuilder` picks what flies; the text stays in the detail view), so the flying image
        // is never covered by text — whether it is arriving, closing, turned round or re-aimed by a
        // resize. Its backing keeps the list fading out behind it from showing through.
        if presence > 0, let id = heroes.stage.overlayID, let place = place(id) {
            drawDetailText(place, presence: presence, into: &list)
        }

        heroes.slotFades.drawOutgoing(image: { self.place($0)?.image.id }, into: &list)
        field.drawAbove(alpha: alpha) { tile, frame in
            let hero = heroes.stage.hero(tile.id)
            drawImage(
                tile, frame: frame, radius: max(0, hero?.cornerRadius.value ?? settings.cornerRadius),
                shadow: min(1, max(0, hero?.shadow.value ?? 1)), clip: nil, into: &list)
        }
        heroes.overlayFades.drawOutgoing(image: { self.place($0)?.image.id }, into: &list)
        let close = Self.closeButtonOpacity(presence: presence)
        if close > 0 { drawCloseButton(opacity: close, into: &list) }
        drawFocusRing(alpha: alpha, accent: theme.accent, into: &list)
    }

    /// A place's image with its shadow, both at the tile's opacity (SwiftUI fades the view as a whole).
    private func drawImage(
        _ tile: MatchedTile, frame: Rect, radius: Double, shadow: Double, clip: Rect?, into list: inout DrawList
    ) {
        guard let place = place(tile.id) else { return }
        let s = config.destinations.shadow
        if shadow > 0, s.radius > 0 {
            list.append(
                .shadow(
                    frame: frame, cornerRadius: radius, radius: s.radius,
                    color: s.color.withAlpha(shadow * tile.opacity),
                    clip: clip))
        }
        let opacity = tile.opacity * heroes.opacity(of: tile.id)
        list.append(.photo(id: place.image.id, frame: frame, radius: radius, opacity: opacity, clip: clip))
    }

    /// Title and details at their final places under the detail image, fading in with the detail view
    /// (SwiftUI's default insertion transition is a fade).
    private func drawDetailText(_ place: Destination, presence: Double, into list: inout DrawList) {
        let detail = config.destinations.detail
        let aspect = aspectRatio(of: place.id)
        let color = config.theme.text.withAlpha(presence)
        list.append(
            .text(
                place.title, anchor: layout.titleAnchor(aspectRatio: aspect), alignment: .center,
                style: TextStyle(size: detail.titleSize, weight: .regular), color: color, clip: nil))
        list.append(
            .paragraph(
                place.details, frame: layout.detailsFrame(aspectRatio: aspect),
                style: TextStyle(size: detail.detailsSize, weight: .regular), color: color, clip: nil))
    }

    /// The background under the detail text, at the detail view's opacity: from the title's top to the
    /// window's bottom.
    private func drawDetailBacking(aspectRatio aspect: Double, presence: Double, into list: inout DrawList) {
        let top =
            layout.titleAnchor(aspectRatio: aspect).y
            - DestinationsLayout.lineHeight(config.destinations.detail.titleSize) / 2
        let backing = Rect(0, top, window.width, max(0, window.height - top))
        list.append(.fill(backing, radius: 0, color: config.theme.background.withAlpha(presence), clip: nil))
    }

    private func drawCloseButton(opacity: Double, into list: inout DrawList) {
        let button = config.destinations.detail.closeButton
        let circle = layout.closeButton
        list.append(.fill(circle, radius: circle.width / 2, color: button.background.withAlpha(opacity), clip: nil))
        list.append(
            .cross(
                center: circle.center, size: button.glyphSize, lineWidth: button.lineWidth,
                color: button.glyph.withAlpha(opacity), clip: nil))
    }

    func place(_ id: String) -> Destination? { placeIndex[id].map { places[$0] } }

    // MARK: State dump

    var overlayDump: OverlayDump? {
        heroes.stage.overlayID.map { OverlayDump(id: $0, kind: Self.overlayKind) }
    }
}

/// Keyboard focus: the places, Up and Down along the list; Space opens the focused place.
extension DestinationsScene: FocusableScene {
    var focusGroups: [[String]] { [field.items(.list)] }
    func focusFrame(of id: String) -> Rect? { field.laidOutFrame(of: id) }
    func activate(_ id: String) { apply(.present(id)) }
    func revealFocus(_ id: String) { field.scrollIntoView(id, animation: config.scroll.scrollAnimation) }

    func focusRing(of id: String, alpha: Double) -> FocusRing? {
        let radius = heroes.stage.hero(id)?.cornerRadius.value ?? config.destinations.cornerRadius
        return field.focusRing(around: id, alpha: alpha, radius: radius)
    }
}
