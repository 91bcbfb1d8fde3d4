import CSDL2
import Foundation

/// Rounded corners without triangles, for the software renderer: the four r×r squares of what lies
/// under a shape are read back before the shape is drawn square, given an alpha of one minus the
/// rounded corner's coverage, and blended back over it.
///
/// Why: a photo in flight changes size every frame, so it cannot use its baked corners
/// (`CornerAtlas`), and its corner fans cost SDL's software renderer about 85 small triangles a frame,
/// each through the per-pixel slow path with its own set-up (`SDL_BlitTriangle_Slow`), plus building
/// and queueing them: about a sixth of an animated picker frame's instructions
/// (BENCHMARKS.md#corners-without-triangles). Reading back 4·r² pixels and four 1:1 blends of
/// them cost a few percent of that.
///
/// Why it is exact: where a corner's coverage is c and the shape, drawn square with opacity α, lays
/// down αS + (1 − α)B over what was beneath (B), blending B back with alpha 1 − c gives
/// (1 − c)B + c(αS + (1 − α)B) = cαS + (1 − cα)B — the shape at coverage c·α, as a rounded shape
/// drawn directly would be. The coverage is the pixel's area inside the arc (8×8 samples a pixel),
/// truer than the fans' one-pixel ramp.
///
/// The squares are read from the current target (`SDL_RenderReadPixels` runs what is queued first),
/// cut to the pixels the shape may touch. Where frames are drawn into pixels this process holds (a
/// window's or a headless canvas's, `OpaqueFill.frameInPlace`) they are read from there and blended
/// back there, with no texture and no renderer call in between, as `DirectScale` draws the photo there.
/// A GPU renderer keeps the fans: reading back from it would stall it.
final class CornerCutout {
    private let renderer: OpaquePointer
    /// Streaming ARGB8888, blended: corner `index` at `CornerAtlas.slot(index, radius:)`.
    private var texture: OpaquePointer?
    private var textureSide = 0
    /// The arc's coverage of the corner squares for the radius being cut, and every radius made so far
    /// (a scene has a few; tiles of two radii flying in one frame would otherwise make them again).
    private var coverage = CornerCoverage(radius: 0)
    private var coverages: [Int: CornerCoverage] = [:]
    /// What was read back: the 2r×2r atlas, row-major.
    private var pixels: [UInt32] = []
    /// The frame the squares were read from in place, which `restore` blends them back into; nil when
    /// they went through the renderer.
    private var frame: UnsafeMutablePointer<SDL_Surface>?
    /// The saved squares: where each was read (target pixels) and where it sits in the atlas.
    private var saved: [(target: IntRect, slot: IntRect)] = []

    /// The window's format when it is 32-bit xRGB or ARGB: read in it, SDL copies rows instead of
    /// converting every pixel (the alpha byte is set here either way).
    private let windowFormat: UInt32

    init(renderer: OpaquePointer) {
        self.renderer = renderer
        let output = OutputFormat.of(renderer)
        windowFormat = output == SDL_PIXELFORMAT_RGB888.rawValue ? output : SDL_PIXELFORMAT_ARGB8888.rawValue
    }

    deinit { if let texture { SDL_DestroyTexture(texture) } }

    /// Saves what lies under the corner squares `squares(index)` (0 TL, 1 TR, 2 BR, 3 BL; r×r pixels)
    /// that show in `visible`, each whole within the target's `bounds`: the caller draws the squares
    /// unclipped, as a baked atlas does (SDL moves a scaled copy's texels when it clips one), and the
    /// pixels outside `visible` come back exactly. `frame`: the target's pixels when this process may
    /// read and write them itself (nil: through the renderer). False when it cannot (SDL failed): draw
    /// the corners another way, and do not call `restore`.
    func save(
        radius r: Int, visible: PixelRect, bounds: PixelRect, squares: (Int) -> IntRect,
        inPlace frame: UnsafeMutablePointer<SDL_Surface>? = nil
    ) -> Bool {
        saved.removeAll(keepingCapacity: true)
        self.frame = nil
        guard r > 0, prepare(radius: r) else { return false }
        // What is queued lands before the squares are read.
        if frame != nil, SDL_RenderFlush(renderer) != 0 { return false }
        let side = 2 * r
        // A render target texture (a backdrop's capture) is ARGB8888.
        let format = SDL_GetRenderTarget(renderer) == nil ? windowFormat : SDL_PIXELFORMAT_ARGB8888.rawValue
        for index in 0..<4 {
            let square = squares(index)
            let whole = PixelRect(x0: square.x, y0: square.y, x1: square.x + square.w, y1: square.y + square.h)
            guard whole.intersects(visible) else { continue }
            let target = whole.intersection(bounds)
            let home = CornerAtlas.slot(index, radius: r)
            let slot = IntRect(
                x: home.x + target.x0 - square.x, y: home.y + target.y0 - square.y, w: target.width, h: target.height)
            var rect = target.sdlRect
            let rc = pixels.withUnsafeMutableBufferPointer { buffer in
                let into = buffer.baseAddress! + slot.y * side + slot.x
                guard let frame else {
                    return SDL_RenderReadPixels(renderer, &rect, format, into, Int32(side * 4))
                }
                for row in 0..<target.height {
                    (into + row * side).update(
                        from: Self.row(target.y0 + row, from: target.x0, of: frame), count: target.width)
                }
                return 0
            }
            guard rc == 0 else {
                saved.removeAll(keepingCapacity: true)
                return false
            }
            cutAlpha(index, slot: slot, home: home, radius: r, visible: visible, at: target)
            saved.append((IntRect(x: target.x0, y: target.y0, w: target.width, h: target.height), slot))
        }
        guard !saved.isEmpty else { return true }
        if frame != nil {
            self.frame = frame
            return true
        }
        let rc = pixels.withUnsafeBytes { SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(side * 4)) }
        if rc != 0 { saved.removeAll(keepingCapacity: true) }
        return rc == 0
    }

    /// Blends the saved squares back over what was drawn since `save`. False when SDL failed.
    func restore() -> Bool {
        defer {
            saved.removeAll(keepingCapacity: true)
            frame = nil
        }
        if let frame {
            // The body may have gone through the renderer's queue.
            guard SDL_RenderFlush(renderer) == 0 else { return false }
            let side = 2 * coverage.radius
            for (target, slot) in saved {
                for row in 0..<target.h {
                    let into = Self.row(target.y + row, from: target.x, of: frame)
                    let from = (slot.y + row) * side + slot.x
                    for x in 0..<target.w { into[x] = Self.blend(pixels[from + x], over: into[x]) }
                }
            }
            return true
        }
        var ok = true
        for (target, slot) in saved {
            var src = SDL_Rect(x: Int32(slot.x), y: Int32(slot.y), w: Int32(slot.w), h: Int32(slot.h))
            var dst = SDL_FRect(x: Float(target.x), y: Float(target.y), w: Float(target.w), h: Float(target.h))
            ok = SDL_RenderCopyF(renderer, texture, &src, &dst) == 0 && ok
        }
        return ok
    }

    /// Row `y` of `frame`'s 32-bit pixels from column `x`.
    private static func row(_ y: Int, from x: Int, of frame: UnsafeMutablePointer<SDL_Surface>)
        -> UnsafeMutablePointer<UInt32>
    {
        (frame.pointee.pixels! + y * Int(frame.pointee.pitch)).assumingMemoryBound(to: UInt32.self) + x
    }

    /// `source`'s colour at its alpha over `destination`, rounded, as SDL's blend mode lays a texel
    /// down; the destination keeps its own alpha byte (a frame's pixels are opaque).
    static func blend(_ source: UInt32, over destination: UInt32) -> UInt32 {
        let a = source >> 24
        guard a != 255 else { return source & 0x00FF_FFFF | destination & 0xFF00_0000 }
        guard a != 0 else { return destination }
        func channel(_ shift: UInt32) -> UInt32 {
            // (Swift's shifts bind tighter than its division.)
            (((source >> shift & 0xFF) * a + (destination >> shift & 0xFF) * (255 - a) + 127) / 255) << shift
        }
        return destination & 0xFF00_0000 | channel(16) | channel(8) | channel(0)
    }

    /// A texture and buffers for radius `r`, and its coverage.
    private func prepare(radius r: Int) -> Bool {
        let side = 2 * r
        if side > textureSide || texture == nil {
            if let texture { SDL_DestroyTexture(texture) }
            texture = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                Int32(side), Int32(side))
            guard let texture else {
                textureSide = 0
                return false
            }
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            textureSide = side
        }
        if pixels.count != side * side { pixels = [UInt32](repeating: 0, count: side * side) }
        coverage = coverage(radius: r)
        return true
    }

    /// The arc's coverage of radius `r`'s corner squares, made once per radius.
    func coverage(radius r: Int) -> CornerCoverage {
        if let made = coverages[r] { return made }
        if coverages.count >= 16 { coverages.removeAll() }
        let made = CornerCoverage(radius: r)
        coverages[r] = made
        return made
    }

    /// Sets the alpha of the pixels read into `slot` (part of corner `index`'s square `home`, read from
    /// `target`) to one minus the corner's coverage there, or to opaque outside `visible`.
    private func cutAlpha(
        _ index: Int, slot: IntRect, home: IntRect, radius r: Int, visible: PixelRect, at target: PixelRect
    ) {
        let side = 2 * r
        for y in slot.y..<(slot.y + slot.h) {
            let ty = target.y0 + y - slot.y
            for x in slot.x..<(slot.x + slot.w) {
                let tx = target.x0 + x - slot.x
                let shows = tx >= visible.x0 && tx < visible.x1 && ty >= visible.y0 && ty < visible.y1
                let alpha = shows ? 255 - UInt32(coverage.at(index, x - home.x, y - home.y)) : 255
                pixels[y * side + x] = pixels[y * side + x] & 0x00FF_FFFF | alpha << 24
            }
        }
    }
}

/// How much of each pixel of a rounded corner's r×r square lies inside the arc (0…255): the share of
/// 8×8 samples a pixel within radius r of the square's inner corner. One table, for the top-left
/// corner, mirrored for the others.
struct CornerCoverage {
    let radius: Int
    private let table: [UInt8]

    init(radius r: Int) {
        radius = r
        let n = 8
        let rr = Double(r) * Double(r)
        var table = [UInt8](repeating: 0, count: r * r)
        for y in 0..<r {
            for x in 0..<r {
                var inside = 0
                for j in 0..<n {
                    let dy = Double(r) - (Double(y) + (Double(j) + 0.5) / Double(n))
                    for i in 0..<n {
                        let dx = Double(r) - (Double(x) + (Double(i) + 0.5) / Double(n))
                        if dx * dx + dy * dy <= rr { inside += 1 }
                    }
                }
                table[y * r + x] = UInt8((Double(inside) * 255 / Double(n * n)).rounded())
            }
        }
        self.table = table
    }

    /// The coverage of pixel (x, y) of corner `index`'s square (0 TL, 1 TR, 2 BR, 3 BL), 0 ≤ x, y < r.
    func at(_ index: Int, _ x: Int, _ y: Int) -> UInt8 {
        let cx = index == 1 || index == 2 ? radius - 1 - x : x
        let cy = index >= 2 ? radius - 1 - y : y
        return table[cy * radius + cx]
    }
}
