import TesseraGeometry

/// The dock's single row (`LazyHGrid(rows: [GridItem()])`, spacing 8), left to right in a horizontally
/// scrolling area. Each cell is `.frame(height: 100)` and takes its ideal width, which for a resizable,
/// aspect-filled image is the photo's own: height × its aspect ratio (docs/BEHAVIOUR.md#picker).
struct DockRow: Equatable, Sendable {
    var height: Double
    var spacing: Double
    /// The width of a photo whose size is unknown (it draws as a placeholder).
    var fallbackWidth: Double

    /// A tile's width for a photo of `aspectRatio` (width / height), nil or unusable for unknown.
    func width(aspectRatio: Double?) -> Double {
        guard let aspectRatio, aspectRatio.isFinite, aspectRatio > 0 else { return fallbackWidth }
        return height * aspectRatio
    }

    /// The frames of tiles `widths` wide, in content coordinates, side by side.
    func frames(widths: [Double]) -> [Rect] {
        var x = 0.0
        return widths.map { w in
            defer { x += w + spacing }
            return Rect(x, 0, w, height)
        }
    }

    /// Width of the content holding tiles `widths` wide.
    func contentWidth(widths: [Double]) -> Double {
        widths.isEmpty ? 0 : widths.reduce(0, +) + Double(widths.count - 1) * spacing
    }
}
