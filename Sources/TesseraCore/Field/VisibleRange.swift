import TesseraGeometry

/// Where a container's tiles rest along its scroll axis, for finding the ones a stretch of it shows
/// without looking at the others: a draw, a hit test and the prefetch cost what they find (plus a
/// binary search), whatever the container holds.
///
/// Layouts put tiles along the axis in model order: a grid's rows, a list, a row of cards, each column
/// of a masonry that deals contiguous runs to its columns, and a masonry that deals each photo to the
/// shortest column (the shortest column's bottom never goes back up). So the starts, in model order,
/// split into a few *runs* that never decrease — one for a grid or a list, one per column for a split
/// masonry — and in each run the tiles that may meet a stretch are one contiguous range, found by
/// binary search: those starting before the stretch ends and after it starts less the run's longest
/// tile. Any other order still works (more, shorter runs); it only costs more.
struct VisibleRange: Sendable {
    /// One run of positions `start..<end` whose starts never decrease; `longest` is its longest tile.
    private struct Run: Sendable {
        var start: Int
        var end: Int
        var longest: Double
    }

    /// Each position's start along the axis, in model order.
    private var starts: [Double] = []
    private var runs: [Run] = []

    init() {}

    /// - Parameter spans: each position's (start, length) along the axis, in model order.
    init(spans: [(start: Double, length: Double)]) {
        starts.reserveCapacity(spans.count)
        var run = Run(start: 0, end: 0, longest: 0)
        for (p, span) in spans.enumerated() {
            if p > 0, span.start < starts[p - 1] {
                runs.append(run)
                run = Run(start: p, end: p, longest: 0)
            }
            starts.append(span.start)
            run.end = p + 1
            run.longest = max(run.longest, span.length)
        }
        if run.end > run.start { runs.append(run) }
    }

    /// A frame's span along an axis (start and length; a frame of negative size counts from its far
    /// edge).
    static func span(of frame: Rect, vertical: Bool) -> (start: Double, length: Double) {
        let (start, length) = vertical ? (frame.y, frame.height) : (frame.x, frame.width)
        return length < 0 ? (start + length, -length) : (start, length)
    }

    /// How many runs the positions make (1 for a grid or a list; a split masonry's column count).
    var runCount: Int { runs.count }

    /// Calls `body` with every position whose span may meet `low...high` (it may also call it with a few
    /// that do not, never leaves one out), in ascending order, until `body` returns false.
    func forEachPosition(meeting low: Double, _ high: Double, _ body: (Int) -> Bool) {
        for run in runs {
            let first = firstPosition(in: run, where: { $0 >= low - run.longest })
            let end = firstPosition(in: run, where: { $0 > high })
            var p = first
            while p < end {
                if !body(p) { return }
                p += 1
            }
        }
    }

    /// The first position of `run` whose start satisfies `predicate` (which, along a run, once true stays
    /// true), or the run's end.
    private func firstPosition(in run: Run, where predicate: (Double) -> Bool) -> Int {
        var low = run.start
        var high = run.end
        while low < high {
            let middle = (low + high) / 2
            if predicate(starts[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
