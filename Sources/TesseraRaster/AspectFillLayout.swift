/// Where the pieces of a rounded, aspect-filled photo come from: pure integer arithmetic, no SDL
/// calls, so the crop can be unit-tested without a renderer.
///
/// `grid` cuts the destination (PIXELS, snapped) into strips and corners (`RoundedRectGrid`); `us`/`vs`
/// are the matching source TEXEL edges in the chosen texture level. The strips are drawn with
/// `SDL_RenderCopyF`, whose source rect is integer
/// (docs/BEHAVIOUR.md#integer-source-rectangles-and-seams), so each texel edge is rounded ONCE here and
/// shared by every piece that meets at it: the top strip and the two top corners share `vs[1]` with the
/// middle strip; the corners share `us[1]`/`us[2]` with the strips beside them. No piece can open a
/// seam, and the crop is off by at most half a texel (≤ half a pixel when the level is at least the
/// destination size, which `TextureCache` ensures when it can). The crop depends only on the snapped
/// SIZE, so a photo that moves without resizing shows exactly the same texels: no jitter while
/// scrolling.
package struct AspectFillLayout: Equatable, Sendable {
    package var grid: RoundedRectGrid
    /// Source texel edges matching `grid.xs`.
    package var us: Edges4
    /// Source texel edges matching `grid.ys`.
    package var vs: Edges4

    /// - Parameters:
    ///   - destination: snapped frame in pixels, at least 1×1.
    ///   - radius: corner radius in pixels; clamped to min(w, h) / 2.
    ///   - textureWidth, textureHeight: the texture level's size in texels, at least 1×1.
    package init(destination d: PixelRect, radius: Int, textureWidth tw: Int, textureHeight th: Int) {
        grid = RoundedRectGrid(destination: d, radius: radius)
        let w = d.width
        let h = d.height
        // Aspect-fill (cover, docs/BEHAVIOUR.md#aspect-fill-and-aspect-fit): one scale for both axes,
        // the larger of the two fits, so the texture covers the frame and the overflow on the other
        // axis is cropped equally on both sides. scale = destination pixels per texel.
        let scale = max(Double(w) / Double(tw), Double(h) / Double(th))
        us = AspectFillLayout.edges(visible: Double(w) / scale, texels: tw, pixels: w, radius: grid.radius)
        vs = AspectFillLayout.edges(visible: Double(h) / scale, texels: th, pixels: h, radius: grid.radius)
    }

    package var radius: Int { grid.radius }

    /// The four texel edges along one axis for a centred crop `visible` texels long.
    private static func edges(visible: Double, texels: Int, pixels: Int, radius r: Int) -> Edges4 {
        let start = (Double(texels) - visible) / 2
        var e0 = roundHalfUp(start)
        var e3 = roundHalfUp(start + visible)
        e0 = max(0, min(texels - 1, e0))
        e3 = max(e0 + 1, min(texels, e3))
        guard r > 0 else { return Edges4(e0, e0, e3, e3) }
        // Inner edges from the middle strip's own rounded mapping (k texels per pixel), so the
        // middle strip — which spans e0…e3 over the whole width — and the pieces above and below it
        // agree to within half a texel where they meet.
        let k = Double(e3 - e0) / Double(pixels)
        var e1 = roundHalfUp(Double(e0) + Double(r) * k)
        var e2 = roundHalfUp(Double(e3) - Double(r) * k)
        // A strip with a non-empty destination needs a non-empty source or SDL draws nothing there
        // (a seam). Only extreme upscaling (under one texel per radius) needs this.
        e1 = max(e1, min(e0 + 1, e3))
        e2 = min(e2, max(e3 - 1, e0))
        if e2 < e1 {
            e1 = (e0 + e3) / 2
            e2 = e1
        }
        return Edges4(e0, e1, e2, e3)
    }

    private static func roundHalfUp(_ v: Double) -> Int { Int((v + 0.5).rounded(.down)) }

    /// Calls `body` with (source texels, destination pixels) of each non-empty body strip: top,
    /// middle, bottom. Non-escaping closure: no allocation on the per-frame path.
    package func forEachStrip(_ body: (_ source: IntRect, _ destination: IntRect) -> Void) {
        for index in 0..<3 {
            let dst = grid.strip(index)
            let (c0, c1, r0, r1) = RoundedRectGrid.stripCells[index]
            let src = IntRect(x: us[c0], y: vs[r0], w: us[c1] - us[c0], h: vs[r1] - vs[r0])
            guard !dst.isEmpty, !src.isEmpty else { continue }
            body(src, dst)
        }
    }

    /// The whole crop: the source texels the destination rect maps onto, corners and all.
    package var crop: IntRect { IntRect(x: us[0], y: vs[0], w: us[3] - us[0], h: vs[3] - vs[0]) }

    /// The source texel rect that corner `index` (0 TL, 1 TR, 2 BR, 3 BL) maps its square onto.
    package func cornerSource(_ index: Int) -> IntRect {
        let (c, row) = RoundedRectGrid.cornerCells[index]
        return IntRect(x: us[c], y: vs[row], w: us[c + 1] - us[c], h: vs[row + 1] - vs[row])
    }
}
