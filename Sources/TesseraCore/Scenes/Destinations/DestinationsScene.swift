import TesseraGeometry
import TesseraPhotos

extension SceneID {
    static let destinations = SceneID("destinations")
}

extension ContainerID {
    /// The destinations list.
    static let list = ContainerID("list")
    /// The open place's detail view: it scrolls vertically when image, title and paragraph do not fit.
    static let detail = ContainerID("detail")
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
        },
        make: { context in
            DestinationsScene(
                catalog: context.assets as? DestinationCatalog ?? .empty, config: context.config,
                window: context.window, text: context.text)
        })
}

/// Destinations (docs/BEHAVIOUR.md#destinations): a list of places, each image rounded with a soft shadow. A tap flies
/// the image (matched geometry) to the top of a detail view, aspect-fit to the window's width; the
/// title and the wrapped details appear under it and the list fades to opacity 0. The close button
/// (white "×" on a black circle at 80 %) or Escape reverses it all.
///
/// The detail view is a vertical scroll view (the field's `.detail` container: the same drag, fling,
/// rubber band and indicator as the list) whenever its content is taller than the window. It also
/// closes by gesture, as an iPhone's do: swiped down from the top, the image follows the finger and
/// shrinks as the waterfall's fullscreen photo does (`PhotoViewer`, `zoom.dismiss*`); swiped right from
/// the left edge, the whole view follows the finger (UINavigationController's
/// `interactivePopGestureRecognizer`, `destinations.detail.backSwipe`). Either, released far or fast
/// enough, flies the image home from where it is drawn at the finger's speed; otherwise it springs back.
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
    let placeIndex: [PhotoID: Int]
    /// Read while `heroes` is being stepped (for the overlay frame), so not kept in it.
    private let aspectRatios: TileAspectRatios
    let field = TileField()
    var focus = FocusModel()
    private(set) var heroes: HeroOverlay
    private(set) var layout: DestinationsLayout
    private var needsLayout = false
    /// The swipe down: the image follows the finger about where it went down (only its swipe is used).
    private var viewer: PhotoViewer
    /// A vertical drag that began with the detail view at its top, not yet known to go down (a swipe) or
    /// up (a scroll): the next movement decides. Holds where it started.
    private var undecidedDrag: Point?
    /// The back swipe's horizontal translation (points) and whether a finger drives it.
    private var backSwipe = AnimatedValue(0, restThreshold: 0.05)
    private var isBackSwiping = false
    /// How far the detail view was scrolled when its place closed: the text fades out where it was.
    private var closingOffset = 0.0
    /// The image's frame the step before while a gesture moved it, for the velocity of what is drawn.
    private var drivenFrame: Rect?
    /// The detail view's shift (back swipe, −scroll; points) at the end of the step before.
    private var lastShift = Point.zero

    /// The backend's text measure: the detail paragraph's lines are laid out as they will be drawn.
    private let text: TextMeasure

    init(catalog: DestinationCatalog, config: Config, window: Size, text: TextMeasure = .estimated) {
        self.config = config
        self.window = window
        self.text = text
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
            window: window, text: text)
        viewer = PhotoViewer(config: config.zoom, physics: config.scroll, fit: .zero, window: window)
        field.indicatorConfig = config.indicatorStyle
        field.addContainer(.list, axis: .vertical, physics: config.scroll)
        // Added last: on top of the list for every drag and wheel while a place is open.
        field.addContainer(.detail, axis: .vertical, physics: config.scroll)
        field.addTiles(places.map(\.id), to: .list)
        layOut(animated: false)
    }

    /// Where place `id`'s image rests in the detail view (window points), scrolled to the top.
    func detailFrame(of id: PhotoID) -> Rect { layout.detailImage(aspectRatio: aspectRatio(of: id)) }

    /// How far the detail view is scrolled (points; `alpha` ∈ [0, 1] of the way from the previous step):
    /// live while a place is open, where it was while its text fades out after it closed.
    func detailOffset(alpha: Double = 1) -> Double {
        heroes.stage.presented != nil ? field.offset(of: .detail, alpha: alpha).y : closingOffset
    }

    /// Where the open place's image is drawn now (window points): scrolled with the detail view, moved by
    /// the back swipe, or following the finger of a swipe down.
    func presentedDetailFrame(of id: PhotoID) -> Rect {
        if isSwipingDown { return viewer.frame }
        return detailFrame(of: id).offsetBy(dx: backSwipe.value, dy: -detailOffset())
    }

    /// A frame in the detail view's content (the paragraph, the title's line) as presented: scrolled, and
    /// moved by the back swipe (window points).
    func presented(_ r: Rect) -> Rect { r.offsetBy(dx: backSwipe.value, dy: -detailOffset()) }

    /// The details paragraph's frame as presented (window points).
    func presentedDetailsFrame(of place: Destination) -> Rect {
        presented(layout.detailsFrame(aspectRatio: aspectRatio(of: place.id), details: place.details))
    }

    /// A swipe down is under way or springing back.
    private var isSwipingDown: Bool { viewer.isSwiping || viewer.dismissProgress > 0 || !viewer.swipeY.isSettled }

    /// The close button's circle (window points).
    var closeButton: Rect { layout.closeButton }

    func aspectRatio(of id: PhotoID) -> Double {
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
            window: window, text: text)
        field.setLayout(.list, viewport: layout.viewport, contentSize: Size(window.width, layout.contentHeight))
        let spring = animated ? heroes.stage.spring : nil
        field.placeItems(of: .list, at: layout.items, animation: spring)
        layOutDetail()
    }

    /// The detail container covers the window while a place is open, its content as tall as image, title
    /// and the whole paragraph; otherwise it is empty and nowhere, so the list gets every gesture.
    private func layOutDetail() {
        guard let id = heroes.stage.presented?.id, let place = place(id) else {
            field.setLayout(.detail, viewport: .zero, contentSize: .zero)
            field[scroll: .detail].scroll.scroll(to: 0, animated: nil)
            return
        }
        let height = layout.detailContentHeight(aspectRatio: aspectRatio(of: id), details: place.details)
        field.setLayout(.detail, viewport: Rect(origin: .zero, size: window), contentSize: Size(window.width, height))
        viewer.refit(presented(detailFrame(of: id)), window: window)
    }

    // MARK: Commands and input

    @discardableResult
    func apply(_ command: HeroCommand) -> Bool {
        switch command {
        case .present(let id): present(id)
        case .dismiss: close(velocity: nil)
        }
    }

    /// Opens place `id` at the top of its detail view.
    @discardableResult
    private func present(_ id: PhotoID) -> Bool {
        guard heroes.present(id, overlay: detailFrame(of: id), in: field) else { return false }
        resetGestures()
        field[scroll: .detail].scroll.scroll(to: 0, animated: nil)
        layOutDetail()
        return true
    }

    /// Closes the open place: its image flies home from where it is drawn now, at `velocity` (a swipe's
    /// release; points/second per component of the frame) or at whatever speed it had. The text fades out
    /// where it was scrolled to. False when nothing was open.
    @discardableResult
    private func close(velocity: Rect?) -> Bool {
        guard let id = heroes.stage.presented?.id else { return false }
        if let velocity {
            field.hold(id, at: presentedDetailFrame(of: id), velocity: velocity, animation: heroes.stage.spring)
        }
        closingOffset = detailOffset()
        resetGestures()
        let closed = heroes.dismiss(in: field) != nil
        layOutDetail()
        return closed
    }

    private func resetGestures() {
        viewer.reset(fadeBackOn: nil)
        undecidedDrag = nil
        isBackSwiping = false
        backSwipe.set(0)
        drivenFrame = nil
    }

    var heroStage: HeroStage? { heroes.stage }

    var title: SceneTitle {
        SceneTitle(text: config.destinations.title, frame: Chrome(config: config.chrome).titleRow(window: window))
    }

    func handle(_ gesture: Gesture) {
        if heroes.stage.presented != nil, handleDetail(gesture) { return }
        switch gesture {
        case .tap(let p):
            // The detail view covers the list; only its close button answers.
            if heroes.stage.presented != nil {
                if layout.closeButton.contains(p) { close(velocity: nil) }
            } else if let id = field.tileID(at: p) {
                // A tile at home, or a hero on its way home (it turns round).
                present(id)
            }
        case .key(.escape):
            close(velocity: nil)
        default:
            break
        }
    }

    /// Presses, drags and the wheel on the open detail view (the hero stage covers the list, so they come
    /// here): the back swipe from the left edge, the swipe down from the top, otherwise the detail
    /// container's scroll. True when taken.
    private func handleDetail(_ gesture: Gesture) -> Bool {
        let swipe = config.destinations.detail.backSwipe
        switch gesture {
        case .press, .wheel:
            return route(gesture)
        case .dragBegan(let start, .horizontal) where start.x <= swipe.edgeWidth:
            isBackSwiping = true
            backSwipe.set(backSwipe.value)
            return true
        case .dragBegan(let start, .vertical):
            let scroll = field.scroll(.detail).scroll
            if scroll.offset <= 0.5 && scroll.phase != .decelerating && scroll.phase != .springing || isSwipingDown {
                undecidedDrag = start
                return true
            }
            return route(gesture)
        case .dragBegan:
            return true
        case .dragChanged(let delta):
            if let start = undecidedDrag {
                undecidedDrag = nil
                if delta.y > 0 || isSwipingDown {
                    _ = viewer.dragBegan(start: start, axis: .vertical)
                } else {
                    _ = route(.dragBegan(start: start, axis: .vertical))
                }
            }
            if isBackSwiping {
                backSwipe.set(max(0, backSwipe.value + delta.x))
            } else if viewer.isSwiping {
                viewer.dragChanged(delta)
            } else {
                return route(gesture)
            }
            return true
        case .dragEnded(let v):
            undecidedDrag = nil
            if isBackSwiping {
                isBackSwiping = false
                let x = backSwipe.value
                if v.x > swipe.velocity || (x > swipe.distanceFraction * window.width && v.x > -swipe.velocity / 4) {
                    close(velocity: Rect(v.x, 0, 0, 0))
                } else {
                    backSwipe.animate(from: x, velocity: v.x, to: 0, with: config.zoom.spring)
                }
                return true
            }
            if viewer.isSwiping {
                if case .dismiss(let velocity) = viewer.dragEnded(velocity: v) { close(velocity: velocity) }
                return true
            }
            return route(gesture)
        default:
            return false
        }
    }

    /// Hands a gesture to the field: on the open detail view that is the detail container's scroll, on top
    /// of the list and as large as the window (never the list under it).
    private func route(_ gesture: Gesture) -> Bool {
        guard field.scroll(.detail).viewport.size == window else { return true }
        return field.route(gesture, wheelStep: config.input.wheelStep, wheelAnimation: config.scroll.scrollAnimation)
    }

    func tileID(at p: Point) -> PhotoID? { heroes.tileID(at: p, in: field) }

    // MARK: Motion

    func step(_ dt: Double) {
        layOutIfNeeded()
        backSwipe.step(dt)
        if let id = heroes.stage.presented?.id { viewer.refit(presented(detailFrame(of: id)), window: window) }
        viewer.step(dt)
        // Read before the field is lent to the step (the overlay closure must not read it).
        let shift = Point(backSwipe.value, -detailOffset())
        let swiping = isSwipingDown ? viewer.frame : nil
        heroes.step(dt, field: field) { swiping ?? self.detailFrame(of: $0).offsetBy(dx: shift.x, dy: shift.y) }
        holdDrivenImage(dt)
    }

    /// While the detail view scrolls or a swipe moves it, the image is held where they put it, at their
    /// speed (the flight's spring would lag behind a finger); once they rest it is held still one last
    /// step, so it rests in the overlay exactly there.
    private func holdDrivenImage(_ dt: Double) {
        let shift = Point(backSwipe.value, -detailOffset())
        defer { lastShift = shift }
        guard let id = heroes.stage.presented?.id, let tile = field.tile(id) else {
            drivenFrame = nil
            return
        }
        if tile.layer != .overlay {
            // Still flying in: it flies on, carried along by what the scroll or the back swipe moved.
            let dx = shift.x - lastShift.x
            let dy = shift.y - lastShift.y
            if (dx != 0 || dy != 0) && !isSwipingDown {
                field.hold(
                    id, at: tile.presented.offsetBy(dx: dx, dy: dy), velocity: tile.frame.velocity,
                    animation: heroes.stage.spring)
            }
            drivenFrame = nil
            return
        }
        let moving =
            field.scroll(.detail).scroll.isMoving || isBackSwiping || !backSwipe.isSettled || isSwipingDown
            || viewer.drivesFrame
        guard moving || drivenFrame != nil else { return }
        let frame = presentedDetailFrame(of: id)
        var velocity = Rect.zero
        if moving, let last = drivenFrame, dt > 0 {
            velocity = Rect(
                (frame.x - last.x) / dt, (frame.y - last.y) / dt, (frame.width - last.width) / dt,
                (frame.height - last.height) / dt)
        }
        field.hold(id, at: frame, velocity: velocity, animation: heroes.stage.spring)
        drivenFrame = moving ? frame : nil
    }

    var isSettled: Bool {
        !needsLayout && heroes.isSettled && field.isSettled && viewer.isSettled && backSwipe.isSettled
            && !isBackSwiping && undecidedDrag == nil
    }

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
        let textOpacity = presence * (1 - viewer.dismissProgress)
        if presence > 0, let id = heroes.stage.overlayID {
            drawDetailBacking(aspectRatio: aspectRatio(of: id), presence: textOpacity, alpha: alpha, into: &list)
        }
        // The detail text comes in with the image, under it: only the image flies (Flutter's
        // `flightShuttleBuilder` picks what flies; the text stays in the detail view), so the flying image
        // is never covered by text — whether it is arriving, closing, turned round or re-aimed by a
        // resize. Its backing keeps the list fading out behind it from showing through.
        if presence > 0, let id = heroes.stage.overlayID, let place = place(id) {
            drawDetailText(place, presence: textOpacity, alpha: alpha, into: &list)
        }
        if heroes.stage.presented != nil { field.drawIndicator(of: .detail, alpha: alpha, into: &list) }

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

    /// The detail view's content shift at `alpha` (window points): its scroll and the back swipe.
    private func detailShift(alpha: Double) -> Point { Point(backSwipe.value, -detailOffset(alpha: alpha)) }

    /// Title and details under the detail image, scrolled with it, fading in with the detail view
    /// (SwiftUI's default insertion transition is a fade) and out as a swipe down takes the image.
    private func drawDetailText(_ place: Destination, presence: Double, alpha: Double, into list: inout DrawList) {
        let detail = config.destinations.detail
        let aspect = aspectRatio(of: place.id)
        let color = config.theme.text.withAlpha(presence)
        let shift = detailShift(alpha: alpha)
        let anchor = layout.titleAnchor(aspectRatio: aspect)
        list.append(
            .text(
                place.title, anchor: Point(anchor.x + shift.x, anchor.y + shift.y), alignment: .center,
                style: TextStyle(size: detail.titleSize, weight: .regular), color: color, clip: nil))
        list.append(
            .paragraph(
                place.details,
                frame: layout.detailsFrame(aspectRatio: aspect, details: place.details).offsetBy(
                    dx: shift.x, dy: shift.y),
                style: TextStyle(size: detail.detailsSize, weight: .regular), color: color, clip: nil))
    }

    /// The background under the detail text, at the detail view's opacity: from the title's top (as
    /// scrolled) to the window's bottom.
    private func drawDetailBacking(
        aspectRatio aspect: Double, presence: Double, alpha: Double, into list: inout DrawList
    ) {
        let shift = detailShift(alpha: alpha)
        let top = max(
            0,
            layout.titleAnchor(aspectRatio: aspect).y + shift.y
                - DestinationsLayout.lineHeight(config.destinations.detail.titleSize) / 2)
        let backing = Rect(shift.x, top, window.width, max(0, window.height - top))
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

    func place(_ id: PhotoID) -> Destination? { placeIndex[id].map { places[$0] } }

    // MARK: State dump

    var overlayDump: OverlayDump? {
        heroes.stage.overlayID.map {
            OverlayDump(
                id: $0, kind: Self.overlayKind, dismiss: heroes.stage.presented != nil ? viewer.dismissProgress : 0)
        }
    }
}

/// Keyboard focus: the places, Up and Down along the list; Space opens the focused place.
extension DestinationsScene: FocusableScene {
    var focusGroups: [[FocusTarget]] { [field.items(.list).map(FocusTarget.tile)] }

    func focusFrame(of target: FocusTarget) -> Rect? { tileFocusFrame(of: target) }
    func activate(_ target: FocusTarget) { if let id = target.tileID { apply(.present(id)) } }
    func revealFocus(_ target: FocusTarget) { revealFocusedTile(target, animation: config.scroll.scrollAnimation) }

    func focusRing(of target: FocusTarget, alpha: Double) -> FocusRing? {
        guard let id = target.tileID else { return nil }
        let radius = heroes.stage.hero(id)?.cornerRadius.value ?? config.destinations.cornerRadius
        return field.focusRing(around: id, alpha: alpha, radius: radius)
    }
}
