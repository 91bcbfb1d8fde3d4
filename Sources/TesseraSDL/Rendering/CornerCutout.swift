import CSDL2
import Foundation
import TesseraRaster

/// Rounded corners without triangles, for the software renderer: the four r×r squares of what lies
/// under a shape are read back before the shape is drawn square, given an alpha of one minus the
/// rounded corner's coverage, and blended back over it (`CornerSquares` in TesseraRaster, which also
/// says why that is exact).
///
/// Why: a photo in flight changes size every frame, so it cannot use its baked corners
/// (`CornerAtlas`), and its corner fans cost SDL's software renderer about 85 small triangles a frame,
/// each through the per-pixel slow path with its own set-up (`SDL_BlitTriangle_Slow`), plus building
/// and queueing them: about a sixth of an animated picker frame's instructions
/// (BENCHMARKS.md#corners-without-triangles). Reading back 4·r² pixels and four 1:1 blends of
/// them cost a few percent of that.
///
/// The squares are read from the current target (`SDL_RenderReadPixels` runs what is queued first),
/// cut to the pixels the shape may touch. Where frames are drawn into pixels this process holds (a
/// window's or a headless canvas's, `OpaqueFill.frameInPlace`) they are read from there and blended
/// back there through a `PixelCanvas`, with no texture and no renderer call in between, as
/// `DirectScale` draws the photo there. A GPU renderer keeps the fans: reading back from it would stall
/// it.
final class CornerCutout {
    private let renderer: OpaquePointer
    /// Streaming ARGB8888, blended: corner `index` at `CornerSquares.slot(index, radius:)`.
    private var texture: OpaquePointer?
    private var textureSide = 0
    /// The saved squares, their atlas and the arc's coverage.
    private var squares = CornerSquares()
    /// The frame the squares were read from in place, which `restore` blends them back into; nil when
    /// they went through the renderer.
    private var frame: PixelCanvas?

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
        self.squares.forget()
        self.frame = nil
        guard r > 0, prepare(radius: r) else { return false }
        // What is queued lands before the squares are read.
        if frame != nil, SDL_RenderFlush(renderer) != 0 { return false }
        if let frame {
            guard let canvas = PixelCanvas(surface: frame) else { return false }
            guard
                self.squares.save(radius: r, visible: visible, bounds: bounds, squares: squares, from: canvas)
            else { return false }
            if !self.squares.saved.isEmpty { self.frame = canvas }
            return true
        }
        let side = 2 * r
        // A render target texture (a backdrop's capture) is ARGB8888.
        let format = SDL_GetRenderTarget(renderer) == nil ? windowFormat : SDL_PIXELFORMAT_ARGB8888.rawValue
        let read = self.squares.save(radius: r, visible: visible, bounds: bounds, squares: squares) {
            target, into, _ in
            var rect = target.sdlRect
            return SDL_RenderReadPixels(renderer, &rect, format, into, Int32(side * 4)) == 0
        }
        guard read else { return false }
        guard !self.squares.saved.isEmpty else { return true }
        let rc = self.squares.pixels.withUnsafeBytes {
            SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(side * 4))
        }
        if rc != 0 { self.squares.forget() }
        return rc == 0
    }

    /// Blends the saved squares back over what was drawn since `save`. False when SDL failed.
    func restore() -> Bool {
        defer {
            squares.forget()
            frame = nil
        }
        if let frame {
            // The body may have gone through the renderer's queue.
            guard SDL_RenderFlush(renderer) == 0 else { return false }
            squares.restore(into: frame)
            return true
        }
        var ok = true
        for (target, slot) in squares.saved {
            var src = SDL_Rect(x: Int32(slot.x), y: Int32(slot.y), w: Int32(slot.w), h: Int32(slot.h))
            var dst = SDL_FRect(x: Float(target.x), y: Float(target.y), w: Float(target.w), h: Float(target.h))
            ok = SDL_RenderCopyF(renderer, texture, &src, &dst) == 0 && ok
        }
        return ok
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
        squares.prepare(radius: r)
        return true
    }

    /// The arc's coverage of radius `r`'s corner squares, made once per radius (`CornerAtlas` bakes with it).
    func coverage(radius r: Int) -> CornerCoverage { squares.coverage(radius: r) }
}
