/// A scrolling container whose tiles can fly out to an overlay and back: the part the two hero scenes
/// share (the waterfall's fullscreen photo, SPEC §2; the destinations' detail view, SPEC §4).
///
/// It owns the container's scroll, one `MatchedTile` per item and the `HeroStage`. Scenes give it the
/// slots (layout's frames) and, each step, the overlay frame a hero should head for; they draw and
/// hit-test through it. Tiles at home reflow on the same spring as the heroes, in unscrolled space,
/// as the picker's do. While a hero is presented the container can neither scroll nor be tapped: the
/// overlay covers it.
///
/// `fadesWhilePresented` is seed 004's `.opacity(showDetail ? 0 : 1)` on the list: every tile but the
/// presented hero springs to opacity 0 while something is presented and back to 1 after. Each tile has
/// its own opacity spring, so a hero dismissed while another is presented fades with the list and lands
/// at whatever opacity it has reached (no pop when it rejoins).
public struct HeroContainer: Sendable {
    public private(set) var container: ScrollContainer
    public private(set) var tiles: [MatchedTile] = []
    public private(set) var stage: HeroStage
    public let slotStyle: HeroTransition.Style
    public let overlayStyle: HeroTransition.Style
    public let fadesWhilePresented: Bool

    private var tileIndex: [String: Int] = [:]
    /// Each tile's frame in content coordinates, in model order (layout's output).
    private var slots: [Rect] = []
    private var opacities: [AnimatedValue] = []
    private let spring: SpringParameters
    private var hasLayout = false
    /// Points the container scrolls per wheel notch.
    private let wheelStep: Double
    private let wheelAnimation: SpringParameters
    /// A drag began on the container (vertical, inside the viewport, nothing presented): its moves scroll.
    private var dragging = false
    /// True while a press that stopped the scrolling list is down (its tap only stops it).
    private var caught = false
    /// The stage's opacity the step before (frames interpolate between steps).
    private var previousStageOpacity = 0.0

    /// - Parameters:
    ///   - ids: the tiles, in model order (the order slots are given in).
    ///   - spring: drives the heroes, the fades and the reflow of tiles at home.
    ///   - wheelStep: points per wheel notch (`input.wheelStep`).
    public init(
        id: String, ids: [String], physics: ScrollPhysics, wheelStep: Double, spring: SpringParameters,
        slotStyle: HeroTransition.Style, overlayStyle: HeroTransition.Style, fadesWhilePresented: Bool
    ) {
        self.wheelStep = wheelStep
        wheelAnimation = physics.scrollAnimation
        container = ScrollContainer(id: id, axis: .vertical, physics: physics)
        stage = HeroStage(spring: spring)
        self.spring = spring
        self.slotStyle = slotStyle
        self.overlayStyle = overlayStyle
        self.fadesWhilePresented = fadesWhilePresented
        for (i, tileID) in ids.enumerated() {
            tileIndex[tileID] = i
            tiles.append(MatchedTile(id: tileID, container: id, unscrolled: .zero, presented: .zero))
            opacities.append(AnimatedValue(1, restThreshold: 0.002))
        }
    }

    public var ids: [String] { tiles.map(\.id) }

    public func index(of id: String) -> Int? { tileIndex[id] }

    // MARK: Layout

    /// New slots (content coordinates, model order) in a viewport. The first layout places every tile;
    /// later ones send tiles at home to their new slots on the spring (heroes follow theirs when
    /// they head home: `step` retargets them).
    public mutating func setLayout(viewport: Rect, contentSize: Size, slots: [Rect]) {
        precondition(slots.count == tiles.count, "HeroContainer: one slot per tile")
        container.setLayout(viewport: viewport, contentSize: contentSize)
        self.slots = slots
        for i in tiles.indices where stage.index(of: tiles[i].id) == nil {
            let target = container.unscrolled(slots[i])
            if hasLayout {
                tiles[i].frame.animate(to: target, with: spring)
            } else {
                tiles[i].frame.set(target)
                tiles[i].presented = container.scrolled(target)
                tiles[i].previousPresented = tiles[i].presented
            }
        }
        hasLayout = true
    }

    /// A tile's slot in the container's unscrolled space (where its spring runs at home).
    public func slot(_ id: String) -> Rect {
        guard let i = tileIndex[id], i < slots.count else { return .zero }
        return container.unscrolled(slots[i])
    }

    // MARK: Commands

    /// Presents `id` in `overlay` (window points): a tile at home takes off, a hero on its way home turns
    /// round. False when another hero is presented or there is no such tile.
    @discardableResult
    public mutating func present(_ id: String, overlay: Rect) -> Bool {
        guard let i = tileIndex[id] else { return false }
        let presented = stage.present(
            id, tileFrame: tiles[i].frame, slotStyle: slotStyle, overlay: overlay, overlayStyle: overlayStyle,
            containerOffset: container.offset)
        guard presented else { return false }
        // At once, not at the next step: the slot is empty from the frame that shows the flight.
        tiles[i].layer = .flight
        updateFadeTargets()
        return true
    }

    /// Sends the presented hero home. Returns its id, nil when nothing was presented.
    @discardableResult
    public mutating func dismiss() -> String? {
        let slots = self
        let id = stage.dismiss(to: { slots.slot($0) }, style: slotStyle, containerOffset: container.offset)
        if id != nil { updateFadeTargets() }
        return id
    }

    private mutating func updateFadeTargets() {
        guard fadesWhilePresented else { return }
        let presentedID = stage.presented?.id
        for i in tiles.indices {
            let target = presentedID == nil || tiles[i].id == presentedID ? 1.0 : 0.0
            opacities[i].animate(to: target, with: spring)
        }
    }

    // MARK: Gestures

    /// Routes the gestures both hero scenes answer alike. A tap on a tile (or a hero flying home)
    /// presents it at `overlay(id)`; while a hero is presented the overlay covers the container, so a
    /// tap closes it only where `tapCloses` says (the whole window for a fullscreen photo, the close
    /// button for a detail view) and the container neither scrolls nor is tapped. Escape dismisses. A
    /// vertical drag that starts in the viewport scrolls; so does the wheel over it.
    public mutating func handle(
        _ gesture: Gesture, overlay: (String) -> Rect, tapCloses: (Point) -> Bool
    ) {
        switch gesture {
        case .press(let p):
            // A touch on the moving list or column stops it; the tap that follows only does that.
            caught = stage.presented == nil && container.viewport.contains(p) && container.catchScroll()
        case .tap(let p):
            if caught {
                caught = false
                container.endDrag(fingerVelocity: .zero)
                return
            }
            if stage.presented != nil {
                if tapCloses(p) { dismiss() }
            } else if let id = hit(p) {
                present(id, overlay: overlay(id))
            }
        case .key("Escape"):
            dismiss()
        case .key:
            break
        case .dragBegan(let start, let axis):
            if caught && axis != .vertical { container.endDrag(fingerVelocity: .zero) }
            caught = false
            dragging = axis == .vertical && container.viewport.contains(start) && stage.presented == nil
            if dragging { container.beginDrag() }
        case .dragChanged(let delta):
            if dragging && stage.presented == nil { container.drag(by: delta) }
        case .dragEnded(let velocity):
            // A drag that began before the overlay appeared still ends (and may fling).
            if (dragging || caught) && container.scroll.phase == .dragging {
                container.endDrag(fingerVelocity: dragging ? velocity : .zero)
            }
            dragging = false
            caught = false
        case .wheel(let at, let dx, let dy):
            if container.viewport.contains(at) && stage.presented == nil {
                container.wheel(dx: dx, dy: dy, step: wheelStep, animation: wheelAnimation)
            }
        }
    }

    // MARK: Motion

    /// Advances scrolling, heroes, fades and reflow by `dt` seconds. `overlay` gives the frame (window
    /// points) the presented hero heads for now — it follows resizes.
    public mutating func step(_ dt: Double, overlay: (String) -> Rect) {
        previousStageOpacity = stage.opacity
        container.scroll.step(dt)
        let me = self
        stage.retarget { hero in hero.heading == .overlay ? overlay(hero.id) : me.slot(hero.id) }
        stage.step(dt) { landed in
            // The trip is over: the frame spring goes back to the tile, which rejoins its container.
            guard let i = tileIndex[landed.id] else { return }
            tiles[i].frame = landed.frame
            tiles[i].layer = .container
        }
        let offset = container.offset
        let scrollVelocity = container.offsetVelocity
        for i in tiles.indices {
            tiles[i].previousPresented = tiles[i].presented
            opacities[i].step(dt)
            tiles[i].opacity = min(1, max(0, opacities[i].value))
            if let h = stage.index(of: tiles[i].id) {
                let hero = stage.heroes[h]
                tiles[i].presented = hero.presented(containerOffset: offset)
                tiles[i].velocity = hero.velocity(containerVelocity: scrollVelocity)
                tiles[i].layer = hero.heading == .overlay && hero.isSettled ? .overlay : .flight
            } else {
                tiles[i].frame.step(dt)
                tiles[i].presented = container.scrolled(tiles[i].frame.presented)
                let v = tiles[i].frame.velocity
                tiles[i].velocity = Rect(v.x - scrollVelocity.x, v.y - scrollVelocity.y, v.width, v.height)
            }
        }
    }

    /// The stage's opacity (the backdrop's, the detail view's) interpolated `alpha` ∈ [0, 1] between
    /// the previous step and this one.
    public func stageOpacity(alpha: Double) -> Double {
        previousStageOpacity + (stage.opacity - previousStageOpacity) * min(1, max(0, alpha))
    }

    /// Whether a tile moves: its hero's springs while on stage, its own otherwise.
    private func isMoving(_ tile: MatchedTile) -> Bool {
        guard let h = stage.index(of: tile.id) else { return tile.isMoving }
        return !stage.heroes[h].isSettled || tile.velocity != .zero
    }

    /// Nothing moves: no scroll, no trip, no fade, no reflow.
    public var isSettled: Bool {
        // A tile on stage has handed its spring to its hero (the stage answers for it); the copy it
        // keeps is stale until the hero lands and gives the spring back.
        !container.scroll.isMoving && stage.isSettled
            && tiles.allSatisfy { stage.index(of: $0.id) != nil || $0.frame.isSettled }
            && opacities.allSatisfy(\.isSettled)
    }

    // MARK: Hit testing and queries

    /// What a tap at `p` lands on, topmost first: a hero (the presented one, then those flying home),
    /// else a tile at home inside the viewport. The overlay's own controls are the scene's business.
    public func hit(_ p: Point) -> String? {
        if let hero = stage.heroes.last(where: { tiles[tileIndex[$0.id]!].presented.contains(p) }) {
            return hero.id
        }
        guard container.viewport.contains(p) else { return nil }
        return tiles.first { $0.layer == .container && $0.presented.contains(p) }?.id
    }

    public func tile(_ id: String) -> MatchedTile? { tileIndex[id].map { tiles[$0] } }

    /// The tile a tap at `p` acts on as itself (`Scene.tileID(at:)`, checked by the monkey against what
    /// is drawn): `hit`, except that while a hero is open a tap elsewhere acts on no tile of the list.
    public func tileID(at p: Point) -> String? {
        guard let open = stage.presented?.id else { return hit(p) }
        return tile(open)?.presented.contains(p) == true ? open : nil
    }

    /// Where layout puts a tile now, in window points: the overlay frame for the presented hero, its
    /// slot (after scrolling) otherwise.
    public func target(of tile: MatchedTile, overlay: (String) -> Rect) -> Rect {
        if let hero = stage.hero(tile.id), hero.heading == .overlay { return overlay(tile.id) }
        return container.scrolled(slot(tile.id))
    }

    /// The state dump's tiles (CONTRACT.md).
    public func dumpTiles(window: Size, overlay: (String) -> Rect) -> [TileDump] {
        let windowRect = Rect(0, 0, window.width, window.height)
        return tiles.map { tile in
            let visible =
                tile.presented.intersects(windowRect)
                && (tile.layer != .container || tile.presented.intersects(container.viewport))
            return TileDump(
                id: tile.id, container: container.id, target: target(of: tile, overlay: overlay),
                presented: tile.presented, velocity: tile.velocity, moving: isMoving(tile), layer: tile.layer.rawValue,
                visible: visible, scale: tile.scale, opacity: tile.opacity)
        }
    }

    public func dumpContainer() -> ContainerDump {
        ContainerDump(
            id: container.id, frame: container.viewport, contentSize: container.contentSize, offset: container.offset,
            items: ids)
    }
}
