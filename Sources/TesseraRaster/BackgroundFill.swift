/// The background a damaged part of a frame needs: the part less what opaque photo bodies drawn over
/// it will cover anyway. Whole PIXELS throughout; no SDL calls, so it can be tested without a renderer.
///
/// Why: a reflow or a flight damages most of a grid, and clearing all of it before the photos are
/// copied over it wrote every pixel twice — SDL's software fill (`SDL_FillRect`, with non-temporal
/// stores) was an eighth of an animated picker frame. An opaque body at full opacity is blitted
/// without blending, so the pixels under it never show; only the gaps between tiles and the squares
/// under their rounded corners are cleared.
///
/// The uncovered area is cut into horizontal bands at every occluder's top and bottom; in each band,
/// the spans no occluder crosses are filled, and a span continuing the one above it with the same
/// edges extends that rectangle instead of starting another (a column of gaps is one rectangle).
/// The rectangles are disjoint and cover exactly the part less the occluders.
package struct BackgroundFill {
    /// What will be drawn opaque over the part this frame.
    private var occluders: [PixelRect] = []
    private var edges: [Int] = []
    private var spans: [(x0: Int, x1: Int)] = []
    private var previousBand: [Int] = []
    private var currentBand: [Int] = []
    /// The rectangles to fill, from the last `uncovered(in:)`.
    package private(set) var rects: [PixelRect] = []

    package init() {}

    /// Starts a part: no occluders.
    package mutating func reset() { occluders.removeAll(keepingCapacity: true) }

    /// Notes that `rect` will be drawn opaque, whatever is under it.
    package mutating func cover(_ rect: PixelRect) {
        if !rect.isEmpty { occluders.append(rect) }
    }

    /// The rectangles of `part` that no occluder covers (`rects`), top to bottom.
    package mutating func uncovered(in part: PixelRect) {
        rects.removeAll(keepingCapacity: true)
        guard !part.isEmpty else { return }
        edges.removeAll(keepingCapacity: true)
        edges.append(part.y0)
        edges.append(part.y1)
        var kept = 0
        for rect in occluders {
            let inside = rect.intersection(part)
            guard !inside.isEmpty else { continue }
            occluders[kept] = inside
            kept += 1
            edges.append(inside.y0)
            edges.append(inside.y1)
        }
        occluders.removeSubrange(kept...)
        guard !occluders.isEmpty else {
            rects.append(part)
            return
        }
        edges.sort()
        previousBand.removeAll(keepingCapacity: true)
        var top = edges[0]
        for bottom in edges.dropFirst() where bottom > top {
            spans.removeAll(keepingCapacity: true)
            for rect in occluders where rect.y0 <= top && rect.y1 >= bottom { spans.append((rect.x0, rect.x1)) }
            spans.sort { $0.x0 < $1.x0 }
            currentBand.removeAll(keepingCapacity: true)
            var cursor = part.x0
            for span in spans {
                if span.x0 > cursor { addGap(cursor, span.x0, top, bottom) }
                cursor = max(cursor, span.x1)
            }
            if cursor < part.x1 { addGap(cursor, part.x1, top, bottom) }
            swap(&previousBand, &currentBand)
            top = bottom
        }
    }

    /// The gap x0..<x1 across the band top..<bottom: the rectangle above it grown, or a new one.
    private mutating func addGap(_ x0: Int, _ x1: Int, _ top: Int, _ bottom: Int) {
        if let above = previousBand.first(where: { rects[$0].x0 == x0 && rects[$0].x1 == x1 && rects[$0].y1 == top }) {
            rects[above].y1 = bottom
            currentBand.append(above)
        } else {
            currentBand.append(rects.count)
            rects.append(PixelRect(x0: x0, y0: top, x1: x1, y1: bottom))
        }
    }
}
