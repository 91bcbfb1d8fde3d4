import TesseraGeometry
import TesseraPhotos

extension SceneID {
    static let waterfall = SceneID("waterfall")
}

extension ContainerID {
    /// The waterfall's masonry columns (one scroll).
    static let waterfall = ContainerID("waterfall")
}

extension SceneDescription {
    static let waterfall = SceneDescription(id: .waterfall, title: "Waterfall", config: WaterfallConfig.self) {
        context in
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
///
/// At rest fullscreen the photo zooms, pans and swipes down to close (`PhotoViewer`; docs/SCENES.md, "Zoom and
/// swipe to dismiss"). A single tap then closes it only once a double tap can no longer follow
/// (`zoom.doubleTapInterval`), as a double-tap-to-zoom view waits for it (UIKit's `require(toFail:)`).
final class WaterfallScene: Scene {
    let id = SceneID.waterfall
    /// The dump's `overlay.kind`.
    static let overlayKind = "fullscreen"

    let config: Config
    private(set) var window: Size
    /// Read while `heroes` is being stepped (for the overlay frame), so not kept in it.
    private var aspectRatios: TileAspectRatios
    let field = TileField()
    var focus = FocusModel()
    private(set) var heroes: HeroOverlay
    private var layout: WaterfallLayout
    private var needsLayout = false
    /// The fullscreen photo's zoom, pan and swipe.
    private(set) var viewer: PhotoViewer
    /// Seconds left before a single tap on the fullscreen photo closes it (a double tap cancels it).
    private var pendingClose: Double?
    /// Swiping between the photos at fit (`PhotoPager`); `paging` while a finger drives it, `caughtPages`
    /// when a press stopped the pages moving (the tap that follows closes nothing).
    private var pager: PhotoPager
    private var paging = false
    private var caughtPages = false
    /// The photo the viewer was opened on (tapped, so in view); one paged to may not be.
    private var openedID: PhotoID?

    /// - Parameter photos: the photos in model order; a photo without a known size is laid out at
    ///   `waterfall.fallbackAspectRatio`.
    init(photos: [Photo], config: Config, window: Size) {
        self.config = config
        self.window = window
        let settings = config.waterfall
        aspectRatios = TileAspectRatios(
            ids: photos.map(\.id), aspectRatios: photos.map(\.aspectRatio), fallback: settings.fallbackAspectRatio)
        heroes = HeroOverlay(
            spring: config.spring(settings.animation),
            slotStyle: HeroTransition.Style(cornerRadius: settings.cornerRadius, shadow: 0),
            overlayStyle: HeroTransition.Style(cornerRadius: settings.fullscreenCornerRadius, shadow: 0),
            fadesWhilePresented: false)
        heroes.reduceMotion = config.reduceMotion
        layout = WaterfallLayout(
            aspectRatios: aspectRatios.inModelOrder, config: settings,
            top: Chrome(config: config.chrome).contentTop(window: window),
            window: window)
        viewer = PhotoViewer(config: config.zoom, physics: config.scroll, fit: .zero, window: window)
        pager = PhotoPager(physics: config.scroll)
        // (`refit` gives it the presented photo's fit frame before it is used.)
        field.indicatorConfig = config.indicatorStyle
        // `ScrollView(showsIndicators: false)` in the article.
        field.addContainer(.waterfall, axis: .vertical, physics: config.scroll, showsIndicator: false)
        field.addTiles(photos.map(\.id), to: .waterfall)
        layOut(animated: false)
    }

    /// The fullscreen frame of photo `id`: aspect-fit to the whole window (`.scaledToFit()` in a
    /// `GeometryReader` the size of the screen).
    func fullscreenFrame(of id: PhotoID) -> Rect {
        let aspect = aspectRatios[id]
        return Rect(0, 0, window.width, window.height).aspectFit(aspect)
    }

    /// Where the presented photo heads: the viewer's zoomed, panned, swiped frame, on its page.
    private func overlayFrame(of id: PhotoID) -> Rect {
        var v = viewer
        v.refit(fullscreenFrame(of: id), window: window)
        return v.frame.offsetBy(dx: pager.offset(of: id) ?? 0, dy: 0)
    }

    /// Photo `id` at fit on its page (window points), for the neighbours shown while paging.
    private func pageFrame(of id: PhotoID) -> Rect {
        fullscreenFrame(of: id).offsetBy(dx: pager.offset(of: id) ?? 0, dy: 0)
    }

    /// The pages laid out for the window, the presented photo showing.
    private func layOutPages() {
        guard let id = heroes.stage.presented?.id else { return }
        pager.layOut(ids: field.items(.waterfall), current: id, length: window.width + config.zoom.pageSpacing)
    }

    /// Gives the viewer the presented photo's fit frame.
    private func refitViewer() {
        if let id = heroes.stage.presented?.id { viewer.refit(fullscreenFrame(of: id), window: window) }
    }

    /// The presented photo, once it rests in the overlay or a finger caught it flying in (the viewer then
    /// drives it): what zoom, swipe and paging act on. Nil while it flies in untouched.
    private var viewedID: PhotoID? {
        guard let id = heroes.stage.presented?.id else { return nil }
        return field.tile(id)?.layer == .overlay || viewer.drivesFrame ? id : nil
    }

    /// A gesture beginning while the presented photo still flies in catches it where it is drawn
    /// (`PhotoViewer.catchFlight`): every gesture starts at any moment of the flight, none is dropped.
    private func catchFlightIfNeeded(_ gesture: Gesture) {
        switch gesture {
        case .press, .dragBegan, .pinchBegan, .doubleTap, .magnify: break
        default: return
        }
        guard let id = heroes.stage.presented?.id, viewedID == nil, let tile = field.tile(id) else { return }
        viewer.catchFlight(at: tile.presented, velocity: tile.velocity)
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

    /// Photos added since the last layout: they appear in their slots while the others animate aside.
    private var appearing = Set<PhotoID>()

    private func layOut(animated: Bool) {
        needsLayout = false
        defer { if !pager.isDragging { layOutPages() } }
        layout = WaterfallLayout(
            aspectRatios: aspectRatios.inModelOrder, config: config.waterfall,
            top: Chrome(config: config.chrome).contentTop(window: window),
            window: window)
        field.setLayout(.waterfall, viewport: layout.viewport, contentSize: Size(window.width, layout.contentHeight))
        let spring = animated ? heroes.stage.spring : nil
        field.placeItems(of: .waterfall, at: layout.frames, animation: spring, appearing: appearing)
        appearing.removeAll()
    }

    /// The folder changed: removed photos leave (a presented one with its overlay), added ones take
    /// their places in name order, and one relayout animates the rest to their new slots.
    func photosChanged(_ changes: PhotoChanges, library: PhotoLibrary) {
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
    func apply(_ command: HeroCommand) -> Bool {
        switch command {
        case .present(let id): present(id)
        case .dismiss: close(velocity: nil)
        }
    }

    @discardableResult
    private func present(_ id: PhotoID) -> Bool {
        guard heroes.present(id, overlay: fullscreenFrame(of: id), in: field) else { return false }
        viewer.reset(fadeBackOn: heroes.stage.spring)
        pendingClose = nil
        openedID = id
        layOutPages()
        return true
    }

    /// Sends the presented photo home from the frame drawn now, at `velocity` (a swipe's release) or at
    /// whatever speed the viewer's springs had. False when nothing was presented.
    /// After paging, the waterfall scrolls the least that shows the current photo's slot (`scrollTo(id)`),
    /// so a photo paged to from far away lands in view (the photo the viewer opened on was tapped in view).
    @discardableResult
    private func close(velocity: Rect?) -> Bool {
        pendingClose = nil
        paging = false
        if let id = heroes.stage.presented?.id {
            if let velocity {
                field.hold(id, at: overlayFrame(of: id), velocity: velocity, animation: heroes.stage.spring)
            }
            if id != openedID { field.scrollIntoView(id, animation: heroes.stage.spring) }
        }
        viewer.reset(fadeBackOn: nil)
        return heroes.dismiss(in: field) != nil
    }

    var heroStage: HeroStage? { heroes.stage }

    var title: SceneTitle {
        SceneTitle(text: config.waterfall.title, frame: Chrome(config: config.chrome).titleRow(window: window))
    }

    func handle(_ gesture: Gesture) {
        refitViewer()
        catchFlightIfNeeded(gesture)
        if heroes.stage.presented != nil, handlePager(gesture) { return }
        if viewedID != nil, handleViewer(gesture) { return }
        switch gesture {
        case .tap(let p):
            if heroes.stage.presented != nil {
                // Still flying in: the overlay covers the window, and a tap anywhere turns it round at once.
                close(velocity: nil)
            } else if let id = field.tileID(at: p) {
                present(id)
            }
        case .key(.escape):
            close(velocity: nil)
        default:
            break
        }
    }

    func tileID(at p: Point) -> PhotoID? { heroes.tileID(at: p, in: field) }

    /// Paging at fit: a horizontal drag, a press on moving pages, Left and Right. True when taken.
    private func handlePager(_ gesture: Gesture) -> Bool {
        let atFit = !viewer.isZoomed && !viewer.isSwiping
        // Pages a press caught stay held until its tap, or the horizontal drag it becomes. Anything else
        // (a vertical drag, a pinch, another press with no release between) lets them go to the nearest
        // page; held, they would stay "dragging" with no finger on them.
        if caughtPages {
            switch gesture {
            case .tap, .dragBegan(_, .horizontal): break
            default:
                caughtPages = false
                pager.endDrag(velocity: 0)
            }
        }
        switch gesture {
        case .press:
            caughtPages = pager.catchPages()
            if caughtPages { pendingClose = nil }
            return caughtPages
        case .tap where caughtPages:
            caughtPages = false
            pager.endDrag(velocity: 0)
            return true
        case .dragBegan(_, .horizontal) where atFit && (viewedID != nil || pager.isMoving):
            pendingClose = nil
            caughtPages = false
            paging = true
            pager.beginDrag()
            return true
        case .dragChanged(let delta) where paging:
            pager.drag(by: delta.x)
            return true
        case .dragEnded(let v) where paging:
            paging = false
            pager.endDrag(velocity: v.x)
            return true
        case .key(let key) where (key == .left || key == .right) && atFit && (viewedID != nil || pager.isMoving):
            pager.turn(key == .left ? -1 : 1, spring: config.zoom.spring)
            return true
        default:
            return false
        }
    }

    /// The page nearest the offset became another photo: it is presented now (the old one goes home
    /// under the backdrop) and the viewer starts at fit on it.
    private func followPages() {
        guard let now = pager.current, let shown = heroes.stage.presented?.id, now != shown,
            let home = field.items(.waterfall).firstIndex(of: shown)
        else { return }
        let velocity = Rect(pager.velocity, 0, 0, 0)
        guard heroes.page(to: now, at: pageFrame(of: now), velocity: velocity, home: layout.frames[home], in: field)
        else { return }
        viewer.reset(fadeBackOn: nil)
        viewer.refit(fullscreenFrame(of: now), window: window)
    }

    /// Gestures on the photo at rest fullscreen. True when the viewer took it.
    private func handleViewer(_ gesture: Gesture) -> Bool {
        switch gesture {
        case .press:
            viewer.press()
            return true
        case .tap:
            pendingClose = config.zoom.doubleTapInterval
            return true
        case .doubleTap(let p):
            pendingClose = nil
            viewer.doubleTap(at: p)
            return true
        case .dragBegan(let start, let axis):
            pendingClose = nil
            return viewer.dragBegan(start: start, axis: axis)
        case .dragChanged(let delta):
            viewer.dragChanged(delta)
            return true
        case .dragEnded(let v):
            if case .dismiss(let velocity) = viewer.dragEnded(velocity: v) { close(velocity: velocity) }
            return true
        case .pinchBegan(let center, let distance):
            pendingClose = nil
            viewer.pinchBegan(midpoint: center, distance: distance)
            return true
        case .pinchChanged(let center, let distance):
            viewer.pinchChanged(midpoint: center, distance: distance)
            return true
        case .pinchEnded(let v, let dv):
            viewer.pinchEnded(velocity: v, distanceVelocity: dv)
            return true
        case .magnify(let at, let scale):
            viewer.magnify(at: at, by: scale)
            return true
        case .wheel, .key:
            return false
        }
    }

    // MARK: Motion

    func step(_ dt: Double) {
        layOutIfNeeded()
        if let left = pendingClose {
            pendingClose = left - dt
            if left - dt <= 1e-9 { close(velocity: nil) }
        }
        let pagesMoved = pager.isMoving
        pager.step(dt)
        if heroes.stage.presented != nil { followPages() }
        let viewed = viewedID
        refitViewer()
        viewer.step(dt)
        heroes.step(dt, field: field) { self.overlayFrame(of: $0) }
        if let id = heroes.stage.presented?.id, pagesMoved {
            // The pages carry the photo: held where they put it, at their speed.
            // Once they rest, held still: the photo rests in the overlay at once.
            // A flight caught by the page still springs on to fit inside it: its speed is the viewer's too.
            let v = pager.isMoving ? pager.velocity : 0
            let own = viewer.drivesFrame ? viewer.velocity : .zero
            field.hold(
                id, at: overlayFrame(of: id), velocity: Rect(own.x + v, own.y, own.width, own.height),
                animation: heroes.stage.spring)
        } else if let viewed, viewer.drivesFrame {
            field.hold(viewed, at: viewer.frame, velocity: viewer.velocity, animation: heroes.stage.spring)
        }
    }

    var isSettled: Bool {
        !needsLayout && heroes.isSettled && field.isSettled && viewer.isSettled && pendingClose == nil
            && pager.isSettled
    }

    /// How much the backdrop shows: the stage's presence, less the swipe's progress.
    private func backdropOpacity(alpha: Double) -> Double { heroes.opacity(alpha: alpha) * viewer.fade.value }

    /// Title and tab bar fade out as the photo opens and back in as it is swiped down or closes.
    var chromeOpacity: Double { 1 - backdropOpacity(alpha: 1) }

    /// The tab bar would draw over the fullscreen photo: hidden from the tap until the photo is home.
    var hidesChrome: Bool { heroes.stage.isActive }

    // MARK: Drawing

    func draw(into list: inout DrawList, alpha: Double) {
        let settings = config.waterfall
        let backdrop = backdropOpacity(alpha: alpha)
        Chrome(config: config.chrome).drawTitle(
            settings.title, window: window, color: config.theme.text, opacity: 1 - backdrop, into: &list)
        if field.items(.waterfall).isEmpty {
            EmptyState.draw(in: layout.viewport, theme: config.theme, textScale: config.textScale, into: &list)
        }
        field.drawTileIDs(in: .waterfall, alpha: alpha) { id, frame, clip in
            list.append(
                .photo(id: id, frame: frame, radius: settings.cornerRadius, opacity: heroes.opacity(of: id), clip: clip)
            )
        }
        heroes.slotFades.drawOutgoing(into: &list)
        field.forEachTileAhead(in: .waterfall, screens: config.photos.prefetchScreens) { id, frame in
            list.prefetch(id, frame: frame)
        }
        if backdrop > 0 {
            list.append(
                .backdropBlur(
                    region: Rect(0, 0, window.width, window.height), radius: settings.backdrop.blurRadius,
                    tint: config.theme.material, opacity: backdrop))
        }
        // The neighbouring pages, at fit, while the viewer is open; the next ones decode ahead.
        if let id = heroes.stage.presented?.id, let i = pager.ids.firstIndex(of: id) {
            let windowRect = Rect(0, 0, window.width, window.height)
            for j in [i - 1, i + 1] where pager.ids.indices.contains(j) {
                let neighbour = pager.ids[j]
                let frame = pageFrame(of: neighbour)
                if frame.intersects(windowRect) {
                    list.append(.photo(id: neighbour, frame: frame, radius: 0, opacity: 1, clip: nil))
                }
                list.prefetch(neighbour, frame: fullscreenFrame(of: neighbour))
            }
        }
        // Heroes above the backdrop and every container, unclipped; the presented one last (on top).
        field.drawAbove(alpha: alpha) { tile, frame in
            let radius = heroes.stage.hero(tile.id)?.cornerRadius.value ?? settings.cornerRadius
            list.append(
                .photo(
                    id: tile.id, frame: frame, radius: max(0, radius), opacity: heroes.opacity(of: tile.id), clip: nil))
        }
        heroes.overlayFades.drawOutgoing(into: &list)
        drawFocusRing(alpha: alpha, accent: config.theme.accent, into: &list)
    }

    // MARK: State dump

    var overlayDump: OverlayDump? {
        heroes.stage.overlayID.map { id in
            let viewing = heroes.stage.presented?.id == id
            return OverlayDump(
                id: id, kind: Self.overlayKind, zoom: viewing ? viewer.scale.value : 1,
                pan: viewing ? viewer.pan : .zero, dismiss: viewing ? viewer.dismissProgress : 0)
        }
    }
}

/// Keyboard focus: the photos, the arrows following the masonry's columns; Space opens the focused photo.
extension WaterfallScene: FocusableScene {
    var focusGroups: [[FocusTarget]] { [field.items(.waterfall).map(FocusTarget.tile)] }

    func focusFrame(of target: FocusTarget) -> Rect? { tileFocusFrame(of: target) }
    func activate(_ target: FocusTarget) { if let id = target.tileID { apply(.present(id)) } }
    func revealFocus(_ target: FocusTarget) { revealFocusedTile(target, animation: config.scroll.scrollAnimation) }

    func focusRing(of target: FocusTarget, alpha: Double) -> FocusRing? {
        guard let id = target.tileID else { return nil }
        let radius = heroes.stage.hero(id)?.cornerRadius.value ?? config.waterfall.cornerRadius
        return field.focusRing(around: id, alpha: alpha, radius: radius)
    }
}
