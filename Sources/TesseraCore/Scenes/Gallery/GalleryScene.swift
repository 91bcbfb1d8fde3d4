/// The gallery (SPEC §3, seed 003 "Beyond scroll views"): an outer vertical scroll of sections, each a
/// label over a horizontal row of palette cards. Rows rest view-aligned (or on pages) through their
/// `ScrollTargetBehavior`; the Featured row's `scrollPosition(id:)` is shown in its header and moved
/// by the paddles and the Left/Right keys; cards shrink towards 0.8 as they leave a row
/// (`scrollTransition`); the outer scroll snaps to the top with the article's custom behaviour.
///
/// Every card is a `MatchedTile` whose spring runs on its frame as if both scrolls were at zero, so
/// scrolling moves cards at once and a resize animates them to their new frames.
public final class GalleryScene: Scene {
    public let id = SceneID.gallery
    /// The outer scroll's container id (CONTRACT.md).
    public static let outerID = "gallery"

    let config: Config
    let palettes: PaletteBook
    var window: Size
    var layout: GalleryLayout
    var outer: ScrollContainer
    var rows: [GalleryRow] = []
    var tiles: [MatchedTile] = []
    var tileIndex: [String: Int] = [:]
    var needsLayout = false
    /// What a drag in progress scrolls.
    var dragging: DragTarget?
    /// The Featured header's position text, made again only when the position changes.
    var positionLabel: (index: Int, text: String) = (-1, "")
    /// The outer scroll's offset (points) at the previous step, for interpolated drawing.
    var previousOuterOffset = 0.0

    enum DragTarget: Equatable {
        case outer
        case row(Int)
    }

    let paddleAnimation: SpringParameters
    let resizeAnimation: SpringParameters

    /// The Featured row's index: the first row.
    public static let featured = 0

    public init(palettes: PaletteBook, config: Config, window: Size) {
        self.config = config
        self.palettes = palettes
        self.window = window
        let gallery = config.gallery
        layout = GalleryLayout(config: gallery, chrome: config.chrome, window: window)
        outer = ScrollContainer(id: Self.outerID, axis: .vertical, physics: config.scroll)
        if gallery.outerTargetBehavior == .snapToTop {
            outer.scroll.targetBehavior = GalleryScrollTargetBehavior(topZoneFraction: gallery.snapToTopFraction)
        }
        paddleAnimation = config.spring(named: gallery.paddleAnimation) ?? .smooth
        resizeAnimation = config.spring(named: gallery.resizeAnimation) ?? .smooth
        for (id, row) in gallery.rows {
            rows.append(GalleryRow(id: id, config: row, physics: config.scroll, firstTile: tiles.count))
            for cardID in rows[rows.count - 1].ids {
                tileIndex[cardID] = tiles.count
                tiles.append(MatchedTile(id: cardID, container: id, unscrolled: .zero, presented: .zero))
            }
        }
        layOut(animated: false)
    }

    // MARK: Layout

    public func resize(to window: Size) {
        guard window != self.window else { return }
        self.window = window
        needsLayout = true
    }

    /// Lays everything out for the window. Animated (a resize): cards spring to their new frames and
    /// each row keeps the card at its scroll position at the leading margin (a paging row keeps its
    /// page), on the same spring, so what is on screen blends from the old layout to the new one; the
    /// rows' behaviours are asked again for the new container size.
    func layOut(animated: Bool) {
        needsLayout = false
        let previous = layout
        layout = GalleryLayout(config: config.gallery, chrome: config.chrome, window: window)
        let animation = animated ? resizeAnimation : nil
        outer.setLayout(
            viewport: layout.viewport, contentSize: Size(layout.viewport.width, layout.contentHeight),
            animation: animation)
        for r in rows.indices {
            let rowLayout = layout.rows[r]
            let kept = animated ? keptOffset(row: r, from: previous.rows[r], to: rowLayout) : nil
            rows[r].container.scroll.targetBehavior = targetBehavior(for: rows[r].config)
            rows[r].container.setLayout(
                viewport: outer.unscrolled(rowLayout.frame), contentSize: rowLayout.contentSize,
                contentMargins: rowLayout.margins, targets: rowLayout.cardFrames, restingAt: kept,
                animation: animation)
            if let animation {
                rows[r].frame.animate(to: rowLayout.frame, with: animation)
            } else {
                rows[r].frame.set(rowLayout.frame)
                rows[r].previousFrame = rowLayout.frame
            }
            for (i, tile) in rows[r].tiles.enumerated() {
                let target = rows[r].container.unscrolled(rowLayout.cardFrame(at: i))
                if let animation {
                    tiles[tile].frame.animate(to: target, with: animation)
                } else {
                    tiles[tile].frame.set(target)
                }
            }
        }
        if !animated {
            // A first layout is where everything rests: nothing interpolates in from elsewhere.
            updatePresented()
            for i in tiles.indices { tiles[i].previousPresented = tiles[i].presented }
            previousOuterOffset = outer.scroll.offset
        }
    }

    /// Where row `r` should rest after a resize from `old` to `new`: the scroll position's card at the
    /// margin again, or for a paging row the same page; nil (keep the offset) for a free row.
    private func keptOffset(row r: Int, from old: GalleryLayout.Row, to new: GalleryLayout.Row) -> Double? {
        let row = rows[r]
        switch row.config.targetBehavior {
        case .paging:
            let page = old.frame.width > 0 ? (row.scroll.targetOffset / old.frame.width).rounded() : 0
            return page * new.frame.width
        case .viewAligned:
            guard let position = row.position(in: old) else { return nil }
            return new.cardFrame(at: position).minX - new.margins.leading
        case .none:
            return nil
        }
    }

    /// The row's `ScrollTargetBehavior` from its config, for the current size class.
    private func targetBehavior(for row: GalleryRowConfig) -> (any ScrollTargetBehavior)? {
        let threshold = config.scroll.restVelocity
        switch row.targetBehavior {
        case .viewAligned:
            return ViewAlignedScrollTargetBehavior(
                limitBehavior: row.limitBehavior, sizeClass: layout.sizeClass, flingVelocity: threshold)
        case .paging:
            return PagingScrollTargetBehavior(flingVelocity: threshold)
        case .none:
            return nil
        }
    }

    /// Outer content coordinates → window points, `alpha` ∈ [0, 1] between the previous step and this
    /// one (1: now).
    func windowFrame(_ contentFrame: Rect, alpha: Double = 1) -> Rect {
        let offset = previousOuterOffset + (outer.scroll.offset - previousOuterOffset) * alpha
        return outer.unscrolled(contentFrame).offsetBy(dx: 0, dy: -offset)
    }

    /// Row `r`'s frame in outer content coordinates at `alpha`. Its top and height move only while a
    /// resize animates; its width is the window's at once, as the clip of a scroll view is.
    func rowFrame(_ r: Int, alpha: Double = 1) -> Rect {
        let animated =
            alpha >= 1
            ? rows[r].frame.presented : rows[r].previousFrame.interpolated(to: rows[r].frame.presented, alpha)
        let target = layout.rows[r].frame
        return Rect(target.minX, animated.minY, target.width, animated.height)
    }

    /// Row `r`'s viewport in window points at `alpha`: its frame and clip (before the outer clip).
    func viewport(of r: Int, alpha: Double = 1) -> Rect { windowFrame(rowFrame(r, alpha: alpha), alpha: alpha) }

    // MARK: Motion

    public func step(_ dt: Double) {
        if needsLayout { layOut(animated: true) }
        previousOuterOffset = outer.scroll.offset
        outer.scroll.step(dt)
        for r in rows.indices {
            rows[r].previousFrame = rows[r].frame.presented
            rows[r].frame.step(dt)
            rows[r].container.scroll.step(dt)
            if !rows[r].scroll.isMoving { rows[r].pinnedPosition = nil }
        }
        for i in tiles.indices {
            tiles[i].previousPresented = tiles[i].presented
            tiles[i].frame.step(dt)
        }
        updatePresented()
    }

    /// Presented frames, velocities and scroll-transition scales from the springs and both scrolls.
    private func updatePresented() {
        let outerOffset = outer.offset
        let outerVelocity = outer.offsetVelocity
        for r in rows.indices {
            let row = rows[r].container
            let visible = viewport(of: r)
            let edgeScale = rows[r].config.edgeScale
            for i in rows[r].tiles {
                let spring = tiles[i].frame
                tiles[i].presented = spring.presented.offsetBy(
                    dx: -row.offset.x - outerOffset.x, dy: -row.offset.y - outerOffset.y)
                let v = spring.velocity
                tiles[i].velocity = Rect(
                    v.x - row.offsetVelocity.x - outerVelocity.x, v.y - row.offsetVelocity.y - outerVelocity.y, v.width,
                    v.height)
                let phase = ScrollTransition.phaseValue(of: tiles[i].presented, in: visible, axis: .horizontal)
                tiles[i].scale = ScrollTransition.scale(phaseValue: phase, edgeScale: edgeScale)
            }
        }
    }

    public var isSettled: Bool {
        !needsLayout && !outer.scroll.isMoving && rows.allSatisfy { !$0.scroll.isMoving && $0.frame.isSettled }
            && tiles.allSatisfy { $0.frame.isSettled }
    }

    // MARK: Scroll position

    /// The Featured row's `scrollPosition(id:)`: the card at its leading edge.
    public var position: String? {
        guard rows.indices.contains(Self.featured) else { return nil }
        let row = rows[Self.featured]
        return row.position(in: layout.rows[Self.featured]).map { row.ids[$0] }
    }

    /// The palette card `index` of row `r` shows.
    func palette(row r: Int, card index: Int) -> Palette? {
        palettes.palette(first: rows[r].config.firstPalette, index: index)
    }

    /// Scrolls row `r` to the neighbouring card in `direction` (±1) with the paddle animation, as the
    /// seed's paddles do by writing the scroll position's binding. Returns false when there is none.
    @discardableResult
    public func scrollToNeighbour(_ direction: Int, row r: Int = featured) -> Bool {
        guard rows.indices.contains(r), rows[r].scroll.phase != .dragging,
            let next = rows[r].neighbour(direction, in: layout.rows[r])
        else { return false }
        rows[r].pinnedPosition = next
        rows[r].container.scroll.scroll(
            to: rows[r].alignedOffset(of: next, in: layout.rows[r]), animated: paddleAnimation)
        return true
    }

    public func presentedFrame(of id: String) -> Rect? { tileIndex[id].map { tiles[$0].presented } }

    public func apply(_ command: Command) {}
}
