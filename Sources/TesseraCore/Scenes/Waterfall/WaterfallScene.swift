/// The waterfall (SPEC §2, seed 002): photos in masonry columns at their own aspect ratios. A tap flies a
/// photo on `.spring()` to a fullscreen overlay, aspect-fit to the window, over a blurred and lightened
/// copy of the scene (`.thinMaterial`) that fades in with the flight; its slot stays empty while it is
/// away. A tap anywhere (the overlay covers the window) or Escape flies it back to its slot.
///
/// Layers: a photo at home is `container` (inside the waterfall's clip); flying either way it is
/// `flight`; at rest fullscreen it is `overlay`. Tapping a photo that is still flying home turns it
/// round; tapping another photo while one flies home presents the new one and the old one lands on its
/// own.
public final class WaterfallScene: Scene {
    public let id = SceneID.waterfall
    public static let containerID = "waterfall"
    /// The dump's `overlay.kind`.
    public static let overlayKind = "fullscreen"

    private let config: Config
    private var window: Size
    /// Read while `heroes` is being stepped (for the overlay frame), so not kept in it.
    private let aspectRatios: TileAspectRatios
    private var heroes: HeroContainer
    private var layout: WaterfallLayout
    private var needsLayout = false

    /// - Parameter photos: the photos in model order; a photo without a known size is laid out at
    ///   `waterfall.fallbackAspectRatio`.
    public init(photos: [Photo], config: Config, window: Size) {
        self.config = config
        self.window = window
        let settings = config.waterfall
        aspectRatios = TileAspectRatios(
            ids: photos.map(\.id), aspectRatios: photos.map(\.aspectRatio), fallback: settings.fallbackAspectRatio)
        heroes = HeroContainer(
            id: Self.containerID, ids: photos.map(\.id), physics: config.scroll, wheelStep: config.input.wheelStep,
            spring: config.spring(named: settings.animation) ?? .spring,
            slotStyle: HeroTransition.Style(cornerRadius: settings.cornerRadius, shadow: 0),
            overlayStyle: HeroTransition.Style(cornerRadius: settings.fullscreenCornerRadius, shadow: 0),
            fadesWhilePresented: false)
        layout = WaterfallLayout(
            aspectRatios: aspectRatios.inModelOrder, config: settings,
            top: Chrome(config: config.chrome).contentTop(window: window),
            window: window)
        layOut()
    }

    /// The fullscreen frame of photo `id`: aspect-fit to the whole window (`.scaledToFit()` in a
    /// `GeometryReader` the size of the screen).
    public func fullscreenFrame(of id: String) -> Rect {
        let aspect = aspectRatios[id]
        return Rect(0, 0, window.width, window.height).aspectFit(aspect)
    }

    // MARK: Layout

    public func resize(to window: Size) {
        self.window = window
        needsLayout = true
    }

    private func layOut() {
        needsLayout = false
        layout = WaterfallLayout(
            aspectRatios: aspectRatios.inModelOrder, config: config.waterfall,
            top: Chrome(config: config.chrome).contentTop(window: window),
            window: window)
        heroes.setLayout(
            viewport: layout.viewport, contentSize: Size(window.width, layout.contentHeight), slots: layout.frames)
    }

    // MARK: Commands and input

    public func apply(_ command: Command) {}

    public func handle(_ gesture: Gesture) {
        // The overlay covers the window: any tap on it closes (seed 002's onTapGesture on the overlay).
        heroes.handle(gesture, overlay: { self.fullscreenFrame(of: $0) }, tapCloses: { _ in true })
    }

    public func presentedFrame(of id: String) -> Rect? { heroes.tile(id)?.presented }

    public func tileID(at p: Point) -> String? { heroes.tileID(at: p) }

    // MARK: Motion

    public func step(_ dt: Double) {
        if needsLayout { layOut() }
        heroes.step(dt) { self.fullscreenFrame(of: $0) }
    }

    public var isSettled: Bool { !needsLayout && heroes.isSettled }

    /// The tab bar would draw over the fullscreen photo: hidden from the tap until the photo is home.
    public var hidesChrome: Bool { heroes.stage.isActive }

    // MARK: Drawing

    public func draw(into list: inout DrawList, alpha: Double) {
        let settings = config.waterfall
        Chrome(config: config.chrome).drawTitle(settings.title, window: window, color: config.theme.text, into: &list)
        let clip = layout.viewport
        for tile in heroes.tiles where tile.layer == .container {
            let frame = tile.interpolated(alpha)
            guard frame.intersects(clip) else { continue }
            list.append(.photo(id: tile.id, frame: frame, radius: settings.cornerRadius, opacity: 1, clip: clip))
        }
        let backdrop = heroes.stageOpacity(alpha: alpha)
        if backdrop > 0 {
            list.append(
                .backdropBlur(
                    region: Rect(0, 0, window.width, window.height), radius: settings.backdrop.blurRadius,
                    tint: settings.backdrop.tint, opacity: backdrop))
        }
        // Heroes above the backdrop and every container, unclipped; the presented one last (on top).
        for hero in heroes.stage.heroes {
            guard let tile = heroes.tile(hero.id) else { continue }
            list.append(
                .photo(
                    id: hero.id, frame: tile.interpolated(alpha), radius: max(0, hero.cornerRadius.value), opacity: 1,
                    clip: nil))
        }
    }

    // MARK: State dump

    public func dump() -> SceneDump {
        SceneDump(
            containers: [heroes.dumpContainer()],
            tiles: heroes.dumpTiles(window: window, overlay: fullscreenFrame(of:)),
            overlay: heroes.stage.overlayID.map { OverlayDump(id: $0, kind: Self.overlayKind) }, position: nil,
            selection: nil)
    }
}
