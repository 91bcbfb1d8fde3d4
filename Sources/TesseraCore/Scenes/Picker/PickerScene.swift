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
    private var needsLayout = true
    /// The container a drag in progress scrolls, if any.
    private var dragging: String?

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
            layOut()
            // ScrollViewReader.scrollTo(id) on the newest photo (seed 000's onChange(of: selectedPhotoId)).
            dockContainer.reveal(layout.dock.frame(at: dock.count - 1), animated: dockScrollAnimation)
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
            layOut()
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
    }

    private func container(_ id: String) -> ScrollContainer { id == Self.dockID ? dockContainer : gridContainer }

    // MARK: Layout

    public func resize(to window: Size) {
        self.window = window
        needsLayout = true
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
    }

    // MARK: Motion

    public func step(_ dt: Double) {
        if needsLayout { layOut() }
        gridContainer.scroll.step(dt)
        dockContainer.scroll.step(dt)
        for i in tiles.indices {
            let owner = tiles[i].container == Self.dockID ? dockContainer : gridContainer
            tiles[i].previousPresented = tiles[i].presented
            tiles[i].frame.step(dt)
            tiles[i].presented = owner.scrolled(tiles[i].frame.presented)
            let spring = tiles[i].frame.velocity
            let scroll = owner.offsetVelocity
            tiles[i].velocity = Rect(spring.x - scroll.x, spring.y - scroll.y, spring.width, spring.height)
            if tiles[i].layer == .flight, tiles[i].frame.isSettled {
                tiles[i].layer = .container
                flights.removeAll { $0 == tiles[i].id }
            }
        }
    }

    public var isSettled: Bool {
        !gridContainer.scroll.isMoving && !dockContainer.scroll.isMoving && tiles.allSatisfy { $0.frame.isSettled }
    }

    // MARK: Input

    public func handle(_ gesture: Gesture) {
        switch gesture {
        case .tap(let p):
            if let button = layout.doneButton, button.contains(p) {
                apply(.confirm)
            } else if let command = command(at: p) {
                apply(command)
            }
        case .dragBegan(let start, let axis):
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
