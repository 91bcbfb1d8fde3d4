import TesseraGeometry

/// Masonry columns: `HStack(alignment: .top, spacing: s) { VStack(spacing: s) {…} … }.padding(.horizontal,
/// p)`. The columns share the width equally; each item fills its column's width at its own aspect ratio,
/// stacked with `spacing` between. Pure: (aspect ratios, column count, width, spacing) → frames.
struct Masonry: Equatable, Sendable {
    /// How items are dealt to the columns.
    enum Distribution: String, Codable, Equatable, Sendable, CaseIterable {
        /// Contiguous runs, the first ⌈n / columns⌉ items in column 1 and so on: with two columns the
        /// first half and the second half. An odd count loses no item: the extra one goes to the first
        /// column.
        case split
        /// Each item, in order, to the currently shortest column (leftmost on a tie).
        case balanced

        init(from decoder: Decoder) throws { self = try decodeConfigName(decoder, "distribution") }
    }

    var columns: Int
    /// `(width − 2·padding − (columns − 1)·spacing) / columns`, never below zero.
    var columnWidth: Double
    /// Each item's frame in content coordinates (origin at the container's top-left), in order.
    var frames: [Rect]
    /// The column each item is in, in order.
    var column: [Int]
    /// Height of the tallest column.
    var contentHeight: Double

    /// - Parameter aspectRatios: width / height of each item, in order (each > 0).
    init(
        aspectRatios: [Double], columns: Int, width: Double, padding: Double, spacing: Double,
        distribution: Distribution
    ) {
        self.columns = columns
        let n = Double(columns)
        let w = max(0, (width - 2 * padding - (n - 1) * spacing) / n)
        columnWidth = w
        let heights = aspectRatios.map { w / $0 }
        let assigned = Self.distribute(heights: heights, columns: columns, spacing: spacing, by: distribution)
        column = assigned

        var bottoms = [Double](repeating: 0, count: columns)
        var placed = [Bool](repeating: false, count: columns)
        var frames: [Rect] = []
        frames.reserveCapacity(heights.count)
        for (i, h) in heights.enumerated() {
            let c = assigned[i]
            let y = placed[c] ? bottoms[c] + spacing : 0
            frames.append(Rect(padding + Double(c) * (w + spacing), y, w, h))
            bottoms[c] = y + h
            placed[c] = true
        }
        self.frames = frames
        contentHeight = bottoms.max() ?? 0
    }

    /// `columns`, or more for a wide container when `minimumColumnWidth` > 0:
    /// `max(columns, floor((W − 2·padding + s) / (m + s)))`, as `GridItem(.adaptive(minimum: m))`.
    static func columnCount(
        width: Double, columns: Int, minimumColumnWidth: Double, padding: Double, spacing: Double
    ) -> Int {
        let fixed = max(1, columns)
        guard minimumColumnWidth > 0 else { return fixed }
        let inner = width - 2 * padding
        let fit = ((inner + spacing) / (minimumColumnWidth + spacing)).rounded(.down)
        return max(fixed, fit.isFinite ? Int(min(fit, 64)) : fixed)
    }

    /// The column of each item (in order), given each item's height at the column width.
    static func distribute(heights: [Double], columns: Int, spacing: Double, by distribution: Distribution) -> [Int] {
        switch distribution {
        case .split:
            // Contiguous runs: column c starts at item ⌈c·n / columns⌉ — halves for two columns, with an
            // odd item going to the first column instead of being dropped, and no column left empty
            // while another has two more.
            let n = heights.count
            var result: [Int] = []
            result.reserveCapacity(n)
            var c = 0
            for i in 0..<n {
                while c + 1 < columns, i >= ((c + 1) * n + columns - 1) / columns { c += 1 }
                result.append(c)
            }
            return result
        case .balanced:
            var totals = [Double](repeating: 0, count: columns)
            var counts = [Int](repeating: 0, count: columns)
            return heights.map { h in
                var shortest = 0
                for c in 1..<max(1, columns) where totals[c] < totals[shortest] { shortest = c }
                totals[shortest] += (counts[shortest] == 0 ? 0 : spacing) + h
                counts[shortest] += 1
                return shortest
            }
        }
    }
}
