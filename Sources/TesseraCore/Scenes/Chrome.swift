/// The band every scene shares at its top (SPEC §1's header, §5's tab bar): the scene's title at the
/// leading end, the tab bar at the trailing end. Scenes lay their content out below `contentTop`.
public struct Chrome: Sendable {
    public var config: ChromeConfig
    public init(config: ChromeConfig) { self.config = config }

    /// The header band, inside the padding.
    public func header(window: Size) -> Rect {
        Rect(config.padding, config.padding, max(0, window.width - 2 * config.padding), config.headerHeight)
    }

    /// Where scene content may start (points from the window's top).
    public var contentTop: Double { config.padding + config.headerHeight }

    /// The scene's title: large and heavy, at the band's leading end.
    public func drawTitle(_ title: String, window: Size, color: Color, opacity: Double = 1, into list: inout DrawList) {
        let band = header(window: window)
        list.append(
            .text(
                title, anchor: Point(band.minX, band.midY), alignment: .leading,
                style: TextStyle(size: config.titleSize, weight: .bold), color: color.withAlpha(opacity), clip: nil))
    }
}
