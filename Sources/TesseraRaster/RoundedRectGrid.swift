/// The 3×3 grid a rounded rect is cut into, in whole PIXELS: four r×r corner squares (drawn as
/// triangle fans, `CornerMesh`) and three body strips (drawn as plain blits or rect fills).
///
///     xs: x0 ─ x0+r ─ x1−r ─ x1        top strip    = columns 1…2, rows 0…1
///     ys: y0 ─ y0+r ─ y1−r ─ y1        middle strip = columns 0…3, rows 1…2
///                                      bottom strip = columns 1…2, rows 2…3
///
/// Why this split: the software renderer blits rectangles several times faster than it rasterises
/// triangles of the same area (docs/BEHAVIOUR.md#cost-of-textured-triangles), so only the small corner
/// squares go through geometry. All edges are integers, so the
/// pieces tile the rect exactly: no seam, no overlap (an overlap would double-blend at opacity < 1).
package struct RoundedRectGrid: Equatable, Sendable {
    /// Destination pixel edges, left to right: x0, x0 + r, x1 − r, x1.
    package var xs: Edges4
    /// Destination pixel edges, top to bottom: y0, y0 + r, y1 − r, y1.
    package var ys: Edges4
    /// Corner radius in pixels, clamped to min(width, height) / 2 (a capsule at most).
    package var radius: Int

    package init(destination d: PixelRect, radius: Int) {
        let r = max(0, min(radius, min(d.width, d.height) / 2))
        self.radius = r
        xs = Edges4(d.x0, d.x0 + r, d.x1 - r, d.x1)
        ys = Edges4(d.y0, d.y0 + r, d.y1 - r, d.y1)
    }

    /// (column, row) of the top-left cell of each strip: top, middle, bottom, as
    /// (firstColumn, lastColumn, firstRow, lastRow) edge indices.
    package static let stripCells: [(Int, Int, Int, Int)] = [(1, 2, 0, 1), (0, 3, 1, 2), (1, 2, 2, 3)]

    /// (column, row) of each corner cell, clockwise from top-left: 0 TL, 1 TR, 2 BR, 3 BL.
    package static let cornerCells: [(Int, Int)] = [(0, 0), (2, 0), (2, 2), (0, 2)]

    /// Destination of strip `index` (0 top, 1 middle, 2 bottom); may be empty (w or h = 0).
    package func strip(_ index: Int) -> IntRect {
        let (c0, c1, r0, r1) = RoundedRectGrid.stripCells[index]
        return IntRect(x: xs[c0], y: ys[r0], w: xs[c1] - xs[c0], h: ys[r1] - ys[r0])
    }

    /// The r×r destination square of corner `index` (0 TL, 1 TR, 2 BR, 3 BL).
    package func cornerSquare(_ index: Int) -> IntRect {
        let (c, row) = RoundedRectGrid.cornerCells[index]
        return IntRect(x: xs[c], y: ys[row], w: xs[c + 1] - xs[c], h: ys[row + 1] - ys[row])
    }
}

/// A plain integer rect (x, y, width, height) — pixels or texels depending on use.
package struct IntRect: Equatable, Sendable {
    package var x: Int
    package var y: Int
    package var w: Int
    package var h: Int

    @inlinable
    package init(x: Int, y: Int, w: Int, h: Int) {
        self.x = x
        self.y = y
        self.w = w
        self.h = h
    }

    @inlinable package var isEmpty: Bool { w <= 0 || h <= 0 }

    @inlinable
    package func intersects(_ p: PixelRect) -> Bool {
        max(x, p.x0) < min(x + w, p.x1) && max(y, p.y0) < min(y + h, p.y1)
    }
}

/// Four edges along one axis, stored inline (a 4-element Array would be a heap allocation per
/// draw per frame; the renderer must not allocate once warm).
package struct Edges4: Equatable, Sendable {
    package var e0: Int
    package var e1: Int
    package var e2: Int
    package var e3: Int
    @inlinable
    package init(_ e0: Int, _ e1: Int, _ e2: Int, _ e3: Int) {
        self.e0 = e0
        self.e1 = e1
        self.e2 = e2
        self.e3 = e3
    }
    @inlinable
    package subscript(i: Int) -> Int {
        switch i {
        case 0: e0
        case 1: e1
        case 2: e2
        default: e3
        }
    }
}
