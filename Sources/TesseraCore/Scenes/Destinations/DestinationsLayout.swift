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
    /// The paragraph's words as the backend's fonts draw them.
    private let text: TextMeasure

    init(aspectRatios: [Double], config: DestinationsConfig, top: Double, window: Size, text: TextMeasure = .estimated)
    {
        self.window = window
        self.text = text
        detail = config.detail
        viewport = Rect(0, top, window.width, max(0, window.height - top))
        list = VerticalList(
            aspectRatios: aspectRatios, width: window.width, padding: config.padding, spacing: config.spacing)
    }

    /// Each item's frame in content coordinates (origin at the viewport's top-left), in list order.
    var items: [Rect] { list.items }
    var contentHeight: Double { list.contentHeight }

    // MARK: Detail view (its content coordinates: window points when it is scrolled to the top)

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

    /// The details paragraph's box: under the title, inset by the padding, as tall as `details` wraps to
    /// at its width (`wrappedLineCount`). The backend wraps the text to the box's width and clips it to the
    /// box, so the box must hold every line: the detail view scrolls when it does not fit the window.
    func detailsFrame(aspectRatio: Double, details: String) -> Rect {
        let top = titleAnchor(aspectRatio: aspectRatio).y + Self.lineHeight(detail.titleSize) / 2 + detail.spacing
        let p = detail.padding
        let width = max(0, window.width - 2 * p)
        let lines = Self.wrappedLineCount(details, width: width, size: detail.detailsSize, text: text)
        return Rect(p, top, width, Double(lines) * Self.lineHeight(detail.detailsSize))
    }

    /// The detail view's content height (points): image, title, the whole paragraph and the padding
    /// below it, at least the window's height. Taller than the window, the detail view scrolls.
    func detailContentHeight(aspectRatio: Double, details: String) -> Double {
        max(window.height, detailsFrame(aspectRatio: aspectRatio, details: details).maxY + detail.padding)
    }

    /// Lines `text` takes wrapped at word boundaries to `width` points at `size` points, as
    /// `TTF_RenderUTF8_Blended_Wrapped` breaks it in the backend (greedy, a word longer than a line split
    /// across lines), each word measured by the backend's fonts (`TextMeasure`; the estimate without them
    /// errs towards an extra line, blank space under the text, rather than a cut one).
    static func wrappedLineCount(_ text: String, width: Double, size: Double, text measure: TextMeasure = .estimated)
        -> Int
    {
        let style = TextStyle(size: size, weight: .regular)
        let space = measure.width(" ", style)
        guard width > 0, !text.isEmpty else { return 0 }
        var lines = 0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += 1
            var used = 0.0
            for word in paragraph.split(separator: " ") {
                let w = measure.width(String(word), style)
                if used > 0, used + space + w <= width {
                    used += space + w
                } else {
                    if used > 0 { lines += 1 }
                    // A word wider than the line runs on over as many lines as it needs.
                    let extra = max(0, Int((w / width).rounded(.up)) - 1)
                    lines += extra
                    used = w - Double(extra) * width
                }
            }
        }
        return lines
    }

    /// The close button's circle, at the top-trailing corner.
    var closeButton: Rect {
        let b = detail.closeButton
        return Rect(window.width - b.margin - b.diameter, b.margin, b.diameter, b.diameter)
    }
}
