import TesseraGeometry

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

    /// The title's face: the picker article's `.font(.system(.title, design: .rounded)).fontWeight(.heavy)`.
    var titleStyle: TextStyle { TextStyle(size: config.titleSize, weight: .heavy, design: .rounded) }

    /// The scene's title: large, heavy and rounded, at the band's leading end.
    func drawTitle(_ title: String, window: Size, color: Color, opacity: Double = 1, into list: inout DrawList) {
        drawTitle(title, in: titleRow(window: window), color: color.withAlpha(opacity), clip: nil, into: &list)
    }

    /// The title at the leading end of `row` (window points), under `clip`: a title that scrolls with its
    /// scene's content (the picker's).
    func drawTitle(_ title: String, in row: Rect, color: Color, clip: Rect?, into list: inout DrawList) {
        list.append(
            .text(
                title, anchor: Point(row.minX, row.midY), alignment: .leading, style: titleStyle, color: color,
                clip: clip))
    }
}

extension DrawList {
    /// A theme's `border` just inside `frame`, `width` points wide: the high-contrast themes' outline where
    /// colour alone would tell a part from its surroundings (WCAG 2.x, 1.4.11 "Non-text Contrast"). The
    /// normal themes' border is clear and adds nothing to the list.
    mutating func outline(_ frame: Rect, radius: Double, color: Color, width: Double, clip: Rect? = nil) {
        guard color.a > 0, width > 0, !frame.isEmpty else { return }
        append(.ring(frame, radius: radius, width: width, color: color, clip: clip))
    }
}

/// A scene's title as the dump shows it (docs/REFERENCE.md#state-dump): its text and the frame of its row
/// (window points, as presented: the picker's scrolls with the grid).
struct SceneTitle: Equatable, Sendable {
    var text: String
    var frame: Rect
}

/// What a scene without photos shows instead (a kiosk watching a folder that is still empty): a line in
/// the secondary text colour, centred in the scene's content, until the first photo arrives.
enum EmptyState {
    static let text = "No photos yet"

    /// `textScale`: the config's (`Config.scaledText`).
    static func draw(in area: Rect, theme: Theme, textScale: Double = 1, into list: inout DrawList) {
        guard !area.isEmpty else { return }
        list.append(
            .text(
                text, anchor: area.center, alignment: .center, style: TextStyle(size: 20 * textScale, weight: .bold),
                color: theme.secondaryText, clip: area))
    }
}
