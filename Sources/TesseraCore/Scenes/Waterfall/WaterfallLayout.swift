import TesseraGeometry

/// The waterfall's masonry (docs/BEHAVIOUR.md#waterfall): `ScrollView { HStack(alignment: .top,
/// spacing: 5) { VStack(spacing: 5) {…} … } }.padding(.horizontal, 5)` below the chrome band. Each photo
/// fills its column's width at its own aspect ratio (`Masonry`). Pure: (aspect ratios, config, window) →
/// frames; no scrolling, no springs.
struct WaterfallLayout: Equatable, Sendable {
    /// The scroll view's viewport (its frame and clip), window points: the window below the chrome band.
    var viewport: Rect
    var masonry: Masonry

    /// - Parameters:
    ///   - aspectRatios: width / height of each photo, in model order (each > 0).
    ///   - top: where the viewport starts (the chrome band's bottom), points from the window's top.
    init(aspectRatios: [Double], config: WaterfallConfig, top: Double, window: Size) {
        viewport = Rect(0, top, window.width, max(0, window.height - top))
        let columns = Masonry.columnCount(
            width: window.width, columns: config.columns, minimumColumnWidth: config.minimumColumnWidth,
            padding: config.padding, spacing: config.spacing)
        masonry = Masonry(
            aspectRatios: aspectRatios, columns: columns, width: window.width, padding: config.padding,
            spacing: config.spacing, distribution: config.distribution)
    }

    var columns: Int { masonry.columns }
    var columnWidth: Double { masonry.columnWidth }
    /// Each photo's frame in content coordinates (origin at the viewport's top-left), in model order.
    var frames: [Rect] { masonry.frames }
    /// The column each photo is in, in model order.
    var column: [Int] { masonry.column }
    /// Height of the tallest column.
    var contentHeight: Double { masonry.contentHeight }
}
