import CSDL2
import Foundation
import TesseraCore
import TesseraGeometry
import TesseraRaster

extension DrawListRenderer {
    /// Draws the outline of a rounded rect (the keyboard focus ring): a band `width` POINTS wide just
    /// inside `frame`, corners of `radius`, in `color`.
    ///
    /// Untextured geometry between four rounded outlines, each corner `ringSegments` straight pieces: a
    /// clear one half a pixel outside the edge, two solid ones half a pixel inside the band's outer and
    /// inner edges, and a clear one half a pixel inside the inner edge — so both edges are feathered, as
    /// the "×" strokes are. About 150 vertices: cheap even in software.
    func drawRing(_ frame: Rect, radius: Double, width: Double, color: Color, visible: PixelRect) {
        let s = pixelsPerPoint
        let box = (x: frame.x * s, y: frame.y * s, w: frame.width * s, h: frame.height * s)
        let band = max(1, width * s)
        guard color.a > 0, box.w > 2 * band, box.h > 2 * band else { return }
        let bounds = PixelRect(
            x0: Int((box.x - 1).rounded(.down)), y0: Int((box.y - 1).rounded(.down)),
            x1: Int((box.x + box.w + 1).rounded(.up)), y1: Int((box.y + box.h + 1).rounded(.up)))
        guard bounds.intersects(visible) else { return }
        let r = max(0, min(radius * s, min(box.w, box.h) / 2))
        let solid = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
        let clear = SDL_Color(r: color.r, g: color.g, b: color.b, a: 0)
        // Insets from the frame's edge of the four outlines, and their colours.
        let outlines: [(Double, SDL_Color)] = [(-0.5, clear), (0.5, solid), (band - 0.5, solid), (band + 0.5, clear)]
        crossVertices.removeAll(keepingCapacity: true)
        crossIndices.removeAll(keepingCapacity: true)
        let perOutline = 4 * (Self.ringSegments + 1)
        for (inset, colour) in outlines {
            // An outline `inset` inside a rounded rect is rounded about the same centres by `r − inset`;
            // deeper than the radius its corners are square, at the inset.
            let c = max(r, inset)
            let cr = max(0, r - inset)
            // Corners clockwise from the top-left, each arc a quarter turn from its start angle.
            let corners = [
                (box.x + c, box.y + c, Double.pi), (box.x + box.w - c, box.y + c, 1.5 * Double.pi),
                (box.x + box.w - c, box.y + box.h - c, 0), (box.x + c, box.y + box.h - c, 0.5 * Double.pi),
            ]
            for (cx, cy, start) in corners {
                for k in 0...Self.ringSegments {
                    let angle = start + Double(k) / Double(Self.ringSegments) * Double.pi / 2
                    var x = cx + cos(angle) * cr
                    var y = cy + sin(angle) * cr
                    // SDL's software renderer truncates positions to whole pixels (`CornerMesh`): a
                    // straight edge's end a hair left of a pixel boundary (cos(3π/2) is not quite 0)
                    // would land a pixel short and leave a notch in the band. Rounded first, the
                    // outlines stay a pixel apart, so the edges keep a one-pixel feather.
                    if mesh.snapVerticesToPixels {
                        x = Double(PixelRect.round(x))
                        y = Double(PixelRect.round(y))
                    }
                    crossVertices.append(
                        SDL_Vertex(
                            position: SDL_FPoint(x: Float(x), y: Float(y)), color: colour,
                            tex_coord: SDL_FPoint(x: 0, y: 0)))
                }
            }
        }
        // Strips between neighbouring outlines, round the whole loop.
        for o in 0..<(outlines.count - 1) {
            let a = Int32(o * perOutline)
            let b = Int32((o + 1) * perOutline)
            for i in 0..<Int32(perOutline) {
                let j = (i + 1) % Int32(perOutline)
                crossIndices += [a + i, b + i, b + j, a + i, b + j, a + j]
            }
        }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        let rc = crossVertices.withUnsafeBufferPointer { v in
            crossIndices.withUnsafeBufferPointer { i in
                SDL_RenderGeometry(renderer, nil, v.baseAddress, Int32(v.count), i.baseAddress, Int32(i.count))
            }
        }
        check(rc, "SDL_RenderGeometry (ring)")
    }

    /// Straight pieces per quarter circle of the ring's corners.
    static let ringSegments = 8
}
