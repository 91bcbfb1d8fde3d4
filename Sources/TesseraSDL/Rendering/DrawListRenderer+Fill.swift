import CSDL2
import TesseraCore
import TesseraGeometry
import TesseraRaster

extension DrawListRenderer {
    /// Draws a solid rounded rect: `rect` and `radius` in POINTS, `color` with its alpha.
    ///
    /// Same split as photos: the body as up to three rect fills (`fillUnblended` when opaque),
    /// the corners as feathered fans in one `SDL_RenderGeometry` call (see `RoundedRectGrid`).
    func drawFill(_ rect: Rect, radius: Double, color: Color, visible: PixelRect) {
        let dst = PixelRect(snapping: rect, pixelsPerPoint: pixelsPerPoint)
        guard dst.width >= 1, dst.height >= 1, color.a > 0, dst.intersects(visible) else { return }
        let grid = RoundedRectGrid(destination: dst, radius: radiusInPixels(radius))

        fillRects.removeAll(keepingCapacity: true)
        for index in 0..<3 {
            let s = grid.strip(index)
            // Cut to what the clip leaves, which an unblended fill needs (`fillUnblended`).
            let strip = PixelRect(x0: s.x, y0: s.y, x1: s.x + s.w, y1: s.y + s.h).intersection(visible)
            guard !strip.isEmpty else { continue }
            fillRects.append(strip.sdlFRect)
        }
        if color.a == 255 {
            fillUnblended(fillRects, color: color, what: "SDL_RenderFillRectsF")
        } else if !fillRects.isEmpty {
            SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
            SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
            let rc = fillRects.withUnsafeBufferPointer {
                SDL_RenderFillRectsF(renderer, $0.baseAddress, Int32($0.count))
            }
            check(rc, "SDL_RenderFillRectsF")
        }

        guard grid.radius > 0 else { return }
        mesh.reset()
        let vertexColor = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
        for index in 0..<4 {
            let square = grid.cornerSquare(index)
            guard square.intersects(visible) else { continue }
            mesh.appendCorner(index, square: square, radius: grid.radius, color: vertexColor, texture: nil)
        }
        guard !mesh.isEmpty else { return }
        // Untextured geometry blends with the renderer's draw blend mode; the rim needs it.
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        submitMesh(texture: nil)
    }
}
