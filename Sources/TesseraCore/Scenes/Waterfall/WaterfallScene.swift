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
    private let aspectRatios: [Double]
    /// Aspect ratio by tile id (read while `heroes` is being stepped, so not through it).
    private let aspectByID: [String: Double]
    private var heroes: HeroContainer
    private var layout: WaterfallLayout
    private var needsLayout = false
    private var dragging = false
    private let wheelAnimation: SpringParameters
    /// The backdrop's opacity the step before (frames interpolate between steps).
    private var previousBackdrop = 0.0

    /// - Parameter photos: the photos in model order; a photo without a known size is laid out at
    ///   `waterfall.fallbackAspectRatio`.
    public init(photos: [Photo], config: Config, window: Size) {
        self.config = config
        self.window = window
        let settings = config.waterfall
        aspectRatios = photos.map { photo in
            guard let aspect = photo.aspectRatio, aspect.isFinite, aspect > 0 else {
                return settings.fallbackAspectRatio
            }
            return aspect
        }
        aspectByID = Dictionary(zip(photos.map(\.id), aspectRatios), uniquingKeysWith: { first, _ in first })
        heroes = HeroContainer(
            id: Self.containerID, ids: photos.map(\.id), physics: config.scroll,
            spring: config.spring(named: settings.animation) ?? .spring,
            slotStyle: HeroTransition.Style(cornerRadius: settings.cornerRadius, shadow: 0),
            overlayStyle: HeroTransition.Style(cornerRadius: settings.fullscreenCornerRadius, shadow: 0),
            fadesWhilePresented: false)
        wheelAnimation = config.scroll.scrollAnimation
        layout = WaterfallLayout(
            aspectRatios: aspectRatios, config: settings, top: Chrome(config: config.chrome).contentTop, window: window)
        layOut()
    }

    /// The fullscreen frame of photo `id`: aspect-fit to the whole window (`.scaledToFit()` in a
    /// `GeometryReader` the size of the screen).
    public func fullscreenFrame(of id: String) -> Rect {
        let aspect = aspectByID[id] ?? config.waterfall.fallbackAspectRatio
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
            aspectRatios: aspectRatios, config: config.waterfall, top: Chrome(config: config.chrome).contentTop,
            window: window)
        heroes.setLayout(
            viewport: layout.viewport, contentSize: Size(window.width, layout.contentHeight), slots: layout.frames)
    }

    // MARK: Commands and input

    public func apply(_ command: Command) {}

    public func handle(_ gesture: Gesture) {
        switch gesture {
        case .tap(let p):
            // The overlay covers the window: any tap on it closes (seed 002's onTapGesture on the overlay).
            if heroes.stage.presented != nil {
                heroes.dismiss()
            } else if let id = heroes.hit(p) {
                heroes.present(id, overlay: fullscreenFrame(of: id))
            }
        case .key("Escape"):
            heroes.dismiss()
        case .key:
            break
        case .dragBegan(let start, let axis):
            dragging = axis == .vertical && layout.viewport.contains(start) && heroes.stage.presented == nil
            if dragging { heroes.beginDrag() }
        case .dragChanged(let delta):
            if dragging { heroes.drag(by: delta) }
        case .dragEnded(let velocity):
            if dragging { heroes.endDrag(fingerVelocity: velocity) }
            dragging = false
        case .wheel(let at, let dx, let dy):
            if layout.viewport.contains(at) {
                heroes.wheel(dx: dx, dy: dy, step: config.input.wheelStep, animation: wheelAnimation)
            }
        }
    }

    public func presentedFrame(of id: String) -> Rect? { heroes.tile(id)?.presented }

    // MARK: Motion

    public func step(_ dt: Double) {
        if needsLayout { layOut() }
        previousBackdrop = heroes.stage.opacity
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
        let backdrop = previousBackdrop + (heroes.stage.opacity - previousBackdrop) * min(1, max(0, alpha))
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
