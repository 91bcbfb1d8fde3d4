import TesseraGeometry

/// Where the destinations scene's parts go (docs/BEHAVIOUR.md#destinations). Pure: (aspect ratios,
/// config, window) → frames.
///
/// - The list: `ScrollView { VStack(spacing: 20) { Image…aspectRatio(.fill) } .padding(.all, 20) }`
///   below the chrome band (`VerticalList`).
/// - The detail view: `VStack { Image…aspectRatio(.fit); Text(title).font(.title); Text(details)
///   .font(.callout).padding(.horizontal); Spacer() }.ignoresSafeArea()` with a close button at the
///   top-trailing corner — the image at the very top, as wide as the window.
struct DestinationsLayout: Equatable, Sendable {
    /// The list's viewport (its frame and clip), window points.
    var viewport: Rect
    var list: VerticalList

    private let window: Size
    private let detail: DestinationDetailConfig

    init(aspectRatios: [Double], config: DestinationsConfig, top: Double, window: Size) {
        self.window = window
        detail = config.detail
        viewport = Rect(0, top, window.width, max(0, window.height - top))
        list = VerticalList(
            aspectRatios: aspectRatios, width: window.width, padding: config.padding, spacing: config.spacing)
    }

    /// Each item's frame in content coordinates (origin at the viewport's top-left), in list order.
    var items: [Rect] { list.items }
    var contentHeight: Double { list.contentHeight }

    // MARK: Detail view (window points; it does not scroll)

    /// The hero image's frame in the detail view: at the top, aspect-fit to the window's width — and to
    /// `maxImageHeightFraction` of its height, centred horizontally, when the window is that wide.
    func detailImage(aspectRatio: Double) -> Rect {
        let maxHeight = window.height * detail.maxImageHeightFraction
        let width = min(window.width, maxHeight * aspectRatio)
        return Rect((window.width - width) / 2, 0, width, width / aspectRatio)
    }

    /// Line height of a text style, points: DejaVu Sans's ascent + descent is about 1.17 em.
    static func lineHeight(_ size: Double) -> Double { (size * 1.17).rounded(.up) }

    /// Centre of the title line, under the image (centred, as a `VStack` centres its children).
    func titleAnchor(aspectRatio: Double) -> Point {
        let image = detailImage(aspectRatio: aspectRatio)
        return Point(window.width / 2, image.maxY + detail.spacing + Self.lineHeight(detail.titleSize) / 2)
    }

    /// The details paragraph's box: under the title, inset by the padding, to the window's bottom. The
    /// backend wraps the text to its width and clips it to the box.
    func detailsFrame(aspectRatio: Double) -> Rect {
        let top = titleAnchor(aspectRatio: aspectRatio).y + Self.lineHeight(detail.titleSize) / 2 + detail.spacing
        let p = detail.padding
        return Rect(p, top, max(0, window.width - 2 * p), max(0, window.height - p - top))
    }

    /// The close button's circle, at the top-trailing corner.
    var closeButton: Rect {
        let b = detail.closeButton
        return Rect(window.width - b.margin - b.diameter, b.margin, b.diameter, b.diameter)
    }
}
