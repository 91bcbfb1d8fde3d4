import CSDL2
import Foundation
import TesseraRaster

/// Triangle fans for the four rounded corners of a rect, with a feathered rim, in PIXELS.
///
/// Why only the corners go through `SDL_RenderGeometry`: in the software renderer a textured triangle
/// costs several times a blit of the same area (docs/BEHAVIOUR.md#cost-of-textured-triangles), so
/// geometry covers just the r×r corner squares.
///
/// Each corner is the quarter disc of radius r centred on the inner corner of its square: a solid
/// fan out to radius r − ½·feather, then a rim ring out to r + ½·feather (the "one-pixel feathered
/// ring"). Every vertex's alpha is the arc's linear-ramp coverage at that vertex's final position
/// (1 inside, 0 outside, ½ on the arc), so the edge fades across about one pixel. The outer ring is
/// clamped to the corner square, so nothing is drawn outside the frame, and where it is clamped
/// onto a straight edge its vertices get the partial coverage found there, meeting the
/// pixel-exact strips without a notch.
///
/// The buffers are reused: `reset()` keeps their capacity, so building corners allocates nothing
/// once warm.
struct CornerMesh {
    private(set) var vertices: [SDL_Vertex] = []
    private(set) var indices: [Int32] = []
    /// The arc's unit directions for each number of segments (`directions(segments:)`): every rounded
    /// photo and fill of a frame walks the same arcs, and 2 × (n + 1) trigonometric calls a corner were
    /// a tenth of a whole frame's engine time. At most 31 entries of 4 × 33 pairs.
    private var arcs: [Int: [Double]] = [:]

    /// True for SDL's software renderer, which truncates vertex positions to whole pixels
    /// (`(int)(x)` in SW_QueueGeometry, SDL 2.26) and samples colour at pixel centres. Positions are
    /// then rounded to the nearest pixel first (so truncation cannot pull the arc up-left by up to a
    /// pixel) and the rim is tuned for that grid; see `feather`.
    var snapVerticesToPixels = false

    /// Width of the coverage ramp in pixels. With exact (GPU) positions, 1: coverage ramps from
    /// r − ½ to r + ½. On the software renderer's integer grid a slightly wider ramp centred slightly
    /// outside the arc fits best. Measured against 16×16-supersampled true coverage over radii
    /// 3…24 px and all four corners: feather 1.5 / bias 0.2 gives RMS error 0.069 per pixel (worst
    /// pixel 0.35); narrower ramps average slightly better but have worse worst pixels (1.0 / 0.3:
    /// 0.065, 0.57); without rounding the positions first the error roughly doubles (0.15 RMS at
    /// r = 12). `testCornerCoverageMatchesTheTrueCircle` keeps it there.
    var feather: Double { snapVerticesToPixels ? 1.5 : 1 }
    /// How far outside the true arc the ramp's 50 % point sits, in pixels (see `feather`).
    var radiusBias: Double { snapVerticesToPixels ? 0.2 : 0 }

    init() {
        vertices.reserveCapacity(4 * (1 + 3 * 33))
        indices.reserveCapacity(4 * 9 * 32)
    }

    mutating func reset() {
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }

    var isEmpty: Bool { indices.isEmpty }

    /// Segments per quarter arc: about 2·√r keeps the chord error under ~0.1 px for any radius
    /// (r(1 − cos(π/4n))), while small radii stay cheap (r = 8 → 6 segments, r = 40 → 13).
    static func segments(radius r: Int) -> Int { max(2, min(32, Int((2 * Double(r).squareRoot()).rounded(.up)))) }

    /// Where corner `index`'s arc starts, in radians (y down): each sweeps the outer quarter.
    private static func start(ofCorner index: Int) -> Double {
        switch index {
        case 0: Double.pi
        case 1: 1.5 * Double.pi
        case 2: 0
        default: 0.5 * Double.pi
        }
    }

    /// The unit directions (cos, sin) of the n + 1 points of each corner's arc, corner after corner.
    private mutating func directions(segments n: Int) -> [Double] {
        if let known = arcs[n] { return known }
        var made: [Double] = []
        made.reserveCapacity(4 * 2 * (n + 1))
        for index in 0..<4 {
            let start = Self.start(ofCorner: index)
            for i in 0...n {
                let angle = start + Double(i) / Double(n) * (Double.pi / 2)
                made.append(cos(angle))
                made.append(sin(angle))
            }
        }
        arcs[n] = made
        return made
    }

    /// Texture mapping of one corner square: texel rect of the source and the texture's size.
    struct TextureMapping {
        var source: IntRect
        var textureWidth: Int
        var textureHeight: Int
    }

    /// Appends corner `index` (0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left) whose r×r
    /// square is `square` (pixels, width == height == radius). `color` is the vertex colour at full
    /// coverage (for textured corners: white with the opacity as alpha, because SDL applies vertex
    /// colour — not the texture's alpha mod — to geometry).
    mutating func appendCorner(
        _ index: Int, square: IntRect, radius r: Int, color: SDL_Color, texture: TextureMapping?
    ) {
        guard r > 0, square.w > 0, square.h > 0 else { return }
        let n = CornerMesh.segments(radius: r)
        // Centre of the arc = the square's inner corner; angles (y down) sweep the outer quarter.
        let cx: Double
        let cy: Double
        switch index {
        case 0: (cx, cy) = (Double(square.x + square.w), Double(square.y + square.h))
        case 1: (cx, cy) = (Double(square.x), Double(square.y + square.h))
        case 2: (cx, cy) = (Double(square.x), Double(square.y))
        default: (cx, cy) = (Double(square.x + square.w), Double(square.y))
        }
        let minX = Double(square.x)
        let maxX = Double(square.x + square.w)
        let minY = Double(square.y)
        let maxY = Double(square.y + square.h)
        let inner = max(0, Double(r) - feather / 2)
        let outer = Double(r) + feather / 2

        let base = Int32(vertices.count)
        let ramp = Ramp(cx: cx, cy: cy, radius: Double(r) + radiusBias, feather: feather, alpha: color.a)
        append(cx, cy, color, ramp, texture, square)
        // Per arc point: the rim's inner and outer vertices (edge coverage), then the inner vertex
        // again at full coverage for the solid fan. Sharing one inner vertex would spread its
        // partial coverage (a snapped vertex can land past r − feather/2) across the whole fan
        // triangle down to the centre: faint radial streaks wherever the fill covers another colour.
        let directions = directions(segments: n)
        let first = min(index, 3) * 2 * (n + 1)
        for i in 0...n {
            let dx = directions[first + 2 * i]
            let dy = directions[first + 2 * i + 1]
            append(cx + dx * inner, cy + dy * inner, color, ramp, texture, square)
            append(
                min(maxX, max(minX, cx + dx * outer)), min(maxY, max(minY, cy + dy * outer)), color, ramp, texture,
                square)
            append(cx + dx * inner, cy + dy * inner, color, nil, texture, square)
        }
        for i in 0..<Int32(n) {
            let inA = base + 1 + 3 * i
            let outA = inA + 1
            let solidA = inA + 2
            let inB = inA + 3
            let outB = inA + 4
            let solidB = inA + 5
            // Appended one by one: an array literal here would be a heap allocation per triangle.
            if inner > 0 { triangle(base, solidA, solidB) }
            triangle(inA, outA, outB)
            triangle(inA, outB, inB)
        }
    }

    private mutating func triangle(_ a: Int32, _ b: Int32, _ c: Int32) {
        indices.append(a)
        indices.append(b)
        indices.append(c)
    }

    /// Coverage of the disc edge as a function of position: 1 inside r − feather/2, 0 beyond
    /// r + feather/2, linear between (50 % on the arc).
    private struct Ramp {
        var cx: Double
        var cy: Double
        var radius: Double
        var feather: Double
        var alpha: UInt8

        func alpha(atX x: Double, y: Double) -> UInt8 {
            let d = ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot()
            let coverage = min(1, max(0, (radius + feather / 2 - d) / feather))
            return UInt8((coverage * Double(alpha)).rounded())
        }
    }

    /// Appends one vertex; its alpha is `ramp`'s coverage at its final position, or `color`'s own
    /// alpha when `ramp` is nil (the solid fan).
    private mutating func append(
        _ x: Double, _ y: Double, _ color: SDL_Color, _ ramp: Ramp?, _ texture: TextureMapping?, _ square: IntRect
    ) {
        var px = x
        var py = y
        if snapVerticesToPixels {
            px = (px + 0.5).rounded(.down)
            py = (py + 0.5).rounded(.down)
        }
        // Each vertex's alpha is the edge coverage AT ITS FINAL POSITION, not a fixed 1 or 0: a rim
        // vertex moved by snapping, or clamped onto the frame's straight edge (where the true
        // coverage is ½ on the arc), then still interpolates towards the right value.
        var vertexColor = color
        if let ramp { vertexColor.a = ramp.alpha(atX: px, y: py) }
        var uv = SDL_FPoint(x: 0, y: 0)
        if let t = texture {
            // Linear map of the destination square onto its source texel rect, normalised, then
            // clamped: the software renderer rejects the WHOLE call if any uv leaves [0, 1]
            // (docs/BEHAVIOUR.md#texture-coordinates-must-stay-in-range), and float rounding alone can
            // produce 1.0000001.
            let fx = (px - Double(square.x)) / Double(square.w)
            let fy = (py - Double(square.y)) / Double(square.h)
            let u = (Double(t.source.x) + fx * Double(t.source.w)) / Double(t.textureWidth)
            let v = (Double(t.source.y) + fy * Double(t.source.h)) / Double(t.textureHeight)
            uv = SDL_FPoint(x: Float(min(1, max(0, u))), y: Float(min(1, max(0, v))))
        }
        vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(px), y: Float(py)), color: vertexColor, tex_coord: uv))
    }
}
