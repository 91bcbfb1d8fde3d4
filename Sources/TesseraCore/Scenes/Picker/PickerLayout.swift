/// Where the picker's parts go in a window (docs/BEHAVIOUR.md#picker): header, the scrolling grid,
/// and the dock panel with its scroll area. Pure: (config, window size, item counts) → frames. Tiles'
/// frames are in each container's content coordinates; `Container` turns them into window frames with
/// the scroll offset.
struct PickerLayout: Equatable, Sendable {
    /// The header band holding the title (and the tab bar at its trailing end).
    var header: Rect
    /// The grid's viewport: its frame and clip, in window points.
    var gridViewport: Rect
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
        gridViewport = Rect(p, header.maxY, width, max(0, dockY - config.spacing - header.maxY))
        grid = AdaptiveGrid(
            width: width, minimumColumnWidth: config.grid.minimumColumnWidth, spacing: config.grid.spacing,
            rowHeight: config.grid.rowHeight)
        dock = DockRow(tileSize: Size(config.dock.tileWidth, config.dock.height), spacing: config.dock.spacing)
    }
}
