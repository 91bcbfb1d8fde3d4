/// The dock's single row (`LazyHGrid(rows: [GridItem()])`, spacing 8): tiles of a fixed size,
/// left to right, in a horizontally scrolling area.
struct DockRow: Equatable, Sendable {
    var tileSize: Size
    var spacing: Double

    init(tileSize: Size, spacing: Double) {
        self.tileSize = tileSize
        self.spacing = spacing
    }

    /// Frame of item `index` in content coordinates.
    func frame(at index: Int) -> Rect {
        Rect(Double(index) * (tileSize.width + spacing), 0, tileSize.width, tileSize.height)
    }

    /// Width of the content holding `count` items.
    func contentWidth(count: Int) -> Double {
        count == 0 ? 0 : Double(count) * tileSize.width + Double(count - 1) * spacing
    }
}
