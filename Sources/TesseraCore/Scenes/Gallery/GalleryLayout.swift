import TesseraGeometry

/// Where the gallery's parts go in a window (docs/BEHAVIOUR.md#gallery; the `GallerySection` and
/// `GalleryHeroContent` views of WWDC 2023 "Beyond scroll views"). Pure: (config, window size) →
/// frames.
///
/// The outer vertical scroll fills the window below the shared chrome band. Its content is the
/// sections, one under another; each section is `sectionSpacing / 2` of space, its label (Featured's
/// with a second line for the scroll position), `labelSpacing`, its row of cards, and
/// `sectionSpacing` with a divider at the bottom, inset by `horizontalMargin` (none under the last).
/// A row spans the window's width; its cards are sized by `containerRelativeFrame` against the row
/// less its content margins, and are `aspectRatio` wide for each point of height.
///
/// Outer content coordinates: points from the top-left of the outer scroll's content. Row content
/// coordinates: points from the row content's leading edge, content margins included.
struct GalleryLayout: Equatable, Sendable {
    struct Row: Equatable, Sendable {
        var id: String
        var title: String
        /// The label's line, outer content coordinates.
        var label: Rect
        /// The scroll position's line under the label (the first row only), outer content coordinates.
        var positionLine: Rect?
        /// The row's viewport, outer content coordinates: the window's width, one card high.
        var frame: Rect
        /// The divider at the section's bottom, outer content coordinates (nil for the last section).
        var divider: Rect?
        var cardSize: Size
        var spacing: Double
        var margins: ContentMargins
        var cardCount: Int

        /// Card `index`'s frame in row content coordinates.
        func cardFrame(at index: Int) -> Rect {
            Rect(margins.leading + Double(index) * (cardSize.width + spacing), 0, cardSize.width, cardSize.height)
        }

        /// Cards, gaps and both margins, in points.
        var contentSize: Size {
            let cards = Double(cardCount) * cardSize.width + Double(max(0, cardCount - 1)) * spacing
            return Size(margins.leading + cards + margins.trailing, cardSize.height)
        }

        /// Every card's frame in row content coordinates: the row's scroll targets.
        var cardFrames: [Rect] { (0..<cardCount).map(cardFrame(at:)) }
    }

    var sizeClass: SizeClass
    /// The outer scroll's viewport and clip, window points.
    var viewport: Rect
    var rows: [Row]
    /// Height of the outer scroll's content, points.
    var contentHeight: Double

    init(config: GalleryConfig, chrome: ChromeConfig, window: Size) {
        sizeClass = SizeClass(width: window.width, compactBelow: config.compactWidth)
        let top = min(window.height, Chrome(config: chrome).contentTop(window: window))
        viewport = Rect(0, top, max(0, window.width), max(0, window.height - top))
        let width = viewport.width
        let margin = config.horizontalMargin
        let labelWidth = max(0, width - 2 * margin)
        var y = 0.0
        var rows: [Row] = []
        let configured = config.rows
        for (index, (id, row)) in configured.enumerated() {
            y += config.sectionSpacing / 2
            let label = Rect(margin, y, labelWidth, config.labelLineHeight)
            y += config.labelLineHeight
            var positionLine: Rect?
            if index == 0 {
                y += config.positionSpacing
                positionLine = Rect(margin, y, labelWidth, config.positionLineHeight)
                y += config.positionLineHeight
            }
            y += config.labelSpacing
            let frame = ContainerRelativeFrame(count: row.count(in: sizeClass), spacing: row.spacing)
            let cardWidth = frame.length(in: max(0, width - 2 * row.contentMargin))
            let cardSize = Size(cardWidth, cardWidth / row.aspectRatio)
            let rowFrame = Rect(0, y, width, cardSize.height)
            y += cardSize.height + config.sectionSpacing
            let divider =
                index == configured.count - 1
                ? nil : Rect(margin, y - config.dividerThickness, labelWidth, config.dividerThickness)
            rows.append(
                Row(
                    id: id, title: row.title, label: label, positionLine: positionLine, frame: rowFrame,
                    divider: divider, cardSize: cardSize, spacing: row.spacing,
                    margins: ContentMargins(row.contentMargin), cardCount: row.cards))
        }
        self.rows = rows
        contentHeight = y
    }
}
