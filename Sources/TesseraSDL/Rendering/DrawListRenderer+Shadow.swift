import CSDL2
import TesseraCore
import TesseraGeometry
import TesseraRaster

extension DrawListRenderer {
    /// Draws the soft shadow of a rounded rect (`frame`, `cornerRadius` in POINTS) blurred by `blur`
    /// POINTS, in `color` (its alpha is the shadow's strength). `visible` is the pixel region the clip
    /// and output leave.
    ///
    /// Blended 1:1 copies of a small nine-slice texture (`ShadowTextures`): four corners, and each edge
    /// as pieces of the texture's straight strip, only the `extent` outside the shape (the mask is zero
    /// inside it, and a zero-alpha blend leaves the pixel as it was); the inside is left alone, so the
    /// cost is the ring's area, not the frame's.
    func drawShadow(frame: Rect, cornerRadius: Double, blur: Double, color: Color, visible: PixelRect) {
        let dst = PixelRect(placing: frame, pixelsPerPoint: pixelsPerPoint)
        guard dst.width >= 1, dst.height >= 1, color.a > 0, blur > 0 else { return }
        let radius = min(radiusInPixels(cornerRadius), min(dst.width, dst.height) / 2)
        guard let entry = shadows.entry(radius: radius, blur: blur * pixelsPerPoint) else { return }
        let mask = entry.mask
        let e = mask.extent
        let c = mask.cell
        let n = 2 * c + ShadowTextures.Entry.strip
        let outer = PixelRect(x0: dst.x0 - e, y0: dst.y0 - e, x1: dst.x1 + e, y1: dst.y1 + e)
        guard outer.intersects(visible) else { return }
        let texture = entry.texture
        SDL_SetTextureColorMod(texture, color.r, color.g, color.b)
        SDL_SetTextureAlphaMod(texture, color.a)
        let middleWidth = outer.width - 2 * c
        let middleHeight = outer.height - 2 * c
        // Corners: top-left, top-right, bottom-left, bottom-right.
        copy(texture, (0, 0, c, c), (outer.x0, outer.y0, c, c))
        copy(texture, (n - c, 0, c, c), (outer.x1 - c, outer.y0, c, c))
        copy(texture, (0, n - c, c, c), (outer.x0, outer.y1 - c, c, c))
        copy(texture, (n - c, n - c, c, c), (outer.x1 - c, outer.y1 - c, c, c))
        // Edges: pieces of the straight strip, `e` deep.
        let strip = ShadowTextures.Entry.strip
        for x in stride(from: 0, to: max(0, middleWidth), by: strip) {
            let w = min(strip, middleWidth - x)
            copy(texture, (c, 0, w, e), (outer.x0 + c + x, outer.y0, w, e))
            copy(texture, (c, n - e, w, e), (outer.x0 + c + x, outer.y1 - e, w, e))
        }
        for y in stride(from: 0, to: max(0, middleHeight), by: strip) {
            let h = min(strip, middleHeight - y)
            copy(texture, (0, c, e, h), (outer.x0, outer.y0 + c + y, e, h))
            copy(texture, (n - e, c, e, h), (outer.x1 - e, outer.y0 + c + y, e, h))
        }
    }

    private func copy(
        _ texture: OpaquePointer, _ s: (Int, Int, Int, Int), _ d: (Int, Int, Int, Int)
    ) {
        var src = SDL_Rect(x: Int32(s.0), y: Int32(s.1), w: Int32(s.2), h: Int32(s.3))
        var dst = SDL_Rect(x: Int32(d.0), y: Int32(d.1), w: Int32(d.2), h: Int32(d.3))
        check(SDL_RenderCopy(renderer, texture, &src, &dst), "SDL_RenderCopy (shadow)")
    }
}
