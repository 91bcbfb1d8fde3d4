import TesseraGeometry

/// A list of images one under another: `VStack(spacing: s) { Image…aspectRatio(.fill) }.padding(.all, p)`.
/// Each item is as wide as the list less its padding, at its own aspect ratio. Pure: (aspect ratios,
/// width, padding, spacing) → frames.
struct VerticalList: Equatable, Sendable {
    /// Each item's frame in content coordinates (origin at the list's top-left), in order.
    var items: [Rect]
    /// Padding, items and the spacing between them; 0 for an empty list.
    var contentHeight: Double

    /// - Parameter aspectRatios: width / height of each item, in order (each > 0).
    init(aspectRatios: [Double], width: Double, padding: Double, spacing: Double) {
        let itemWidth = max(0, width - 2 * padding)
        var y = padding
        items = []
        items.reserveCapacity(aspectRatios.count)
        for aspect in aspectRatios {
            let h = itemWidth / aspect
            items.append(Rect(padding, y, itemWidth, h))
            y += h + spacing
        }
        contentHeight = items.isEmpty ? 0 : y - spacing + padding
    }
}
