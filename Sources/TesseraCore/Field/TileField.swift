import TesseraGeometry
import TesseraPhotos

/// The middle layer every scene stands on: named scrolling containers, the matched tiles they hold,
/// and the one mapping from a tile's spring to what the window shows (docs/ARCHITECTURE.md).
///
/// It owns the model (`TileOrder`: each container's tiles in order), each container's frame and scroll,
/// every tile by id, the set of tiles that move (settled springs cost nothing), the gesture routing that
/// scrolls containers (`TileField+Gestures`), the layered draw pass (`+Drawing`), the hit test
/// (`+HitTesting`) and the read-only state dump (`+Dump`). Scenes keep their model's meaning, their pure
/// layout and their own look; the hero overlay (`HeroOverlay`) sits on top.
///
/// Containers nest one level or more: a gallery row scrolls inside the outer scroll, so its viewport is
/// given in its parent's unscrolled space and everything in it moves with both offsets.
///
/// A reference with one owner: the scene makes it and keeps it (`Scene.field`), the hero overlay and
/// the router act on that one field, and everything else reads it through methods that change nothing
/// (the draw pass, the hit test, the dump, the semantics tree). Nothing is ever handed a field of its
/// own, so no reading holds the tiles twice.
final class TileField {
    /// One container: its scroll, where input reaches it, and what the last step saw of it (its tiles in
    /// model order are `order`'s). The field's own, like the field: read and changed where it sits in
    /// `containers`.
    final class Container {
        let id: ContainerID
        var scroll: ScrollContainer
        /// The container this one scrolls inside (its place in `containers`), if any.
        let parent: Int?
        /// Where a press, drag or wheel reaches it (the parent's unscrolled space); the viewport if nil.
        var hitFrame: Rect?
        /// Whether the field scrolls it on the wheel; false leaves the wheel to the scene (`route`).
        let scrollsOnWheel: Bool
        /// How many times a finger has taken hold of it (`grabs(of:)`).
        var grabs = 0
        /// The scroll offset the step before (points), for interpolated drawing.
        var previousOffset = Point.zero
        /// Its scroll indicator, if it draws one (`TileField+Indicators`).
        var indicator: ScrollIndicator?
        /// Its offset and velocity with every enclosing container's as the last step left them, and the
        /// offset the step before (points, points/second): what a resting tile is drawn with.
        var stepOffset = Point.zero
        var stepVelocity = Point.zero
        var previousStepOffset = Point.zero
        /// Where its tiles rest along its axis (`VisibleRange`), and whether that is still so: a layout,
        /// a move or a membership change leaves it stale until the next step rebuilds it (meanwhile the
        /// readers look at every tile).
        var range = VisibleRange()
        var rangeIsCurrent = false

        init(id: ContainerID, scroll: ScrollContainer, parent: Int?, scrollsOnWheel: Bool, indicator: ScrollIndicator?)
        {
            self.id = id
            self.scroll = scroll
            self.parent = parent
            self.scrollsOnWheel = scrollsOnWheel
            self.indicator = indicator
        }
    }

    /// How scroll indicators look and fade; scenes set it from `Config.scrollIndicators`.
    var indicatorConfig = ScrollIndicatorConfig()

    /// Every container, in the order they were added, parents first: the dump's order; hit tests run it
    /// backwards so an inner container wins. A tile's `slot` is its container's place here.
    var containers: [Container] = []
    /// Every tile, in the order added. A tile outside the moving set (`active`) rests: what it presents
    /// follows from its spring and its containers' offsets (`presented(_:)`); read tiles through
    /// `tile(_:)`.
    internal(set) var tiles: [MatchedTile] = []
    var index: [PhotoID: Int] = [:]
    /// The model: which tiles each container holds, in order. Kept apart from the tiles' springs and
    /// the containers' scrolls: membership changes it, and nothing that moves does.
    var order = TileOrder()
    /// Tiles outside the container layer (flying, or resting in an overlay), as places in `tiles`, in
    /// take-off order: the flight layer's draw order, later ones on top.
    var aboveTiles: [Int] = []
    /// The tiles `step` visits; every other one rests.
    var active = ActiveTileSet()
    /// Tiles whose springs ran in the last step (the profiler's "animating tiles").
    internal(set) var animatingTileCount = 0
    /// Gesture routing: the container a drag scrolls, and the one a press caught while it moved.
    var dragging: Int?
    var caught: Int?

    init() {}

    // MARK: Building

    /// Adds an empty container. A child (`inside`) must be added after its parent.
    /// `showsIndicator`: whether a scroll indicator appears while it scrolls (not on the gallery's rows or
    /// the picker's dock). `scrollsOnWheel`: false when the scene scrolls it on the wheel by its own rules.
    func addContainer(
        _ id: ContainerID, axis: Axis, physics: ScrollPhysics, inside parent: ContainerID? = nil,
        showsIndicator: Bool = true, scrollsOnWheel: Bool = true
    ) {
        precondition(slot(of: id) == nil, "TileField: container \(id) added twice")
        let parentSlot = parent.map { slot(ofAdded: $0) }
        containers.append(
            Container(
                id: id, scroll: ScrollContainer(axis: axis, physics: physics), parent: parentSlot,
                scrollsOnWheel: scrollsOnWheel, indicator: showsIndicator ? ScrollIndicator() : nil))
        order.addContainer()
    }

    /// Adds tiles `ids` at the end of `container`'s items, in order, with room made for all of them at
    /// once: adding a library one tile at a time grows every array by doubling, and at the doubling a
    /// tile array is held twice (a 100,000-photo picker peaked at 237 MB starting up, 162 MB of it tiles
    /// being moved to a larger array).
    func addTiles(_ ids: some Collection<PhotoID>, to container: ContainerID) {
        let k = slot(ofAdded: container)
        let total = tiles.count + ids.count
        tiles.reserveCapacity(total)
        index.reserveCapacity(total)
        active.reserve(total)
        order.reserve(ids.count, in: k)
        for id in ids { addTile(id, to: container) }
    }

    /// Adds a tile at the end of `container`'s items. It appears where the next `place` puts it.
    func addTile(_ id: PhotoID, to container: ContainerID) {
        precondition(index[id] == nil, "TileField: tile \(id) added twice")
        let k = slot(ofAdded: container)
        index[id] = tiles.count
        active.reserve(tiles.count + 1)
        var tile = MatchedTile(id: id, container: container, unscrolled: .zero, presented: .zero)
        tile.slot = k
        order.append(id, tile: tiles.count, to: k)
        tiles.append(tile)
        containers[k].rangeIsCurrent = false
        keepMovingUnlessResting(tiles.count - 1)
    }

    /// The place of container `id` in `containers`, nil if it was never added.
    func slot(of id: ContainerID) -> Int? {
        for k in containers.indices where containers[k].id == id { return k }
        return nil
    }

    /// The same for a container the caller added: asking for one that is not there is a programming
    /// error, stopped here with its name.
    private func slot(ofAdded id: ContainerID) -> Int {
        guard let k = slot(of: id) else { preconditionFailure("TileField: no container \(id)") }
        return k
    }

    // MARK: Reading

    /// The ids of the tiles above the containers, bottom first.
    var above: [PhotoID] { aboveTiles.map { tiles[$0].id } }

    /// Tile `id` as it presents now.
    func tile(_ id: PhotoID) -> MatchedTile? { index[id].map(resolved) }

    /// Tile `i` with the frames it presents now: stored while it moves, worked out from its spring and
    /// its containers' offsets at the last step while it rests.
    func resolved(_ i: Int) -> MatchedTile {
        var tile = tiles[i]
        guard !active.contains(i) else { return tile }
        tile.presented = restingPresented(i)
        tile.previousPresented = restingPreviousPresented(i)
        tile.velocity = restingVelocity(i)
        return tile
    }

    /// The frame tile `i` presents now (window points).
    func presented(_ i: Int) -> Rect { active.contains(i) ? tiles[i].presented : restingPresented(i) }

    /// The frame tile `i` is drawn at, `alpha` ∈ [0, 1] of the way from the step before.
    func interpolated(_ i: Int, _ alpha: Double) -> Rect {
        guard !active.contains(i) else { return tiles[i].interpolated(alpha) }
        let now = restingPresented(i)
        return alpha >= 1 ? now : restingPreviousPresented(i).interpolated(to: now, alpha)
    }

    /// A resting tile's frames and velocity: its spring, less its containers' offset (at the last step,
    /// and the step before) in a container's space; the spring itself in window space.
    // They run for every tile drawn and hit-tested, so they read only the numbers they use.
    private func restingPresented(_ i: Int) -> Rect {
        let spring = tiles[i].frame.presented
        guard tiles[i].space == .container else { return spring }
        let o = containers[tiles[i].slot].stepOffset
        return spring.offsetBy(dx: -o.x, dy: -o.y)
    }

    private func restingPreviousPresented(_ i: Int) -> Rect {
        let spring = tiles[i].frame.presented
        guard tiles[i].space == .container else { return spring }
        let o = containers[tiles[i].slot].previousStepOffset
        return spring.offsetBy(dx: -o.x, dy: -o.y)
    }

    private func restingVelocity(_ i: Int) -> Rect {
        let s = tiles[i].frame.velocity
        guard tiles[i].space == .container else { return s }
        let v = containers[tiles[i].slot].stepVelocity
        return Rect(s.x - v.x, s.y - v.y, s.width, s.height)
    }

    /// True when what tile `i` stores is what it would present resting: it may leave the moving set.
    func storesItsRestingFrames(_ i: Int) -> Bool {
        tiles[i].presented == restingPresented(i) && tiles[i].previousPresented == restingPreviousPresented(i)
            && tiles[i].velocity == restingVelocity(i)
    }

    /// A tile given its frames outside a step (added, or placed without animation) rests only if they
    /// are the ones it would rest with; otherwise the next step visits it, as it would a moving one.
    private func keepMovingUnlessResting(_ i: Int) {
        if !active.contains(i), !tiles[i].isSettled || !storesItsRestingFrames(i) { active.insert(i) }
    }

    /// The ids `container` holds, in model order.
    func items(_ container: ContainerID) -> [PhotoID] { slot(of: container).map { order.items[$0] } ?? [] }

    /// A container's scroll (read it; change it through `subscript(scroll:)`).
    func scroll(_ id: ContainerID) -> ScrollContainer { containers[slot(ofAdded: id)].scroll }

    /// A container's scroll, for what a scene asks of it (scroll to a target, reveal a slot).
    subscript(scroll id: ContainerID) -> ScrollContainer {
        get { containers[slot(ofAdded: id)].scroll }
        set { containers[slot(ofAdded: id)].scroll = newValue }
    }

    /// How many times a finger has taken hold of the container: a press that caught its moving scroll, or
    /// a drag that began on it. A scene's pending programmatic scroll yields to a finger (the gallery's
    /// scroll position) by noting this when it starts and comparing later.
    func grabs(of id: ContainerID) -> Int { slot(of: id).map { containers[$0].grabs } ?? 0 }

    /// The container's offset plus every enclosing container's (points), now or `alpha` ∈ [0, 1] of the
    /// way from the previous step.
    func offset(of id: ContainerID, alpha: Double = 1) -> Point {
        slot(of: id).map { offset(slot: $0, alpha: alpha) } ?? .zero
    }

    func offset(slot k: Int, alpha: Double = 1) -> Point {
        let c = containers[k]
        let now = c.scroll.offset
        let before = c.previousOffset
        let own = alpha >= 1 ? now : before + Point((now.x - before.x) * alpha, (now.y - before.y) * alpha)
        return c.parent.map { own + offset(slot: $0, alpha: alpha) } ?? own
    }

    /// d(offset)/dt of `offset(of:)`, points/second.
    func offsetVelocity(of id: ContainerID) -> Point { slot(of: id).map { offsetVelocity(slot: $0) } ?? .zero }

    func offsetVelocity(slot k: Int) -> Point {
        let own = containers[k].scroll.offsetVelocity
        return containers[k].parent.map { own + offsetVelocity(slot: $0) } ?? own
    }

    /// The container's frame in window points (its viewport moved by the enclosing containers' scroll).
    func windowFrame(of id: ContainerID, alpha: Double = 1) -> Rect {
        slot(of: id).map { windowFrame(slot: $0, alpha: alpha) } ?? .zero
    }

    func windowFrame(slot k: Int, alpha: Double = 1) -> Rect {
        shiftedByParent(containers[k].scroll.viewport, of: k, alpha: alpha)
    }

    /// What clips the container's tiles in window points: its frame inside every enclosing clip.
    func windowClip(of id: ContainerID, alpha: Double = 1) -> Rect {
        slot(of: id).map { windowClip(slot: $0, alpha: alpha) } ?? .zero
    }

    func windowClip(slot k: Int, alpha: Double = 1) -> Rect {
        let frame = windowFrame(slot: k, alpha: alpha)
        guard let parent = containers[k].parent else { return frame }
        return frame.intersection(windowClip(slot: parent, alpha: alpha))
    }

    /// Where input reaches the container, in window points, inside every enclosing clip.
    func windowHitFrame(slot k: Int) -> Rect {
        let frame = shiftedByParent(containers[k].hitFrame ?? containers[k].scroll.viewport, of: k, alpha: 1)
        return containers[k].parent.map { frame.intersection(windowClip(slot: $0)) } ?? frame
    }

    private func shiftedByParent(_ r: Rect, of k: Int, alpha: Double) -> Rect {
        guard let parent = containers[k].parent else { return r }
        let o = offset(slot: parent, alpha: alpha)
        return r.offsetBy(dx: -o.x, dy: -o.y)
    }

    /// Nothing moves: every scroll rests and every tile's springs have settled.
    var isSettled: Bool {
        // Read in place: a container handed to a closure was copied whole, its scroll axis retained and
        // released, on each of the several times a frame asks.
        for k in containers.indices {
            if containers[k].scroll.scroll.phase != .idle || containers[k].indicator?.isSettled == false {
                return false
            }
        }
        return active.allSatisfy { tiles[$0].isSettled }
    }

    /// Tiles the next step will visit (0 once everything rests).
    var activeTileCount: Int { active.count }

    // MARK: Layout

    /// Lays a container out (see `ScrollContainer.setLayout`); `hitFrame` is where input reaches it when
    /// that differs from its clip (the picker's dock panel around the dock).
    func setLayout(
        _ id: ContainerID, viewport: Rect, contentSize: Size, contentMargins: ContentMargins = .zero,
        targets: [Rect] = [], restingAt preferred: Double? = nil, animation: SpringParameters? = nil,
        hitFrame: Rect? = nil
    ) {
        let k = slot(ofAdded: id)
        containers[k].scroll.setLayout(
            viewport: viewport, contentSize: contentSize, contentMargins: contentMargins, targets: targets,
            restingAt: preferred, animation: animation)
        containers[k].hitFrame = hitFrame
    }

    /// Moves a container's frame without laying its content out again (a gallery row riding its resize
    /// spring): the clip, hit frame and dump follow; scroll geometry and tile targets stay.
    func moveFrame(of id: ContainerID, to frame: Rect) {
        containers[slot(ofAdded: id)].scroll.reposition(frame)
    }

    /// Puts tile `id` at `contentFrame` (its container's content coordinates): on `animation` from
    /// wherever it is, or at once when nil (a first layout: nothing flies in from nowhere). A tile on
    /// its way to a window-space destination only records its new home.
    func place(_ id: PhotoID, at contentFrame: Rect, animation: SpringParameters?) {
        guard let i = index[id] else { return }
        place(i, at: contentFrame, animation: animation, in: placing(slot: tiles[i].slot))
    }

    /// Puts `container`'s items, in model order, at `frames` (content coordinates, one per item): see
    /// `place`. Those in `appearing` (just added) take their places at once. Tiles are found by their
    /// place, not their id, and the container is read once: a relayout of 100,000 photos looks up no id
    /// (BENCHMARKS.md, "100,000 photos").
    func placeItems(
        of container: ContainerID, at frames: some Sequence<Rect>, animation: SpringParameters?,
        appearing: Set<PhotoID> = []
    ) {
        guard let k = slot(of: container) else { return }
        let placing = placing(slot: k)
        let ids = order.items[k]
        let vertical = containers[k].scroll.axis == .vertical
        // Every tile placed rests (or heads) where it is put: its span along the axis is its new frame's,
        // so the visible range is built here from the frames, not read back from 100,000 tiles later.
        var spans: [(start: Double, length: Double)] = []
        spans.reserveCapacity(ids.count)
        for (position, (i, frame)) in zip(order.members[k], frames).enumerated() {
            let atOnce = !appearing.isEmpty && appearing.contains(ids[position])
            let target = place(i, at: frame, animation: atOnce ? nil : animation, in: placing)
            spans.append(VisibleRange.span(of: target, vertical: vertical))
        }
        guard spans.count == ids.count else { return }
        containers[k].range = VisibleRange(spans: spans)
        containers[k].rangeIsCurrent = true
    }

    /// What placing a tile needs of its container, read once for a whole layout.
    private struct Placing {
        let slot: Int
        /// The viewport's origin: a content frame plus it is the frame in the parent's unscrolled space.
        let origin: Point
        /// A screen around the viewport, and the offsets of the last step and now (`showsMove`).
        let near: Rect
        let stepOffset: Point
        let offset: Point
        /// The offset and velocity of the container with every enclosing one's (`updatePresented`).
        let windowOffset: Point
        let windowVelocity: Point

        /// Whether a tile moving from `from` to `to` (the container's unscrolled points) could be seen on
        /// the way: either end within a screen of the viewport, at the last step's offset or the scroll's
        /// current one. A move that cannot is made at once: a relayout of 100,000 photos animates the
        /// few hundred near the screen, not every spring in the library (docs/BEHAVIOUR.md, "Settled
        /// tiles cost nothing").
        func showsMove(from: Rect, to: Rect) -> Bool {
            func seen(_ frame: Rect, at offset: Point) -> Bool {
                frame.offsetBy(dx: -offset.x, dy: -offset.y).intersects(near)
            }
            return seen(from, at: stepOffset) || seen(to, at: stepOffset) || seen(from, at: offset)
                || seen(to, at: offset)
        }
    }

    private func placing(slot k: Int) -> Placing {
        let viewport = containers[k].scroll.viewport
        return Placing(
            slot: k, origin: viewport.origin, near: viewport.insetBy(dx: -viewport.width, dy: -viewport.height),
            stepOffset: containers[k].stepOffset, offset: containers[k].scroll.offset, windowOffset: offset(slot: k),
            windowVelocity: offsetVelocity(slot: k))
    }

    /// Places tile `i` (see `place(_:at:animation:)`); its new target in the parent's unscrolled space.
    @discardableResult
    private func place(_ i: Int, at contentFrame: Rect, animation: SpringParameters?, in placing: Placing) -> Rect {
        let target = contentFrame.offsetBy(dx: placing.origin.x, dy: placing.origin.y)
        containers[placing.slot].rangeIsCurrent = false
        tiles[i].home = target
        guard tiles[i].space == .container else { return target }
        if let animation, placing.showsMove(from: tiles[i].frame.presented, to: target) {
            // A resting tile about to move starts from the frames it presents.
            if !active.contains(i) { tiles[i] = resolved(i) }
            tiles[i].frame.animate(to: target, with: animation)
            if !tiles[i].frame.isSettled { active.insert(i) }
        } else if active.contains(i) {
            tiles[i].frame.set(target)
            updatePresented(i, offset: placing.windowOffset, velocity: placing.windowVelocity)
            tiles[i].previousPresented = tiles[i].presented
        } else {
            // A resting tile presents what its spring says (`resolved`): it stays out of the moving set
            // and stores nothing. Storing frames here had made every tile of a scrolled container differ
            // from its resting frames, so the step after a resize visited all 100,000.
            tiles[i].frame.set(target)
        }
        return target
    }

    // MARK: Moves between containers and spaces

    /// Hands a tile to another container (the model moved it) without moving it on screen: its spring is
    /// re-based into the new container's space, velocity kept, and it flies above every container until
    /// it lands. `position` is its place in the new container's items (the end when nil).
    func move(_ id: PhotoID, to container: ContainerID, at position: Int? = nil) {
        guard let i = index[id] else { return }
        wake(i)
        let from = tiles[i].slot
        let to = slot(ofAdded: container)
        order.takeOut(tile: i, from: from)
        order.insert(id, tile: i, into: to, at: position ?? order.items[to].count)
        containers[from].rangeIsCurrent = false
        containers[to].rangeIsCurrent = false
        if tiles[i].space == .container {
            tiles[i].frame.shift(by: offset(slot: to) - offset(slot: from))
        }
        tiles[i].container = container
        tiles[i].slot = to
        takeOff(i, toTop: true)
    }

    /// Sends a tile out of its container to `target` in window points (a hero heading for an overlay):
    /// re-based into window space where it is now, so nothing jumps, and drawn above everything else.
    func fly(_ id: PhotoID, to target: Rect, animation: SpringParameters) {
        guard let i = index[id] else { return }
        wake(i)
        if tiles[i].space == .container {
            let o = offset(slot: tiles[i].slot)
            tiles[i].frame.shift(by: Point(-o.x, -o.y))
            tiles[i].space = .window
            containers[tiles[i].slot].rangeIsCurrent = false
        }
        tiles[i].frame.animate(to: target, with: animation)
        takeOff(i, toTop: true)
    }

    /// Sends a tile in window space back to its home slot, re-based into its container's unscrolled
    /// space so a slot that scrolls meanwhile is still landed on exactly. Its draw order stays.
    func flyHome(_ id: PhotoID, animation: SpringParameters) {
        guard let i = index[id] else { return }
        wake(i)
        if tiles[i].space == .window {
            tiles[i].frame.shift(by: offset(slot: tiles[i].slot))
            tiles[i].space = .container
        }
        tiles[i].frame.animate(to: tiles[i].home, with: animation)
        containers[tiles[i].slot].rangeIsCurrent = false
        takeOff(i, toTop: false)
    }

    /// Puts a tile in window space at `frame` moving at `velocity` (points, points/second): the frame a
    /// finger or a zoom drives this step (the fullscreen photo's pinch, pan and swipe). A later flight
    /// (`flyHome`, `retarget`) starts from this frame and velocity.
    func hold(_ id: PhotoID, at frame: Rect, velocity: Rect, animation: SpringParameters) {
        guard let i = index[id], tiles[i].space == .window else { return }
        wake(i)
        tiles[i].frame.hold(frame, velocity: velocity, with: animation)
        updatePresented(i)
    }

    /// Follows a window-space destination that moved (a resize): the same spring, from the current value
    /// and velocity; free when unchanged.
    func retarget(_ id: PhotoID, to target: Rect, animation: SpringParameters) {
        guard let i = index[id], tiles[i].space == .window else { return }
        if !active.contains(i) { tiles[i] = resolved(i) }
        tiles[i].frame.animate(to: target, with: animation)
        guard !tiles[i].frame.isSettled else { return }
        // A tile resting in the overlay stays there as it follows (a resize, a zoom).
        if tiles[i].layer == .overlay { active.insert(i) } else { takeOff(i, toTop: false) }
    }

    /// Fades a tile towards `opacity` on `animation`.
    func fade(_ id: PhotoID, to opacity: Double, animation: SpringParameters) {
        guard let i = index[id] else { return }
        tiles[i].fade.animate(to: opacity, with: animation)
        if !tiles[i].fade.isSettled { wake(i) }
    }

    /// Sets each tile's scale effect in `container` from its presented frame (a scroll transition).
    func updateScales(in container: ContainerID, _ scale: (Rect) -> Double) {
        guard let k = slot(of: container) else { return }
        for i in order.members[k] { tiles[i].scale = scale(presented(i)) }
    }

    private func takeOff(_ i: Int, toTop: Bool) {
        wake(i)
        tiles[i].layer = .flight
        if toTop || !aboveTiles.contains(i) {
            aboveTiles.removeAll { $0 == i }
            aboveTiles.append(i)
        }
    }

    /// Puts a resting tile in the moving set, storing the frames it presents: from now on the step
    /// visits it and its stored frames are what it presents.
    func wake(_ i: Int) {
        guard !active.contains(i) else { return }
        tiles[i] = resolved(i)
        active.insert(i)
    }

    /// Re-derives what tile `i` presents from its spring and its containers' scroll.
    func updatePresented(_ i: Int) {
        let k = tiles[i].slot
        updatePresented(i, offset: offset(slot: k), velocity: offsetVelocity(slot: k))
    }

    /// The same, given its containers' offset `o` and velocity `v` (a step works them out once).
    func updatePresented(_ i: Int, offset o: Point, velocity v: Point) {
        let spring = tiles[i].frame
        guard tiles[i].space == .container else {
            tiles[i].presented = spring.presented
            tiles[i].velocity = spring.velocity
            return
        }
        tiles[i].presented = spring.presented.offsetBy(dx: -o.x, dy: -o.y)
        let s = spring.velocity
        tiles[i].velocity = Rect(s.x - v.x, s.y - v.y, s.width, s.height)
    }
}
