import TesseraGeometry
import TesseraPhotos

/// The hero stage on top of a `TileField`: what the two hero scenes share (the waterfall's fullscreen
/// photo, the destinations' detail view; docs/BEHAVIOUR.md#hero-transitions).
///
/// A tap on a tile presents it: its spring moves into window space and heads for the overlay frame the
/// scene gives; dismissing sends it home into its container's space, so it lands on its slot however
/// the container scrolls meanwhile, and turning round keeps position and velocity. While a hero is
/// presented the overlay covers the container: it neither scrolls nor takes taps.
///
/// `fadesWhilePresented` is a list whose `.opacity` follows the detail view: every tile but the
/// presented hero springs to opacity 0 while something is presented and back to 1 after. Each tile has
/// its own opacity spring, so a hero dismissed while another is presented fades with the list and lands
/// at whatever opacity it has reached (no pop when it rejoins).
struct HeroOverlay: Sendable {
    private(set) var stage: HeroStage
    let slotStyle: HeroTransition.Style
    let overlayStyle: HeroTransition.Style
    let fadesWhilePresented: Bool
    private let spring: SpringParameters
    /// The stage's opacity the step before (frames interpolate between steps).
    private var previousOpacity = 0.0
    /// Reduce motion (`CrossFades`): a hero is at the overlay, or home, at once, and dissolves — its slot
    /// fading out as the overlay's photo fades in, the overlay's fading out as the slot's fades in.
    var reduceMotion = false
    /// The slots heroes left (drawn under the backdrop) and the overlay frames they left, fading out.
    private(set) var slotFades = CrossFades()
    private(set) var overlayFades = CrossFades()

    init(
        spring: SpringParameters, slotStyle: HeroTransition.Style, overlayStyle: HeroTransition.Style,
        fadesWhilePresented: Bool
    ) {
        stage = HeroStage(spring: spring)
        self.spring = spring
        self.slotStyle = slotStyle
        self.overlayStyle = overlayStyle
        self.fadesWhilePresented = fadesWhilePresented
    }

    // MARK: Commands

    /// Presents `id` at `overlay` (window points): a tile at home takes off, a hero on its way home turns
    /// round. False when another hero is presented or there is no such tile.
    @discardableResult
    mutating func present(_ id: PhotoID, overlay: Rect, in field: TileField) -> Bool {
        guard let from = field.tile(id)?.presented,
            stage.present(id, slotStyle: slotStyle, overlayStyle: overlayStyle)
        else {
            return false
        }
        field.fly(id, to: overlay, animation: spring)
        if reduceMotion {
            slotFades.begin(id, from: from, radius: slotStyle.cornerRadius, spring: spring)
            field.hold(id, at: overlay, velocity: .zero, animation: spring)
        }
        updateFades(field)
        return true
    }

    /// Sends the presented hero home. Returns its id, nil when nothing was presented.
    @discardableResult
    mutating func dismiss(in field: TileField) -> PhotoID? {
        let from = stage.presented.flatMap { field.tile($0.id)?.presented }
        guard let id = stage.dismiss(style: slotStyle) else { return nil }
        field.flyHome(id, animation: spring)
        if reduceMotion, let from, let tile = field.tile(id) {
            overlayFades.begin(id, from: from, radius: overlayStyle.cornerRadius, spring: spring)
            // Home at once: its slot in its container's content coordinates.
            let viewport = field.scroll(tile.container).viewport
            field.place(id, at: tile.home.offsetBy(dx: -viewport.x, dy: -viewport.y), animation: nil)
        }
        updateFades(field)
        return id
    }

    private func updateFades(_ field: TileField) {
        guard fadesWhilePresented else { return }
        let presentedID = stage.presented?.id
        for tile in field.tiles {
            field.fade(tile.id, to: presentedID == nil || tile.id == presentedID ? 1 : 0, animation: spring)
        }
    }

    // MARK: Gestures

    /// A tap the field did not take: while a hero is presented it closes it if `closes` (a tap anywhere
    /// on a fullscreen photo, on the close button of a detail view); otherwise a tap on a tile (or on a
    /// hero flying home) presents it at `overlay(id)`.
    mutating func tap(at p: Point, in field: TileField, closes: Bool, overlay: (PhotoID) -> Rect) {
        if stage.presented != nil {
            if closes { dismiss(in: field) }
        } else if let id = field.tileID(at: p) {
            present(id, overlay: overlay(id), in: field)
        }
    }

    /// The tile a tap at `p` acts on as itself: the field's hit test, except that while a hero is open a
    /// tap elsewhere acts on no tile of the list.
    func tileID(at p: Point, in field: TileField) -> PhotoID? {
        guard let open = stage.presented?.id else { return field.tileID(at: p) }
        return field.tile(open)?.presented.contains(p) == true ? open : nil
    }

    /// Pages the overlay from the presented hero to `id`, which shows at `frame` (window points) moving at
    /// `velocity`: the old hero's tile goes home at once — to `home`, its slot in its container's content
    /// coordinates, under the backdrop where no one sees it land — and `id`'s tile is taken into window
    /// space where it is drawn, so nothing jumps. Its slot is the one left empty now.
    mutating func page(
        to id: PhotoID, at frame: Rect, velocity: Rect, home: Rect, in field: TileField
    ) -> Bool {
        guard let old = stage.presented?.id, old != id, field.tile(id) != nil,
            stage.replacePresented(with: id, style: overlayStyle)
        else { return false }
        field.flyHome(old, animation: spring)
        field.place(old, at: home, animation: nil)
        field.fly(id, to: frame, animation: spring)
        field.hold(id, at: frame, velocity: velocity, animation: spring)
        updateFades(field)
        return true
    }

    /// Takes `id` off the stage (its photo left the folder): presented or flying, it is simply gone.
    mutating func remove(_ id: PhotoID) { stage.remove(id) }

    // MARK: Motion

    /// Advances the field and the stage by `dt` seconds. `overlay` gives the frame (window points) the
    /// presented hero heads for now: it follows resizes.
    mutating func step(_ dt: Double, field: TileField, overlay: (PhotoID) -> Rect) {
        previousOpacity = stage.opacity
        if let id = stage.presented?.id { field.retarget(id, to: overlay(id), animation: spring) }
        field.step(dt)
        stage.step(dt)
        slotFades.step(dt)
        overlayFades.step(dt)
        stage.land { field.tile($0)?.layer == .container }
    }

    /// The stage's opacity (the backdrop's, the detail view's) `alpha` ∈ [0, 1] of the way from the
    /// previous step.
    func opacity(alpha: Double) -> Double {
        previousOpacity + (stage.opacity - previousOpacity) * min(1, max(0, alpha))
    }

    var isSettled: Bool { stage.isSettled && slotFades.isSettled && overlayFades.isSettled }

    /// How much tile `id` shows where it is now: 1 unless it is dissolving in (reduce motion).
    func opacity(of id: PhotoID) -> Double { slotFades.opacity(of: id) * overlayFades.opacity(of: id) }
}
