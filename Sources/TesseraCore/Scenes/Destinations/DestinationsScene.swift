/// Destinations (SPEC §4, seed 004): a list of places, each image rounded with a soft shadow. A tap flies
/// the image (matched geometry) to the top of a detail view, aspect-fit to the window's width; the
/// title and the wrapped details appear under it and the list fades to opacity 0. The close button
/// (white "×" on a black circle at 80 %) or Escape reverses it all.
///
/// Corner radius and shadow change with the flight (10 and a shadow in the list, square and none in the
/// detail view). Layers as in the waterfall: `container` at home, `flight` flying, `overlay` at rest in
/// the detail view.
public final class DestinationsScene: Scene {
    public let id = SceneID.destinations
    public static let containerID = "list"
    /// The dump's `overlay.kind`.
    public static let overlayKind = "detail"

    private let config: Config
    private var window: Size
    private let places: [Destination]
    /// Read while `heroes` is being stepped (for the overlay frame), so not kept in it.
    private let aspectRatios: TileAspectRatios
    private var heroes: HeroContainer
    private var layout: DestinationsLayout
    private var needsLayout = false

    public init(catalog: DestinationCatalog, config: Config, window: Size) {
        self.config = config
        self.window = window
        let settings = config.destinations
        places = catalog.places
        aspectRatios = TileAspectRatios(
            ids: places.map(\.id), aspectRatios: places.map(\.image.aspectRatio), fallback: settings.fallbackAspectRatio
        )
        heroes = HeroContainer(
            id: Self.containerID, ids: places.map(\.id), physics: config.scroll, wheelStep: config.input.wheelStep,
            spring: config.spring(named: settings.animation) ?? .smooth,
            slotStyle: HeroTransition.Style(cornerRadius: settings.cornerRadius, shadow: 1),
            overlayStyle: HeroTransition.Style(cornerRadius: 0, shadow: 0), fadesWhilePresented: true)
        layout = DestinationsLayout(
            aspectRatios: aspectRatios.inModelOrder, config: settings,
            top: Chrome(config: config.chrome).contentTop(window: window),
            window: window)
        layOut()
    }

    /// Where place `id`'s image rests in the detail view (window points).
    public func detailFrame(of id: String) -> Rect { layout.detailImage(aspectRatio: aspectRatio(of: id)) }

    /// The close button's circle (window points).
    public var closeButton: Rect { layout.closeButton }

    private func aspectRatio(of id: String) -> Double {
        aspectRatios[id]
    }

    // MARK: Layout

    public func resize(to window: Size) {
        self.window = window
        needsLayout = true
    }

    private func layOut() {
        needsLayout = false
        layout = DestinationsLayout(
            aspectRatios: aspectRatios.inModelOrder, config: config.destinations,
            top: Chrome(config: config.chrome).contentTop(window: window),
            window: window)
        heroes.setLayout(
            viewport: layout.viewport, contentSize: Size(window.width, layout.contentHeight), slots: layout.items)
    }

    // MARK: Commands and input

    public func apply(_ command: Command) {}

    public func handle(_ gesture: Gesture) {
        // The detail view covers the list; only its close button answers.
        heroes.handle(
            gesture, overlay: { self.detailFrame(of: $0) }, tapCloses: { self.layout.closeButton.contains($0) })
    }

    public func presentedFrame(of id: String) -> Rect? { heroes.tile(id)?.presented }

    public func tileID(at p: Point) -> String? { heroes.tileID(at: p) }

    // MARK: Motion

    public func step(_ dt: Double) {
        if needsLayout { layOut() }
        heroes.step(dt) { self.detailFrame(of: $0) }
    }

    public var isSettled: Bool { !needsLayout && heroes.isSettled }

    /// The detail view reaches the window's top, where the tab bar would draw over its close button.
    public var hidesChrome: Bool { heroes.stage.isActive }

    // MARK: Drawing

    public func draw(into list: inout DrawList, alpha: Double) {
        let settings = config.destinations
        let theme = config.theme
        let presence = heroes.stageOpacity(alpha: alpha)
        // The title belongs to the list and fades with it.
        Chrome(config: config.chrome).drawTitle(
            settings.title, window: window, color: theme.text, opacity: 1 - presence, into: &list)

        let clip = layout.viewport
        for tile in heroes.tiles where tile.layer == .container && tile.opacity > 0 {
            let frame = tile.interpolated(alpha)
            guard frame.intersects(clip) else { continue }
            drawImage(tile, frame: frame, radius: settings.cornerRadius, shadow: 1, clip: clip, into: &list)
        }

        if presence > 0, let id = heroes.stage.overlayID, let i = heroes.index(of: id) {
            drawDetailText(places[i], presence: presence, into: &list)
        }
        for hero in heroes.stage.heroes {
            guard let tile = heroes.tile(hero.id) else { continue }
            drawImage(
                tile, frame: tile.interpolated(alpha), radius: max(0, hero.cornerRadius.value),
                shadow: min(1, max(0, hero.shadow.value)), clip: nil, into: &list)
        }
        if presence > 0 { drawCloseButton(opacity: presence, into: &list) }
    }

    /// A place's image with its shadow, both at the tile's opacity (SwiftUI fades the view as a whole).
    private func drawImage(
        _ tile: MatchedTile, frame: Rect, radius: Double, shadow: Double, clip: Rect?, into list: inout DrawList
    ) {
        guard let i = heroes.index(of: tile.id) else { return }
        let s = config.destinations.shadow
        if shadow > 0, s.radius > 0 {
            list.append(
                .shadow(
                    frame: frame, cornerRadius: radius, radius: s.radius,
                    color: s.color.withAlpha(shadow * tile.opacity),
                    clip: clip))
        }
        list.append(.photo(id: places[i].image.id, frame: frame, radius: radius, opacity: tile.opacity, clip: clip))
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

    private func drawCloseButton(opacity: Double, into list: inout DrawList) {
        let button = config.destinations.detail.closeButton
        let circle = layout.closeButton
        list.append(.fill(circle, radius: circle.width / 2, color: button.background.withAlpha(opacity), clip: nil))
        list.append(
            .cross(
                center: circle.center, size: button.glyphSize, lineWidth: button.lineWidth,
                color: button.glyph.withAlpha(opacity), clip: nil))
    }

    // MARK: State dump

    public func dump() -> SceneDump {
        SceneDump(
            containers: [heroes.dumpContainer()],
            tiles: heroes.dumpTiles(window: window) { self.detailFrame(of: $0) },
            overlay: heroes.stage.overlayID.map { OverlayDump(id: $0, kind: Self.overlayKind) }, position: nil,
            selection: nil)
    }
}
