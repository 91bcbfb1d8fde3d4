/// The band every scene shares at its top (docs/BEHAVIOUR.md#chrome-and-tab-bar): the scene's title at the
/// leading end, the tab bar at the trailing end. In a window too narrow for both on one row (a phone-
/// sized kiosk) the tab bar takes a row of its own under the title. Scenes lay their content out below
/// `contentTop(window:)`.
struct Chrome: Sendable {
    var config: ChromeConfig
    init(config: ChromeConfig) { self.config = config }

    /// True when the tab bar sits on its own row under the title.
    func isStacked(window: Size) -> Bool { window.width < config.stackBelowWidth }

    /// The whole band, inside the padding: the title row, and the tab row when stacked.
    func header(window: Size) -> Rect {
        let rows = config.headerHeight + (isStacked(window: window) ? config.tabRowHeight : 0)
        return Rect(config.padding, config.padding, max(0, window.width - 2 * config.padding), rows)
    }

    /// The row the title is centred in.
    func titleRow(window: Size) -> Rect {
        let band = header(window: window)
        return Rect(band.minX, band.minY, band.width, config.headerHeight)
    }

    /// The row the tab bar is centred in: the title's row (trailing end), or its own row when stacked.
    func tabRow(window: Size) -> Rect {
        let band = header(window: window)
        guard isStacked(window: window) else { return titleRow(window: window) }
        return Rect(band.minX, band.minY + config.headerHeight, band.width, config.tabRowHeight)
    }

    /// Where scene content may start (points from the window's top).
    func contentTop(window: Size) -> Double { header(window: window).maxY }

    /// The scene's title: large and heavy, at the band's leading end.
    func drawTitle(_ title: String, window: Size, color: Color, opacity: Double = 1, into list: inout DrawList) {
        let row = titleRow(window: window)
        list.append(
            .text(
                title, anchor: Point(row.minX, row.midY), alignment: .leading,
                style: TextStyle(size: config.titleSize, weight: .bold), color: color.withAlpha(opacity), clip: nil))
    }
}
