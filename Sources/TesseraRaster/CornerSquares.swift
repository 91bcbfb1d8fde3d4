/// Rounded corners without triangles: the four r×r squares of what lies under a shape, saved before the
/// shape is drawn square, given an alpha of one minus the rounded corner's coverage, and blended back
/// over it. The pixel half of `CornerCutout` (TesseraSDL), which reads and writes through a canvas when
/// the frame's pixels are its own, and through SDL's renderer otherwise.
///
/// Why it is exact: where a corner's coverage is c and the shape, drawn square with opacity α, lays
/// down αS + (1 − α)B over what was beneath (B), blending B back with alpha 1 − c gives
/// (1 − c)B + c(αS + (1 − α)B) = cαS + (1 − cα)B — the shape at coverage c·α, as a rounded shape
/// drawn directly would be. The coverage is the pixel's area inside the arc (8×8 samples a pixel,
/// `CornerCoverage`). What it costs against triangles: BENCHMARKS.md#corners-without-triangles.
///
/// The saved squares sit in a 2r×2r atlas, corner `index` at `slot(index, radius:)`, as a baked
/// corner atlas does (`CornerAtlas` in TesseraSDL).
package struct CornerSquares {
    /// The arc's coverage of the corner squares for the radius being cut, and every radius made so far
    /// (a scene has a few; tiles of two radii flying in one frame would otherwise make them again).
    package private(set) var coverage = CornerCoverage(radius: 0)
    private var coverages: [Int: CornerCoverage] = [:]
    /// What was read back: the 2r×2r atlas, row-major.
    package private(set) var pixels: [UInt32] = []
    /// The saved squares: where each was read (target pixels) and where it sits in the atlas.
    package private(set) var saved: [(target: IntRect, slot: IntRect)] = []

    package init() {}

    /// Where corner `index` (0 TL, 1 TR, 2 BR, 3 BL) sits in a 2r×2r atlas, in texels.
    package static func slot(_ index: Int, radius r: Int) -> IntRect {
        IntRect(x: index == 1 || index == 2 ? r : 0, y: index >= 2 ? r : 0, w: r, h: r)
    }

    /// Buffers for radius `r` (> 0), and its coverage.
    package mutating func prepare(radius r: Int) {
        let side = 2 * r
        if pixels.count != side * side { pixels = [UInt32](repeating: 0, count: side * side) }
        coverage = coverage(radius: r)
    }

    /// The arc's coverage of radius `r`'s corner squares, made once per radius.
    package mutating func coverage(radius r: Int) -> CornerCoverage {
        if let made = coverages[r] { return made }
        if coverages.count >= 16 { coverages.removeAll() }
        let made = CornerCoverage(radius: r)
        coverages[r] = made
        return made
    }

    /// Forgets what was saved.
    package mutating func forget() { saved.removeAll(keepingCapacity: true) }

    /// Saves what lies under the corner squares `squares(index)` (0 TL, 1 TR, 2 BR, 3 BL; r×r pixels)
    /// that show in `visible`, each cut to the target's `bounds`, reading each through `read(target,
    /// into, side)` (copy `target`'s pixels to `into`, rows `side` pixels apart; false when it cannot).
    /// The pixels outside `visible` come back exactly; the caller draws the squares unclipped. Call
    /// `prepare(radius:)` first. False, with nothing saved, when a read failed.
    package mutating func save(
        radius r: Int, visible: PixelRect, bounds: PixelRect, squares: (Int) -> IntRect,
        read: (PixelRect, UnsafeMutablePointer<UInt32>, Int) -> Bool
    ) -> Bool {
        let side = 2 * r
        for index in 0..<4 {
            let square = squares(index)
            let whole = PixelRect(x0: square.x, y0: square.y, x1: square.x + square.w, y1: square.y + square.h)
            guard whole.intersects(visible) else { continue }
            let target = whole.intersection(bounds)
            let home = Self.slot(index, radius: r)
            let slot = IntRect(
                x: home.x + target.x0 - square.x, y: home.y + target.y0 - square.y, w: target.width, h: target.height)
            let ok = pixels.withUnsafeMutableBufferPointer { buffer in
                read(target, buffer.baseAddress! + slot.y * side + slot.x, side)
            }
            guard ok else {
                saved.removeAll(keepingCapacity: true)
                return false
            }
            cutAlpha(slot: slot, radius: r, visible: visible, at: target)
            saved.append((IntRect(x: target.x0, y: target.y0, w: target.width, h: target.height), slot))
        }
        return true
    }

    /// The same, read from `canvas` (the target's own pixels).
    package mutating func save(
        radius r: Int, visible: PixelRect, bounds: PixelRect, squares: (Int) -> IntRect, from canvas: PixelCanvas
    ) -> Bool {
        save(radius: r, visible: visible, bounds: bounds, squares: squares) { target, into, side in
            for row in 0..<target.height {
                (into + row * side).update(from: canvas.row(target.y0 + row) + target.x0, count: target.width)
            }
            return true
        }
    }

    /// Blends the saved squares back over what `canvas` (the pixels they were read from) holds now.
    package func restore(into canvas: PixelCanvas) {
        let side = 2 * coverage.radius
        pixels.withUnsafeBufferPointer { atlas in
            for (target, slot) in saved {
                for row in 0..<target.h {
                    let into = canvas.row(target.y + row) + target.x
                    let from = atlas.baseAddress! + (slot.y + row) * side + slot.x
                    for x in 0..<target.w { into[x] = Self.blend(from[x], over: into[x]) }
                }
            }
        }
    }

    /// `source`'s colour at its alpha over `destination`, rounded, as SDL's blend mode lays a texel
    /// down; the destination keeps its own alpha byte (a frame's pixels are opaque). Most of a corner's
    /// square is wholly outside the arc (alpha 255: what was under comes back) or wholly inside it (alpha
    /// 0: the shape stays); only the pixels the arc crosses are blended.
    package static func blend(_ source: UInt32, over destination: UInt32) -> UInt32 {
        let a = source >> 24
        guard a != 255 else { return source & 0x00FF_FFFF | destination & 0xFF00_0000 }
        guard a != 0 else { return destination }
        func channel(_ shift: UInt32) -> UInt32 {
            // (Swift's shifts bind tighter than its division.)
            (((source >> shift & 0xFF) * a + (destination >> shift & 0xFF) * (255 - a) + 127) / 255) << shift
        }
        return destination & 0xFF00_0000 | channel(16) | channel(8) | channel(0)
    }

    /// Sets the alpha of the pixels read into `slot` (of the atlas, read from `target`) to one minus the
    /// corner's coverage there, or to opaque outside `visible`.
    private mutating func cutAlpha(slot: IntRect, radius r: Int, visible: PixelRect, at target: PixelRect) {
        let side = 2 * r
        // The slot's columns and rows that show, relative to the slot.
        func shown(from start: Int, to end: Int, count: Int) -> Range<Int> {
            let lower = min(max(0, start), count)
            return lower..<max(lower, min(count, end))
        }
        let shownX = shown(from: visible.x0 - target.x0, to: visible.x1 - target.x0, count: slot.w)
        let shownY = shown(from: visible.y0 - target.y0, to: visible.y1 - target.y0, count: slot.h)
        let opaque: UInt32 = 0xFF00_0000
        coverage.outsideAlphas.withUnsafeBufferPointer { alphas in
            pixels.withUnsafeMutableBufferPointer { atlas in
                for y in 0..<slot.h {
                    let start = (slot.y + y) * side + slot.x
                    let line = atlas.baseAddress! + start
                    let outside = alphas.baseAddress! + start
                    let rowShows = shownY.contains(y)
                    for x in 0..<slot.w {
                        let alpha = rowShows && shownX.contains(x) ? outside[x] : opaque
                        line[x] = line[x] & 0x00FF_FFFF | alpha
                    }
                }
            }
        }
    }
}
