/// The part of a scaled copy that shows, for a photo drawn into a rectangle far larger than the output
/// (a tall panorama's waterfall tile, a photo zoomed to `zoom.maxScale`): pure integer arithmetic over
/// texels and pixels, for `VisiblePartScaler` in TesseraSDL.
///
/// Why: SDL 2's software renderer, asked to scale a texture into a rectangle that reaches outside its
/// target, scales the WHOLE rectangle into a temporary surface it allocates and clears, then blits the
/// part that shows (`SW_RunCommandQueue`, SDL_render_sw.c). A 6×65535 PNG in a 504-pt column is a
/// 504×5,510,401-pixel tile: 11 GB for one strip (issue 44).
package enum VisiblePart {
    /// True when SDL's software renderer would allocate more for this copy than the target holds:
    /// a scaled copy (`source` ≠ `destination` in size) whose destination reaches outside `target` and
    /// covers more pixels than it.
    package static func isOversized(source: IntRect, destination: IntRect, target: PixelRect) -> Bool {
        guard source.w != destination.w || source.h != destination.h else { return false }
        let inside =
            destination.x >= target.x0 && destination.y >= target.y0 && destination.x + destination.w <= target.x1
            && destination.y + destination.h <= target.y1
        return !inside && destination.w * destination.h > target.width * target.height
    }

    /// The whole texels of `source` whose scaled image covers `part` of `destination`, and the pixels
    /// they cover (integer edges: the software renderer truncates x and w separately); nil when `part`
    /// misses the destination. An edge of the destination inside `part` stays where it is.
    package static func coveringPart(source: IntRect, destination: IntRect, part: PixelRect) -> (IntRect, IntRect)? {
        guard !source.isEmpty, !destination.isEmpty,
            let x = axis(source.x, source.w, destination.x, destination.w, part.x0, part.x1),
            let y = axis(source.y, source.h, destination.y, destination.h, part.y0, part.y1)
        else { return nil }
        return (
            IntRect(x: x.s0, y: y.s0, w: x.s1 - x.s0, h: y.s1 - y.s0),
            IntRect(x: x.d0, y: y.d0, w: x.d1 - x.d0, h: y.d1 - y.d0)
        )
    }

    /// One axis of `coveringPart`: texels [s0, s1) and pixels [d0, d1).
    private static func axis(_ s: Int, _ sn: Int, _ d: Int, _ dn: Int, _ v0: Int, _ v1: Int)
        -> (s0: Int, s1: Int, d0: Int, d1: Int)?
    {
        let lo = max(d, v0)
        let hi = min(d + dn, v1)
        guard lo < hi else { return nil }
        // Pixels per texel.
        let k = Double(dn) / Double(sn)
        let t0 = max(0, min(sn - 1, Int((Double(lo - d) / k).rounded(.down))))
        let t1 = max(t0 + 1, min(sn, Int((Double(hi - d) / k).rounded(.up))))
        let d0 = t0 == 0 ? d : d + PixelRect.round(Double(t0) * k)
        let d1 = t1 == sn ? d + dn : d + PixelRect.round(Double(t1) * k)
        return (s + t0, s + t1, d0, max(d0 + 1, d1))
    }
}
