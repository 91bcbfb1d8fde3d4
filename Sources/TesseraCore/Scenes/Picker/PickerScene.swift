import TesseraGeometry
import TesseraPhotos

extension SceneID {
    static let picker = SceneID("picker")
}

extension ContainerID {
    /// The picker's photo grid and its dock.
    static let grid = ContainerID("grid")
    static let dock = ContainerID("dock")
}

extension SceneDescription {
    static let picker = SceneDescription(id: .picker, title: "Picker", config: PickerConfig.self) { context in
        PickerScene(
            photos: context.photos.photos, config: context.config, window: context.window, confirm: context.confirm)
    }
}

/// The picker (docs/BEHAVIOUR.md#picker): a photo grid above a dock. Tapping a grid photo moves it to the
/// end of the dock, tapping a dock photo sends it back; every change animates through matched geometry
/// on `.interactiveSpring()`, and the dock scrolls to reveal a new arrival. The title is the first row of
/// the grid's content and scrolls away with it; dock photos are 100 × their aspect ratio wide.
final class PickerScene: Scene {
    let id = SceneID.picker
    let field = TileField()
    var focus = FocusModel()

    private var config: Config
    /// `config.picker`, kept apart: read every frame, and a scene section is found by type.
    private(set) var picker: PickerConfig
    private var window: Size
    private(set) var layout: PickerLayout
    /// Where a photo sat in the grid before it was selected (for `returnToOriginalSlot`).
    private var originalSlot: [PhotoID: Int] = [:]
    private var needsLayout = true
    /// The photo the dock must scroll to reveal once layout has run (the newest selection).
    private var pendingReveal: PhotoID?
    private var animation: SpringParameters
    private var dockScrollAnimation: SpringParameters
    /// Makes a confirmed selection durable; the dock keeps its photos when it returns false.
    private let confirmHandler: ([PhotoID]) -> Bool
    /// Each photo's width / height (nil where its size is unknown), for the dock's widths.
    private var aspectRatios: [PhotoID: Double?] = [:]
    /// The dock panel's frame, on the photos' spring: on a resize it travels with the photos it holds
    /// instead of jumping ahead of them; and the step before, for interpolated drawing.
    private var panel = AnimatedRect(.zero)
    private var previousPanel = Rect.zero
    /// Reduce motion: photos that changed place dissolve there instead of flying.
    private var crossFades = CrossFades()

    /// The model: ordered ids per container. Every photo is in exactly one of them.
    var grid: [PhotoID] { field.items(.grid) }
    var dock: [PhotoID] { field.items(.dock) }

    init(
        photos: [Photo], config: Config, window: Size, confirm: @escaping ([PhotoID]) -> Bool = { _ in false }
    ) {
        self.config = config
        picker = config.picker
        self.window = window
        confirmHandler = confirm
        layout = PickerLayout(config: config.picker, chrome: config.chrome, window: window)
        animation = config.spring(picker.animation)
        dockScrollAnimation = config.spring(picker.dockScrollAnimation)
        field.indicatorConfig = config.indicatorStyle
        field.addContainer(.grid, axis: .vertical, physics: config.scroll)
        // The articles hide the dock's indicator (`.scrollIndicators(.hidden)`).
        field.addContainer(.dock, axis: .horizontal, physics: config.scroll, showsIndicator: false)
        field.addTiles(photos.map(\.id), to: .grid)
        aspectRatios.reserveCapacity(photos.count)
        for photo in photos { aspectRatios[photo.id] = photo.aspectRatio }
        // The first frame shows everything in place, not flying in from nowhere.
        layOut(animated: false)
    }

    var selection: [PhotoID]? { dock }

    // MARK: Commands

    /// Applies a command to the model. False for one that changes nothing (a select of a photo already
    /// in the dock).
    @discardableResult
    func apply(_ command: PickerCommand) -> Bool {
        switch command {
        case .select(let id):
            guard let index = grid.firstIndex(of: id) else { return false }
            beginCrossFade(id)
            originalSlot[id] = index
            field.move(id, to: .dock)
            needsLayout = true
            pendingReveal = id
        case .deselect(let id):
            guard dock.contains(id) else { return false }
            beginCrossFade(id)
            let slot = picker.returnToOriginalSlot ? originalSlot[id] : nil
            originalSlot[id] = nil
            field.move(id, to: .grid, at: slot)
            needsLayout = true
        case .confirm:
            // Written and flushed first; only a durable selection empties the dock (docs/USING.md, "Confirmed selections").
            guard !dock.isEmpty, confirmHandler(dock) else { return false }
            for id in dock { apply(.deselect(id)) }
        }
        return true
    }

    /// Reduce motion: `id` is about to change place; its old one dissolves out.
    private func beginCrossFade(_ id: PhotoID) {
        guard config.reduceMotion, let tile = field.tile(id) else { return }
        let radius = tile.container == .dock ? picker.dock.tileCornerRadius : picker.grid.cornerRadius
        crossFades.begin(id, from: tile.presented, radius: radius, spring: animation)
    }

    /// Takes a new config (live reload): springs, sizes and colours change, the model stays, and every
    /// tile animates to its new layout.
    func reconfigure(_ config: Config) -> Bool {
        self.config = config
        picker = config.picker
        animation = config.spring(picker.animation)
        dockScrollAnimation = config.spring(picker.dockScrollAnimation)
        field[scroll: .grid].scroll.physics = config.scroll
        field[scroll: .dock].scroll.physics = config.scroll
        field.indicatorConfig = config.indicatorStyle
        needsLayout = true
        return true
    }

    // MARK: Layout

    func resize(to window: Size) {
        self.window = window
        needsLayout = true
    }

    /// Lays out now if the model or the window changed since the last layout (`UIView.layoutIfNeeded`):
    /// commands and resizes only mark the layout stale, so a step's layout is one pass however many taps
    /// preceded it.
    func layOutIfNeeded() {
        guard needsLayout else { return }
        layOut(animated: true)
        keepFocusInView()
        if let id = pendingReveal, let slot = dock.firstIndex(of: id) {
            // ScrollViewReader.scrollTo(id) on the newest photo.
            field[scroll: .dock].reveal(dockFrames()[slot], animated: dockScrollAnimation)
        }
        pendingReveal = nil
    }

    /// Photos added since the last layout: they appear in their slots while the others animate aside.
    private var appearing = Set<PhotoID>()

    /// The folder changed: removed photos leave the grid or the dock, added ones take their places in
    /// the grid in name order, and one relayout animates the rest to their new slots.
    func photosChanged(_ changes: PhotoChanges, library: PhotoLibrary) {
        for id in changes.removed where field.tile(id) != nil {
            field.removeTile(id)
            originalSlot[id] = nil
            aspectRatios[id] = nil
            if pendingReveal == id { pendingReveal = nil }
        }
        for photo in changes.added where field.tile(photo.id) == nil {
            field.insertTile(photo.id, into: .grid, at: grid.firstIndex { $0 > photo.id })
            appearing.insert(photo.id)
        }
        for id in grid + dock { aspectRatios[id] = library.photo(for: id)?.aspectRatio }
        needsLayout = true
    }

    /// Lays the model out and sends every tile towards its new slot (a no-op for unchanged slots).
    private func layOut(animated: Bool) {
        needsLayout = false
        defer { appearing.removeAll() }
        layout = PickerLayout(config: config.picker, chrome: config.chrome, window: window)
        // Reduce motion: everything is at its new place at once (moved photos dissolve there).
        let spring = animated && !config.reduceMotion ? animation : nil
        field.setLayout(
            .grid, viewport: layout.gridViewport,
            contentSize: Size(layout.grid.width, layout.gridContentHeight(count: grid.count)))
        let widths = dockWidths()
        field.setLayout(
            .dock, viewport: layout.dockViewport,
            contentSize: Size(layout.dock.contentWidth(widths: widths), layout.dock.height),
            hitFrame: layout.dockPanel)
        let layout = layout
        field.placeItems(
            of: .grid, at: (0..<grid.count).lazy.map { layout.gridFrame(at: $0) }, animation: spring,
            appearing: appearing)
        field.placeItems(of: .dock, at: layout.dock.frames(widths: widths), animation: spring)
        if let spring, panel.target != .zero {
            panel.animate(to: layout.dockPanel, with: spring)
        } else {
            panel.set(layout.dockPanel)
            previousPanel = layout.dockPanel
        }
        moveDockWithPanel()
    }

    /// The dock's photos' widths, in dock order.
    private func dockWidths() -> [Double] { dock.map { layout.dock.width(aspectRatio: aspectRatios[$0] ?? nil) } }

    /// The dock's photos' frames in its content coordinates, in dock order.
    private func dockFrames() -> [Rect] { layout.dock.frames(widths: dockWidths()) }

    /// The dock's clip where the panel is now: its laid-out place inside the panel, moved with the
    /// panel's spring (its scroll geometry and the photos' targets stay laid out).
    private func moveDockWithPanel() {
        let shift = panel.presented.origin - layout.dockPanel.origin
        field.moveFrame(of: .dock, to: layout.dockViewport.offsetBy(dx: shift.x, dy: shift.y))
    }

    /// The Done button where the panel is now (window points), nil where the layout has none.
    func doneButtonFrame(alpha: Double = 1) -> Rect? {
        guard let button = layout.doneButton else { return nil }
        let shift = panelFrame(alpha: alpha).origin - layout.dockPanel.origin
        return button.offsetBy(dx: shift.x, dy: shift.y)
    }

    /// The panel `alpha` ∈ [0, 1] of the way from the previous step.
    private func panelFrame(alpha: Double) -> Rect {
        alpha >= 1 ? panel.presented : previousPanel.interpolated(to: panel.presented, alpha)
    }

    // MARK: Motion

    func step(_ dt: Double) {
        layOutIfNeeded()
        previousPanel = panel.presented
        panel.step(dt)
        crossFades.step(dt)
        moveDockWithPanel()
        field.step(dt)
    }

    var isSettled: Bool { !needsLayout && field.isSettled && panel.isSettled && crossFades.isSettled }

    // MARK: Input

    func handle(_ gesture: Gesture) {
        switch gesture {
        case .tap(let p):
            if let button = layout.doneButton, button.contains(p) {
                apply(.confirm)
            } else if let command = command(at: p) {
                apply(command)
            }
        case .key(.return), .key(.keypadEnter):
            apply(.confirm)
        default:
            break
        }
    }

    /// What a tap at `p` asks for: a grid photo goes to the dock, a dock photo (or one flying there) back.
    func command(at p: Point) -> PickerCommand? {
        guard let id = tileID(at: p), let tile = field.tile(id) else { return nil }
        return tile.container == .dock ? .deselect(id) : .select(id)
    }

    func tileID(at p: Point) -> PhotoID? { field.tileID(at: p) }

    // MARK: Drawing

    /// The title's row in window points: the grid's first row, scrolled with it.
    func titleFrame(alpha: Double = 1) -> Rect {
        let o = field.offset(of: .grid, alpha: alpha)
        return field.scroll(.grid).unscrolled(layout.titleRow).offsetBy(dx: -o.x, dy: -o.y)
    }

    var title: SceneTitle { SceneTitle(text: picker.title, frame: titleFrame()) }

    /// The grid's content scrolls under the tab bar, which is drawn above it.
    var scrollsUnderChrome: Bool { true }

    func draw(into list: inout DrawList, alpha: Double) {
        let theme = config.theme
        let picker = self.picker
        let gridClip = field.windowClip(of: .grid, alpha: alpha)
        let title = titleFrame(alpha: alpha)
        if title.intersects(gridClip) {
            Chrome(config: config.chrome).drawTitle(
                picker.title, in: title, color: theme.text, clip: gridClip, into: &list)
        }
        if grid.isEmpty && dock.isEmpty {
            EmptyState.draw(in: layout.gridViewport, theme: theme, textScale: config.textScale, into: &list)
        }
        field.drawTileIDs(in: .grid, alpha: alpha) { id, frame, clip in
            list.append(
                .photo(
                    id: id, frame: frame, radius: picker.grid.cornerRadius, opacity: crossFades.opacity(of: id),
                    clip: clip))
        }
        field.drawIndicator(of: .grid, alpha: alpha, into: &list)
        field.forEachTileAhead(in: .grid, screens: config.photos.prefetchScreens) { id, frame in
            list.prefetch(id, frame: frame)
        }
        let panelNow = panelFrame(alpha: alpha)
        list.append(.fill(panelNow, radius: picker.dock.panelCornerRadius, color: theme.panel, clip: nil))
        list.outline(
            panelNow, radius: picker.dock.panelCornerRadius, color: theme.border, width: config.chrome.borderWidth)
        field.drawTileIDs(in: .dock, alpha: alpha) { id, frame, clip in
            list.append(
                .photo(
                    id: id, frame: frame, radius: picker.dock.tileCornerRadius, opacity: crossFades.opacity(of: id),
                    clip: clip))
        }
        if let button = doneButtonFrame(alpha: alpha) {
            // Dimmed while there is nothing to confirm, as a disabled UIButton.
            let opacity = dock.isEmpty ? 0.35 : 1
            list.append(.fill(button, radius: button.height / 2, color: theme.accent.withAlpha(opacity), clip: nil))
            list.append(
                .text(
                    "Done", anchor: button.center, alignment: .center,
                    style: TextStyle(size: config.scaledText(17), weight: .bold),
                    color: theme.accentText.withAlpha(opacity), clip: nil))
        }
        field.drawAbove(alpha: alpha) { tile, frame in
            let radius = tile.container == .dock ? picker.dock.tileCornerRadius : picker.grid.cornerRadius
            list.append(
                .photo(id: tile.id, frame: frame, radius: radius, opacity: crossFades.opacity(of: tile.id), clip: nil))
        }
        crossFades.drawOutgoing(into: &list)
        drawFocusRing(alpha: alpha, accent: theme.accent, into: &list)
    }
}

/// Keyboard focus: the grid's photos, the dock's, then the Done button; Space selects or deselects a photo
/// (the focus goes with it to its new place) or presses Done.
extension PickerScene: FocusableScene {
    /// The Done button (its name is what the state dump and the semantics tree show).
    static let doneButton = FocusTarget.control(ControlID("picker/done"))

    var focusGroups: [[FocusTarget]] {
        [grid.map(FocusTarget.tile), dock.map(FocusTarget.tile)]
            + (layout.doneButton == nil ? [] : [[Self.doneButton]])
    }

    func focusFrame(of target: FocusTarget) -> Rect? {
        switch target {
        case Self.doneButton: layout.doneButton
        case .tile(let id): field.laidOutFrame(of: id)
        case .control: nil
        }
    }

    func activate(_ target: FocusTarget) {
        switch target {
        case Self.doneButton: apply(.confirm)
        case .tile(let id):
            if let tile = field.tile(id) { apply(tile.container == .dock ? .deselect(id) : .select(id)) }
        case .control: break
        }
    }

    func revealFocus(_ target: FocusTarget) { revealFocusedTile(target, animation: config.scroll.scrollAnimation) }

    func focusRing(of target: FocusTarget, alpha: Double) -> FocusRing? {
        switch target {
        case Self.doneButton:
            guard let button = doneButtonFrame(alpha: alpha) else { return nil }
            return FocusRing(frame: button, radius: button.height / 2)
        case .tile(let id):
            guard let tile = field.tile(id) else { return nil }
            let radius = tile.container == .dock ? picker.dock.tileCornerRadius : picker.grid.cornerRadius
            return field.focusRing(around: id, alpha: alpha, radius: radius)
        case .control: return nil
        }
    }
}
