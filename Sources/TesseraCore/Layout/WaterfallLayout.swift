/// The waterfall's masonry (docs/BEHAVIOUR.md#waterfall): `ScrollView { HStack(alignment: .top,
/// spacing: 5) { VStack(spacing: 5) {…} … } }.padding(.horizontal, 5)`. Each photo fills its column's
/// width at its own aspect ratio. Pure: (aspect ratios, config, window) → frames; no scrolling, no
/// springs.
package struct WaterfallLayout: Equatable, Sendable {
    /// The scroll view's viewport (its frame and clip), window points: the window below the chrome band.
    package var viewport: Rect
    package var columns: Int
    /// `(viewport width − 2·padding − (columns − 1)·spacing) / columns`, never below zero.
    var columnWidth: Double
    /// Each photo's frame in content coordinates (origin at the viewport's top-left), in model order.
    package var frames: [Rect]
    /// The column each photo is in, in model order.
    package var column: [Int]
    /// Height of the tallest column.
    var contentHeight: Double

    /// - Parameters:
    ///   - aspectRatios: width / height of each photo, in model order (each > 0).
    ///   - top: where the viewport starts (the chrome band's bottom), points from the window's top.
    package init(aspectRatios: [Double], config: WaterfallConfig, top: Double, window: Size) {
        viewport = Rect(0, top, window.width, max(0, window.height - top))
        columns = Self.columnCount(width: window.width, config: config)
        let n = Double(columns)
        let width = max(0, (window.width - 2 * config.padding - (n - 1) * config.spacing) / n)
        columnWidth = width
        let heights = aspectRatios.map { width / $0 }
        let assigned = Self.distribute(
            heights: heights, columns: columns, spacing: config.spacing, by: config.distribution)
        column = assigned

        var bottoms = [Double](repeating: 0, count: columns)
        var placed = [Bool](repeating: false, count: columns)
        var frames: [Rect] = []
        frames.reserveCapacity(heights.count)
        for (i, h) in heights.enumerated() {
            let c = assigned[i]
            let y = placed[c] ? bottoms[c] + config.spacing : 0
            frames.append(Rect(config.padding + Double(c) * (width + config.spacing), y, width, h))
            bottoms[c] = y + h
            placed[c] = true
        }
        self.frames = frames
        contentHeight = bottoms.max() ?? 0
    }

    /// `columns`, or more for a wide window when `minimumColumnWidth` > 0:
    /// `max(columns, floor((W − 2·padding + s) / (m + s)))`, as `GridItem(.adaptive(minimum: m))`.
    static func columnCount(width: Double, config: WaterfallConfig) -> Int {
        let fixed = max(1, config.columns)
        guard config.minimumColumnWidth > 0 else { return fixed }
        let inner = width - 2 * config.padding
        let fit = ((inner + config.spacing) / (config.minimumColumnWidth + config.spacing)).rounded(.down)
        return max(fixed, fit.isFinite ? Int(min(fit, 64)) : fixed)
    }

    /// The column of each photo (model order), given each photo's height at the column width.
    static func distribute(
        heights: [Double], columns: Int, spacing: Double, by distribution: WaterfallDistribution
    ) -> [Int] {
        switch distribution {
        case .split:
            // Contiguous runs: column c starts at photo ⌈c·n / columns⌉ — the article's halves for two
            // columns, with an odd photo going to the first column instead of being dropped, and no
            // column left empty while another has two more.
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
