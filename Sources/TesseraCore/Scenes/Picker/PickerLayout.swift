import TesseraGeometry

/// Where the picker's parts go in a window (docs/BEHAVIOUR.md#picker): the scrolling grid with the title
/// at the top of its content, and the dock panel with its scroll area. Pure: (config, window size, item
/// counts) → frames. Tiles' frames are in each container's content coordinates; `Container` turns them
/// into window frames with the scroll offset.
///
/// The title is inside the `ScrollView`, above the `LazyVGrid` (the article's `ScrollView { HStack {
/// Text("Photos")…; Spacer() }; LazyVGrid … }`), so it scrolls away with the photos; the tab bar stays
/// pinned at the band's trailing end (or on its own row when stacked) and the content scrolls under it.
struct PickerLayout: Equatable, Sendable {
    /// The header band the tab bar sits in (at rest the title's row is its first row).
    var header: Rect
    /// The grid's viewport: its frame and clip, in window points, from the header's top.
    var gridViewport: Rect
    /// The title's row in the grid's content coordinates (the article's `HStack` with a `Spacer`).
    var titleRow: Rect
    /// Where the grid's photos start in its content coordinates: below the header band's rows.
    var gridTop: Double
    /// The grey dock panel.
    var dockPanel: Rect
    /// The dock's scroll area inside the panel's padding: its viewport and clip.
    var dockViewport: Rect
    /// The Done button at the panel's trailing end, when configured.
    var doneButton: Rect?
    var grid: AdaptiveGrid
    var dock: DockRow

    init(config: PickerConfig, chrome: ChromeConfig, window: Size) {
        let p = config.padding
        let width = max(0, window.width - 2 * p)
        header = Chrome(config: chrome).header(window: window)
        let dockHeight = config.dock.height + 2 * config.dock.padding
        let dockY = max(header.maxY, window.height - p - dockHeight)
        dockPanel = Rect(p, dockY, width, dockHeight)
        var inner = dockPanel.insetBy(dx: config.dock.padding, dy: config.dock.padding)
        if config.dock.doneButton {
            let size = Size(config.dock.doneButtonWidth, config.dock.doneButtonHeight)
            doneButton = Rect(inner.maxX - size.width, inner.midY - size.height / 2, size.width, size.height)
            // The row scrolls in what is left, a padding's width before the button.
            inner.width -= size.width + config.dock.padding
        }
        dockViewport = Rect(inner.x, inner.y, max(0, inner.width), max(0, inner.height))
        gridViewport = Rect(p, header.minY, width, max(0, dockY - config.spacing - header.minY))
        titleRow = Rect(0, 0, width, chrome.headerHeight)
        gridTop = header.height
        grid = AdaptiveGrid(
            width: width, minimumColumnWidth: config.grid.minimumColumnWidth, spacing: config.grid.spacing,
            rowHeight: config.grid.rowHeight)
        dock = DockRow(height: config.dock.height, spacing: config.dock.spacing, fallbackWidth: config.dock.tileWidth)
    }

    /// Grid photo `index`'s frame in the grid's content coordinates (below the title).
    func gridFrame(at index: Int) -> Rect { grid.frame(at: index).offsetBy(dx: 0, dy: gridTop) }

    /// The grid's content height for `count` photos, the title's rows included.
    func gridContentHeight(count: Int) -> Double { gridTop + grid.contentHeight(count: count) }
}
