import TesseraGeometry
import TesseraPhotos

extension SceneID {
    static let gallery = SceneID("gallery")
}

extension ContainerID {
    /// The gallery's outer vertical scroll; each row is a container named by its config key (`featured`, …).
    static let gallery = ContainerID("gallery")
}

extension SceneDescription {
    static let gallery = SceneDescription(
        id: .gallery, title: "Gallery", config: GalleryConfig.self,
        loadAssets: { resources, config in
            // The config names the file (`gallery.palettes`): a bad one is the user's, exit 2.
            do {
                return try PaletteBook.load(path: resources.resolve(config.gallery.palettes))
            } catch let error as PaletteBook.Error {
                throw SceneAssetError(message: error.message, exitCode: 2)
            }
        },
        make: { context in
            GalleryScene(
                palettes: context.assets as? PaletteBook ?? .empty, config: context.config, window: context.window)
        })
}

/// The gallery (docs/BEHAVIOUR.md#gallery; WWDC 2023 "Beyond scroll views"): an outer vertical scroll of
/// sections, each a label over a horizontal row of palette cards. Rows rest view-aligned (or on pages)
/// through their `ScrollTargetBehavior`; the Featured row's `scrollPosition(id:)` is shown in its header
/// and moved by the paddles and the Left/Right keys; cards shrink towards 0.8 as they leave a row
/// (`scrollTransition`); the outer scroll snaps to the top with the session's custom behaviour.
///
/// The rows are containers inside the outer one in the scene's `TileField`, so scrolling either moves
/// cards at once and a resize animates them to their new frames.
final class GalleryScene: Scene {
    let id = SceneID.gallery
    let field = TileField()
    var focus = FocusModel()

    let config: Config
    let palettes: PaletteBook
    var window: Size
    var layout: GalleryLayout
    var rows: [GalleryRow] = []
    /// Each card's index in its row, by id.
    var cardIndex: [PhotoID: Int] = [:]
    var needsLayout = false
    /// The Featured header's position text, made again only when the position changes.
    var positionLabel: (index: Int, text: String) = (-1, "")

    let paddleAnimation: SpringParameters
    let resizeAnimation: SpringParameters

    /// The Featured row's index: the first row.
    static let featured = 0

    init(palettes: PaletteBook, config: Config, window: Size) {
        self.config = config
        self.palettes = palettes
        self.window = window
        let gallery = config.gallery
        layout = GalleryLayout(config: gallery, chrome: config.chrome, window: window)
        field.indicatorConfig = config.indicatorStyle
        // The gallery scrolls on the wheel by its own rules (`GalleryScene+Input`).
        field.addContainer(.gallery, axis: .vertical, physics: config.scroll, scrollsOnWheel: false)
        if gallery.outerTargetBehavior == .snapToTop {
            field[scroll: .gallery].scroll.targetBehavior = GalleryScrollTargetBehavior(
                topZoneFraction: gallery.snapToTopFraction)
        }
        paddleAnimation = config.spring(gallery.paddleAnimation)
        resizeAnimation = config.spring(gallery.resizeAnimation)
        for (id, rowConfig) in gallery.rows {
            let row = GalleryRow(id: id, config: rowConfig)
            // The session hides the rows' indicators (`.scrollIndicators(.hidden)`).
            field.addContainer(
                row.containerID, axis: .horizontal, physics: config.scroll, inside: .gallery, showsIndicator: false,
                scrollsOnWheel: false)
            for (index, cardID) in row.ids.enumerated() {
                field.addTile(cardID, to: row.containerID)
                cardIndex[cardID] = index
            }
            rows.append(row)
        }
        layOut(animated: false)
    }

    // MARK: Layout

    func resize(to window: Size) {
        guard window != self.window else { return }
        self.window = window
        needsLayout = true
    }

    func layOutIfNeeded() {
        guard needsLayout else { return }
        layOut(animated: true)
        keepFocusInView()
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
        field.setLayout(
            .gallery, viewport: layout.viewport, contentSize: Size(layout.viewport.width, layout.contentHeight),
            animation: animation)
        let outer = field.scroll(.gallery)
        for r in rows.indices {
            let rowLayout = layout.rows[r]
            let kept = animated ? keptOffset(row: r, from: previous.rows[r], to: rowLayout) : nil
            field[scroll: rows[r].containerID].scroll.targetBehavior = targetBehavior(for: rows[r].config)
            field.setLayout(
                rows[r].containerID, viewport: outer.unscrolled(rowLayout.frame), contentSize: rowLayout.contentSize,
                contentMargins: rowLayout.margins, targets: rowLayout.cardFrames, restingAt: kept,
                animation: animation)
            if let animation {
                rows[r].frame.animate(to: rowLayout.frame, with: animation)
            } else {
                rows[r].frame.set(rowLayout.frame)
                rows[r].previousFrame = rowLayout.frame
            }
            for (i, cardID) in rows[r].ids.enumerated() {
                field.place(cardID, at: rowLayout.cardFrame(at: i), animation: animation)
            }
            field.moveFrame(of: rows[r].containerID, to: outer.unscrolled(rowFrame(r)))
        }
        if !animated { updateScales() }
    }

    /// Where row `r` should rest after a resize from `old` to `new`: the scroll position's card at the
    /// margin again, or for a paging row the same page; nil (keep the offset) for a free row.
    private func keptOffset(row r: Int, from old: GalleryLayout.Row, to new: GalleryLayout.Row) -> Double? {
        let scroll = rowScroll(r)
        switch rows[r].config.targetBehavior {
        case .paging:
            let page = old.frame.width > 0 ? (scroll.targetOffset / old.frame.width).rounded() : 0
            return page * new.frame.width
        case .viewAligned:
            guard let position = rows[r].position(in: old, scroll: scroll, grabs: grabs(r)) else { return nil }
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

    /// Row `r`'s scroll.
    func rowScroll(_ r: Int) -> ScrollAxis { field.scroll(rows[r].containerID).scroll }

    /// How many times a finger has taken hold of row `r` (`TileField.grabs(of:)`).
    func grabs(_ r: Int) -> Int { field.grabs(of: rows[r].containerID) }

    /// Outer content coordinates → window points, `alpha` ∈ [0, 1] between the previous step and this
    /// one (1: now).
    func windowFrame(_ contentFrame: Rect, alpha: Double = 1) -> Rect {
        let offset = field.offset(of: .gallery, alpha: alpha)
        return field.scroll(.gallery).unscrolled(contentFrame).offsetBy(dx: -offset.x, dy: -offset.y)
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

    func step(_ dt: Double) {
        layOutIfNeeded()
        let outer = field.scroll(.gallery)
        for r in rows.indices {
            rows[r].previousFrame = rows[r].frame.presented
            rows[r].frame.step(dt)
            field.moveFrame(of: rows[r].containerID, to: outer.unscrolled(rowFrame(r)))
        }
        field.step(dt)
        for r in rows.indices where !rowScroll(r).isMoving || rows[r].pin?.grabs != grabs(r) { rows[r].pin = nil }
        updateScales()
    }

    /// Each card's scroll-transition scale from where it is in its row's visible viewport.
    private func updateScales() {
        for r in rows.indices {
            let visible = viewport(of: r)
            let edgeScale = rows[r].config.edgeScale
            field.updateScales(in: rows[r].containerID) { frame in
                let phase = ScrollTransition.phaseValue(of: frame, in: visible, axis: .horizontal)
                return ScrollTransition.scale(phaseValue: phase, edgeScale: edgeScale)
            }
        }
    }

    var isSettled: Bool { !needsLayout && field.isSettled && rows.allSatisfy { $0.frame.isSettled } }

    // MARK: Scroll position

    /// The Featured row's `scrollPosition(id:)`: the card at its leading edge.
    var position: PhotoID? {
        guard rows.indices.contains(Self.featured) else { return nil }
        let row = rows[Self.featured]
        return row.position(
            in: layout.rows[Self.featured], scroll: rowScroll(Self.featured), grabs: grabs(Self.featured)
        )
        .map { row.ids[$0] }
    }

    var title: SceneTitle {
        SceneTitle(text: config.gallery.title, frame: Chrome(config: config.chrome).titleRow(window: window))
    }

    /// The colours card `index` of row `r` shows: the session's red, blue and green stack on the
    /// background (named as the session's palettes are, "Example …"), or the palette file's.
    func palette(row r: Int, card index: Int) -> Palette? {
        guard config.gallery.look == .palettes else {
            let theme = config.theme
            return Palette(
                name: "Example \(index + 1)", background: theme.background,
                colors: [theme.red, theme.blue, theme.green])
        }
        return palettes.palette(first: rows[r].config.firstPalette, index: index)
    }

    @discardableResult
    func apply(_ command: GalleryCommand) -> Bool {
        switch command {
        case .scrollToNeighbour(let direction): scrollToNeighbour(direction)
        }
    }

    /// Scrolls row `r` to the neighbouring card in `direction` (±1) with the paddle animation, as the
    /// session's paddles do by writing the scroll position's binding. Returns false when there is none.
    @discardableResult
    func scrollToNeighbour(_ direction: Int, row r: Int = featured) -> Bool {
        guard rows.indices.contains(r), rowScroll(r).phase != .dragging,
            let next = rows[r].neighbour(direction, in: layout.rows[r], scroll: rowScroll(r), grabs: grabs(r))
        else { return false }
        rows[r].pin = (next, grabs(r))
        let target = rows[r].alignedOffset(of: next, in: layout.rows[r], scroll: rowScroll(r))
        field[scroll: rows[r].containerID].scroll.scroll(to: target, animated: paddleAnimation)
        return true
    }
}
