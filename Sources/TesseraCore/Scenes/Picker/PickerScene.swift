/// The picker (SPEC §1, seeds 000/001): a photo grid above a dock. Tapping a grid photo moves it to the
/// end of the dock, tapping a dock photo sends it back; every change animates through matched geometry
/// on `.interactiveSpring()`, and the dock scrolls to reveal a new arrival.
public final class PickerScene: Scene {
    public let id = SceneID.picker
    public static let gridID = "grid"
    public static let dockID = "dock"

    private var config: Config
    private var window: Size
    private var layout: PickerLayout

    /// The model: ordered ids per container. Every photo is in exactly one of them.
    public private(set) var grid: [String]
    public private(set) var dock: [String]
    /// Where a photo sat in the grid before it was selected (for `returnToOriginalSlot`).
    private var originalSlot: [String: Int] = [:]

    private var gridContainer: ScrollContainer
    private var dockContainer: ScrollContainer
    private var tiles: [MatchedTile] = []
    private var tileIndex: [String: Int] = [:]
    /// Tiles in the flight layer, in the order they took off (later ones draw on top).
    private var flights: [String] = []
    /// The tiles `step` must visit (SPEC §5: "settled springs cost nothing"); every other tile rests.
    private var activeTiles = ActiveTileSet()
    /// Each container's offset and velocity when its tiles were last brought up to date.
    private var gridScrollSeen = ScrollSnapshot()
    private var dockScrollSeen = ScrollSnapshot()
    /// Tiles whose springs are running after the last step.
    public private(set) var animatingTileCount = 0
    /// Tiles the next step will visit (for tests: 0 once everything rests).
    var activeTileCount: Int { activeTiles.count }
    private var needsLayout = true
    /// The photo the dock must scroll to reveal once layout has run (the newest selection).
    private var pendingReveal: String?
    /// The container a drag in progress scrolls, if any.
    private var dragging: String?
    /// The container a press stopped while it scrolled, until that press ends.
    private var caught: String?

    private var animation: SpringParameters
    private var dockScrollAnimation: SpringParameters
    private var wheelAnimation: SpringParameters

    /// Makes a confirmed selection durable (`--output`); returns false if it could not, and then the
    /// dock keeps its photos. Nil: confirming does nothing.
    public var confirmHandler: (([String]) -> Bool)?

    public init(photoIDs: [String], config: Config, window: Size) {
        self.config = config
        self.window = window
        grid = photoIDs
        dock = []
        layout = PickerLayout(config: config.picker, chrome: config.chrome, window: window)
        gridContainer = ScrollContainer(id: Self.gridID, axis: .vertical, physics: config.scroll)
        dockContainer = ScrollContainer(id: Self.dockID, axis: .horizontal, physics: config.scroll)
        animation = config.spring(named: config.picker.animation) ?? .interactiveSpring
        dockScrollAnimation = config.spring(named: config.picker.dockScrollAnimation) ?? .interactiveSpring
        wheelAnimation = config.scroll.scrollAnimation
        layOut()
        activeTiles.reserve(photoIDs.count)
        // The first frame shows everything in place, not flying in from nowhere.
        for (i, id) in grid.enumerated() {
            let unscrolled = gridContainer.unscrolled(layout.grid.frame(at: i))
            tileIndex[id] = tiles.count
            tiles.append(
                MatchedTile(
                    id: id, container: Self.gridID, unscrolled: unscrolled,
                    presented: gridContainer.scrolled(unscrolled)))
        }
    }

    // MARK: Commands

    public func apply(_ command: Command) {
        switch command {
        case .select(let id):
            guard let index = grid.firstIndex(of: id) else { return }
            grid.remove(at: index)
            dock.append(id)
            originalSlot[id] = index
            move(id, to: Self.dockID)
            needsLayout = true
            pendingReveal = id
        case .deselect(let id):
            guard let index = dock.firstIndex(of: id) else { return }
            dock.remove(at: index)
            if config.picker.returnToOriginalSlot, let slot = originalSlot[id] {
                grid.insert(id, at: min(slot, grid.count))
            } else {
                grid.append(id)
            }
            originalSlot[id] = nil
            move(id, to: Self.gridID)
            needsLayout = true
        case .confirm:
            // Written and flushed first; only a durable selection empties the dock (CONTRACT.md).
            guard !dock.isEmpty, confirmHandler?(dock) == true else { return }
            for id in dock { apply(.deselect(id)) }
        case .switchScene:
            break
        }
    }

    /// Takes a new config (live reload): springs, sizes and colours change, the model stays, and
    /// every tile animates to its new layout.
    public func reconfigure(_ config: Config) -> Bool {
        self.config = config
        animation = config.spring(named: config.picker.animation) ?? .interactiveSpring
        dockScrollAnimation = config.spring(named: config.picker.dockScrollAnimation) ?? .interactiveSpring
        wheelAnimation = config.scroll.scrollAnimation
        gridContainer.scroll.physics = config.scroll
        dockContainer.scroll.physics = config.scroll
        needsLayout = true
        return true
    }

    /// Hands a tile to another container without moving it on screen: its unscrolled frame is re-based
    /// into the new container's space, velocity kept, and it flies above both until it lands.
    private func move(_ id: String, to containerID: String) {
        guard let i = tileIndex[id] else { return }
        let from = container(tiles[i].container).offset
        let to = container(containerID).offset
        tiles[i].frame.shift(by: Point(to.x - from.x, to.y - from.y))
        tiles[i].container = containerID
        tiles[i].layer = .flight
        flights.removeAll { $0 == id }
        flights.append(id)
        activeTiles.insert(i)
    }

    private func container(_ id: String) -> ScrollContainer { id == Self.dockID ? dockContainer : gridContainer }

    // MARK: Layout

    public func resize(to window: Size) {
        self.window = window
        needsLayout = true
    }

    /// Lays out now if the model or the window changed since the last layout (`UIView
    /// .layoutIfNeeded`): commands and resizes only mark the layout stale, so a step's layout is one
    /// pass however many taps preceded it, and hosts can time it as its own phase.
    public func layOutIfNeeded() {
        guard needsLayout else { return }
        layOut()
        if let id = pendingReveal, let slot = dock.firstIndex(of: id) {
            // ScrollViewReader.scrollTo(id) on the newest photo (seed 000's onChange(of: selectedPhotoId)).
            dockContainer.reveal(layout.dock.frame(at: slot), animated: dockScrollAnimation)
        }
        pendingReveal = nil
    }

    /// Lays the model out and sends every tile towards its new target (a no-op for unchanged targets).
    private func layOut() {
        needsLayout = false
        layout = PickerLayout(config: config.picker, chrome: config.chrome, window: window)
        gridContainer.setLayout(
            viewport: layout.gridViewport,
            contentSize: Size(layout.grid.width, layout.grid.contentHeight(count: grid.count)))
        dockContainer.setLayout(
            viewport: layout.dockViewport,
            contentSize: Size(layout.dock.contentWidth(count: dock.count), layout.dock.tileSize.height))
        for (i, id) in grid.enumerated() {
            retarget(id, to: gridContainer.unscrolled(layout.grid.frame(at: i)))
        }
        for (i, id) in dock.enumerated() {
            retarget(id, to: dockContainer.unscrolled(layout.dock.frame(at: i)))
        }
    }

    private func retarget(_ id: String, to target: Rect) {
        guard let i = tileIndex[id] else { return }
        tiles[i].frame.animate(to: target, with: animation)
        if !tiles[i].frame.isSettled { activeTiles.insert(i) }
    }

    // MARK: Motion

    /// Advances scrolling and the tiles that move. A tile is visited only while its spring runs, it
    /// flies, or its drawn frame still differs from the step before; a container whose offset or
    /// velocity changed visits all of its tiles, since scrolling moves them without their springs.
    public func step(_ dt: Double) {
        layOutIfNeeded()
        gridContainer.scroll.step(dt)
        dockContainer.scroll.step(dt)
        let gridScrolled = gridScrollSeen.update(gridContainer)
        let dockScrolled = dockScrollSeen.update(dockContainer)
        let grid = ScrollMotion(gridContainer)
        let dock = ScrollMotion(dockContainer)
        var animating = 0
        var landed = false
        func visit(_ i: Int) {
            let inDock = tiles[i].container == Self.dockID
            switch Self.advance(&tiles[i], by: dt, scroll: inDock ? dock : grid) {
            case .moving: animating += 1
            case .landed: landed = true
            case .resting: break
            }
        }
        if gridScrolled || dockScrolled {
            for i in tiles.indices {
                let scrolled = tiles[i].container == Self.dockID ? dockScrolled : gridScrolled
                guard scrolled || activeTiles.contains(i) else { continue }
                visit(i)
                activeTiles.insert(i)
            }
        } else {
            for i in activeTiles.indices { visit(i) }
        }
        animatingTileCount = animating
        activeTiles.removeAll { i in
            let tile = tiles[i]
            return tile.frame.isSettled && tile.layer == .container && tile.previousPresented == tile.presented
        }
        if landed { flights.removeAll { tiles[tileIndex[$0]!].layer == .container } }
    }

    /// A container's scroll as a tile step needs it: offset and velocity (points, points/second).
    private struct ScrollMotion {
        var offset: Point
        var velocity: Point
        init(_ container: ScrollContainer) {
            offset = container.offset
            velocity = container.offsetVelocity
        }
    }

    private enum TileStep { case moving, resting, landed }

    /// Steps a tile's spring and re-derives what it presents in its container's scroll; a settled
    /// flight lands in its container's layer.
    private static func advance(_ tile: inout MatchedTile, by dt: Double, scroll: ScrollMotion) -> TileStep {
        tile.previousPresented = tile.presented
        tile.frame.step(dt)
        tile.presented = tile.frame.presented.offsetBy(dx: -scroll.offset.x, dy: -scroll.offset.y)
        let spring = tile.frame.velocity
        tile.velocity = Rect(spring.x - scroll.velocity.x, spring.y - scroll.velocity.y, spring.width, spring.height)
        guard tile.frame.isSettled else { return .moving }
        guard tile.layer == .flight else { return .resting }
        tile.layer = .container
        return .landed
    }

    public var isSettled: Bool {
        !needsLayout && !gridContainer.scroll.isMoving && !dockContainer.scroll.isMoving
            && activeTiles.allSatisfy { tiles[$0].frame.isSettled }
    }

    // MARK: Input

    public func handle(_ gesture: Gesture) {
        switch gesture {
        case .press(let p):
            // A touch on a moving dock or grid stops it; the tap that follows only does that.
            if layout.dockPanel.contains(p), dockContainer.catchScroll() {
                caught = Self.dockID
            } else if layout.gridViewport.contains(p), gridContainer.catchScroll() {
                caught = Self.gridID
            }
        case .tap(let p):
            if releaseCaughtScroll() { return }
            if let button = layout.doneButton, button.contains(p) {
                apply(.confirm)
            } else if let command = command(at: p) {
                apply(command)
            }
        case .dragBegan(let start, let axis):
            releaseCaughtScroll()
            if axis == .horizontal, layout.dockPanel.contains(start) {
                dragging = Self.dockID
                dockContainer.beginDrag()
            } else if axis == .vertical, layout.gridViewport.contains(start) {
                dragging = Self.gridID
                gridContainer.beginDrag()
            }
        case .dragChanged(let delta):
            if dragging == Self.dockID { dockContainer.drag(by: delta) }
            if dragging == Self.gridID { gridContainer.drag(by: delta) }
        case .dragEnded(let velocity):
            if dragging == Self.dockID { dockContainer.endDrag(fingerVelocity: velocity) }
            if dragging == Self.gridID { gridContainer.endDrag(fingerVelocity: velocity) }
            dragging = nil
            releaseCaughtScroll()
        case .wheel(let at, let dx, let dy):
            if layout.dockPanel.contains(at) {
                dockContainer.wheel(dx: dx, dy: dy, step: config.input.wheelStep, animation: wheelAnimation)
            } else if layout.gridViewport.contains(at) {
                gridContainer.wheel(dx: dx, dy: dy, step: config.input.wheelStep, animation: wheelAnimation)
            }
        case .key(let name):
            if name == "Return" || name == "Keypad Enter" { apply(.confirm) }
        }
    }

    /// Lets go of a scroll a press caught (it rests, or springs back inside its edges). True if there
    /// was one.
    @discardableResult
    private func releaseCaughtScroll() -> Bool {
        defer { caught = nil }
        switch caught {
        case Self.dockID?: dockContainer.endDrag(fingerVelocity: .zero)
        case Self.gridID?: gridContainer.endDrag(fingerVelocity: .zero)
        default: return false
        }
        return true
    }

    /// Hit test on presented frames, topmost first: flights (a flying tile can be caught and sent
    /// back), then each container's tiles inside its clip.
    public func command(at p: Point) -> Command? {
        guard let id = tileID(at: p), let i = tileIndex[id] else { return nil }
        return tiles[i].container == Self.dockID ? .deselect(id) : .select(id)
    }

    public func tileID(at p: Point) -> String? {
        flights.reversed().first { tiles[tileIndex[$0]!].presented.contains(p) }
            ?? (layout.dockViewport.contains(p) ? hitInContainer(dock, p) : nil)
            ?? (layout.gridViewport.contains(p) ? hitInContainer(grid, p) : nil)
    }

    private func hitInContainer(_ ids: [String], _ p: Point) -> String? {
        ids.first { id in
            let tile = tiles[tileIndex[id]!]
            return tile.layer == .container && tile.presented.contains(p)
        }
    }

    public func presentedFrame(of id: String) -> Rect? { tileIndex[id].map { tiles[$0].presented } }

    // MARK: Drawing

    public func draw(into list: inout DrawList, alpha: Double) {
        let theme = config.theme
        let picker = config.picker
        Chrome(config: config.chrome).drawTitle(picker.title, window: window, color: theme.text, into: &list)
        drawTiles(grid, clip: layout.gridViewport, radius: picker.grid.cornerRadius, alpha: alpha, into: &list)
        list.append(.fill(layout.dockPanel, radius: picker.dock.panelCornerRadius, color: theme.panel, clip: nil))
        drawTiles(dock, clip: layout.dockViewport, radius: picker.dock.tileCornerRadius, alpha: alpha, into: &list)
        if let button = layout.doneButton {
            // Dimmed while there is nothing to confirm, as a disabled UIButton.
            let opacity = dock.isEmpty ? 0.35 : 1
            list.append(.fill(button, radius: button.height / 2, color: theme.accent.withAlpha(opacity), clip: nil))
            list.append(
                .text(
                    "Done", anchor: button.center, alignment: .center, style: TextStyle(size: 17, weight: .bold),
                    color: theme.accentText.withAlpha(opacity), clip: nil))
        }
        for id in flights {
            let tile = tiles[tileIndex[id]!]
            let radius = tile.container == Self.dockID ? picker.dock.tileCornerRadius : picker.grid.cornerRadius
            list.append(.photo(id: id, frame: tile.interpolated(alpha), radius: radius, opacity: 1, clip: nil))
        }
    }

    private func drawTiles(_ ids: [String], clip: Rect, radius: Double, alpha: Double, into list: inout DrawList) {
        for id in ids {
            let tile = tiles[tileIndex[id]!]
            guard tile.layer == .container else { continue }
            let frame = tile.interpolated(alpha)
            guard frame.intersects(clip) else { continue }
            list.append(.photo(id: id, frame: frame, radius: radius, opacity: 1, clip: clip))
        }
    }

    // MARK: State dump

    public func dump() -> SceneDump {
        // A dump describes the model as it is now: targets reflect commands applied since the last step.
        layOutIfNeeded()
        let windowRect = Rect(0, 0, window.width, window.height)
        let containers = [
            ContainerDump(
                id: Self.gridID, frame: layout.gridViewport, contentSize: gridContainer.contentSize,
                offset: gridContainer.offset, items: grid),
            ContainerDump(
                id: Self.dockID, frame: layout.dockPanel, contentSize: dockContainer.contentSize,
                offset: dockContainer.offset, items: dock),
        ]
        let tileDumps = tiles.map { tile -> TileDump in
            let owner = container(tile.container)
            let visible =
                tile.presented.intersects(windowRect)
                && (tile.layer == .flight || tile.presented.intersects(owner.viewport))
            return TileDump(
                id: tile.id, container: tile.container, target: owner.scrolled(tile.frame.target),
                presented: tile.presented, velocity: tile.velocity, moving: tile.isMoving, layer: tile.layer.rawValue,
                visible: visible, scale: tile.scale, opacity: tile.opacity)
        }
        return SceneDump(containers: containers, tiles: tileDumps, overlay: nil, position: nil, selection: dock)
    }
}
