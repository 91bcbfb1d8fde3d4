import CSDL2
import TesseraCore
import TesseraGeometry
import TesseraRaster

extension DrawListRenderer {
    /// Draws an "×" (a close button's glyph): two strokes `lineWidth` POINTS wide joining the opposite
    /// corners of a `size`-point square centred on `center`, in `color`.
    ///
    /// Each stroke is a rectangle of untextured geometry with a feathered rim — an inner quad at full
    /// alpha half a pixel inside the edge, an outer ring at zero alpha half a pixel outside — so the
    /// diagonal edges are anti-aliased. A few hundred pixels of triangles: cheap even in software.
    func drawCross(center: Point, size: Double, lineWidth: Double, color: Color, visible: PixelRect) {
        let s = pixelsPerPoint
        let c = (x: center.x * s, y: center.y * s)
        let half = size * s / 2
        let width = max(1, lineWidth * s)
        guard color.a > 0, half > 0 else { return }
        let bounds = PixelRect(
            x0: Int((c.x - half - width).rounded(.down)), y0: Int((c.y - half - width).rounded(.down)),
            x1: Int((c.x + half + width).rounded(.up)), y1: Int((c.y + half + width).rounded(.up)))
        guard bounds.intersects(visible) else { return }
        crossVertices.removeAll(keepingCapacity: true)
        crossIndices.removeAll(keepingCapacity: true)
        let solid = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
        let clear = SDL_Color(r: color.r, g: color.g, b: color.b, a: 0)
        for direction in Self.crossDiagonals {
            // Unit vectors along the stroke and across it.
            let along = (x: direction.0 / 2.squareRoot(), y: direction.1 / 2.squareRoot())
            let across = (x: -along.y, y: along.x)
            // Half the stroke's length: centre to a corner of the square.
            let reach = half * 2.squareRoot()
            let base = Int32(crossVertices.count)
            for ring in 0..<2 {
                // Half a pixel inside the edge at full alpha, half a pixel outside at none.
                let extra = ring == 0 ? -0.5 : 0.5
                let colour = ring == 0 ? solid : clear
                let l = reach + extra
                let w = width / 2 + extra
                for (a, b) in Self.quadCorners {
                    let x = c.x + along.x * l * a + across.x * w * b
                    let y = c.y + along.y * l * a + across.y * w * b
                    crossVertices.append(
                        SDL_Vertex(
                            position: SDL_FPoint(x: Float(x), y: Float(y)), color: colour,
                            tex_coord: SDL_FPoint(x: 0, y: 0)))
                }
            }
            // Inner quad 0…3, outer ring 4…7.
            for i in Self.innerQuad { crossIndices.append(base + i) }
            // The rim: two triangles per side between the inner quad and the outer one.
            for i: Int32 in 0..<4 {
                let j = (i + 1) % 4
                crossIndices.append(base + i)
                crossIndices.append(base + 4 + i)
                crossIndices.append(base + 4 + j)
                crossIndices.append(base + i)
                crossIndices.append(base + 4 + j)
                crossIndices.append(base + j)
            }
        }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        let rc = crossVertices.withUnsafeBufferPointer { v in
            crossIndices.withUnsafeBufferPointer { i in
                SDL_RenderGeometry(renderer, nil, v.baseAddress, Int32(v.count), i.baseAddress, Int32(i.count))
            }
        }
        check(rc, "SDL_RenderGeometry (cross)")
    }

    /// The two strokes' directions, and a quad's corners in (along, across) units.
    static let crossDiagonals: [(Double, Double)] = [(1, 1), (1, -1)]
    static let quadCorners: [(Double, Double)] = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
    static let innerQuad: [Int32] = [0, 1, 2, 0, 2, 3]
}
