import TesseraGeometry

/// A rectangle of whole renderer-output PIXELS with half-open edges: it covers columns `x0..<x1`
/// and rows `y0..<y1`. The rasteriser's side of the boundary between points and pixels: a `Rect`
/// (points, `TesseraGeometry`) becomes one only through `snapping`, `placing` or `enclosing`, which
/// say how its fractional edges land.
///
/// Why whole pixels: SDL's software renderer truncates a float destination's x and width separately
/// (`(int)dst.x`, `(int)dst.w`), so a fractional `RenderCopyF` can end one pixel short of its neighbour
/// — the seams of docs/BEHAVIOUR.md#integer-source-rectangles-and-seams. Everything the renderer draws
/// is therefore snapped here first, and every renderer (software or GPU) gets the same integer edges.
package struct PixelRect: Equatable, Sendable {
    package var x0: Int
    package var y0: Int
    package var x1: Int
    package var y1: Int

    @inlinable
    package init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    /// `rect` (points) scaled by `pixelsPerPoint`, each EDGE rounded to the nearest pixel edge.
    ///
    /// Rounding edges (not origin and size) keeps shared edges shared: two rects that touch in
    /// points touch in pixels, with no gap or overlap. A rect sliding at a fractional speed may
    /// change width by one pixel now and then, which suits fills and clips; photos keep their size
    /// instead (`placing`).
    package init(snapping rect: Rect, pixelsPerPoint s: Double) {
        x0 = PixelRect.round(rect.minX * s)
        y0 = PixelRect.round(rect.minY * s)
        x1 = PixelRect.round(rect.maxX * s)
        y1 = PixelRect.round(rect.maxY * s)
    }

    /// `rect` (points) as the pixels a photo or its shadow is drawn into: its SIZE rounded once, then
    /// placed as near `rect`'s centre as whole pixels allow, inside the pixels `rect` touches
    /// (`enclosing`, which is what a damaged part clears).
    ///
    /// Why not edges (`snapping`): a tile sliding at a fractional position would change width by a
    /// pixel from frame to frame — the picker's columns at 1024×768 are 82.9 points wide, and a tile
    /// of them sliding in a reflow drew 82 and 83 pixels wide by turns. Each change of size crops and
    /// scales the photo anew (`AspectFillLayout`), so its picture shifted by a fraction of a pixel
    /// while it moved, and it needed a body for each width (`TileBodies`). Photos share no edges with
    /// one another, so keeping their size loses nothing that rounding edges keeps.
    package init(placing rect: Rect, pixelsPerPoint s: Double) {
        let box = PixelRect(enclosing: rect, pixelsPerPoint: s)
        // round(w) <= ceil(w) <= the box's width, so the box always has room for the rounded size.
        let width = min(PixelRect.round(rect.width * s), box.width)
        let height = min(PixelRect.round(rect.height * s), box.height)
        x0 = min(max(PixelRect.round(rect.midX * s - Double(width) / 2), box.x0), box.x1 - width)
        y0 = min(max(PixelRect.round(rect.midY * s - Double(height) / 2), box.y0), box.y1 - height)
        x1 = x0 + width
        y1 = y0 + height
    }

    /// The smallest pixel rect that contains `rect` (points): edges rounded OUTWARD. Used for clip
    /// rects, so content that reaches into a partial pixel of the clip is not cut off.
    package init(enclosing rect: Rect, pixelsPerPoint s: Double) {
        x0 = PixelRect.clampToInt((rect.minX * s).rounded(.down))
        y0 = PixelRect.clampToInt((rect.minY * s).rounded(.down))
        x1 = PixelRect.clampToInt((rect.maxX * s).rounded(.up))
        y1 = PixelRect.clampToInt((rect.maxY * s).rounded(.up))
    }

    /// Written out: the synthesized `==` is reached from other modules only through the generic
    /// `Equatable` witness, and the renderer compares rectangles for every command of a frame.
    package static func == (a: PixelRect, b: PixelRect) -> Bool {
        a.x0 == b.x0 && a.y0 == b.y0 && a.x1 == b.x1 && a.y1 == b.y1
    }

    @inlinable package var width: Int { x1 - x0 }
    @inlinable package var height: Int { y1 - y0 }
    @inlinable package var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    @inlinable
    package func intersection(_ other: PixelRect) -> PixelRect {
        PixelRect(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
    }

    /// The smallest rect holding both (an empty one adds nothing).
    @inlinable
    package func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelRect(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    @inlinable
    package func intersects(_ other: PixelRect) -> Bool {
        max(x0, other.x0) < min(x1, other.x1) && max(y0, other.y0) < min(y1, other.y1)
    }

    /// Round half up (`floor(v + 0.5)`), the same on both sides of zero, so a rect moving across the
    /// window's top/left edge keeps its snapped size.
    @inlinable
    package static func round(_ v: Double) -> Int { clampToInt((v + 0.5).rounded(.down)) }

    /// NaN/∞ or absurd coordinates (a spring blowing up) must not trap the Int conversion.
    @inlinable
    package static func clampToInt(_ v: Double) -> Int {
        guard v.isFinite else { return v > 0 ? 1 << 24 : -(1 << 24) }
        return Int(max(-16_777_216, min(16_777_216, v)))
    }
}
