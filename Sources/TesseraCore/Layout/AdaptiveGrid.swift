import TesseraGeometry

/// `LazyVGrid(columns: [GridItem(.adaptive(minimum: m))], spacing: s)` with rows of a fixed height
/// (docs/BEHAVIOUR.md#picker): as many columns of at least `m` as fit, sharing the width.
struct AdaptiveGrid: Equatable, Sendable {
    /// Container width in points.
    var width: Double
    var minimumColumnWidth: Double
    var spacing: Double
    var rowHeight: Double

    init(width: Double, minimumColumnWidth: Double, spacing: Double, rowHeight: Double) {
        self.width = width
        self.minimumColumnWidth = minimumColumnWidth
        self.spacing = spacing
        self.rowHeight = rowHeight
    }

    /// `max(1, floor((W + s) / (m + s)))`.
    var columns: Int {
        max(1, Int(((width + spacing) / (minimumColumnWidth + spacing)).rounded(.down)))
    }

    /// `(W − (columns − 1)·s) / columns`, never below zero.
    var columnWidth: Double {
        let n = Double(columns)
        return max(0, (width - (n - 1) * spacing) / n)
    }

    /// Frame of item `index` in content coordinates (origin at the grid's top-left).
    func frame(at index: Int) -> Rect {
        let n = columns
        let column = Double(index % n)
        let row = Double(index / n)
        let w = columnWidth
        return Rect(column * (w + spacing), row * (rowHeight + spacing), w, rowHeight)
    }

    /// Height of the content holding `count` items.
    func contentHeight(count: Int) -> Double {
        let rows = (count + columns - 1) / columns
        return rows == 0 ? 0 : Double(rows) * rowHeight + Double(rows - 1) * spacing
    }
}
