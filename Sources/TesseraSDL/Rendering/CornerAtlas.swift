import CSDL2
import TesseraRaster

/// The four rounded corners of one photo at one tile size, baked into a small texture, so that a
/// tile keeping its size draws its corners as four blended 1:1 blits instead of re-rasterising the
/// corner fans every frame.
///
/// Why: SDL's software renderer draws every triangle of a blended `SDL_RenderGeometry` call through
/// its per-pixel slow path with per-triangle setup (SDL_triangle.c, `SDL_BlitTriangle_Slow`); about
/// 70 small triangles per photo cost more than the photo's whole body. A 1:1 blit with per-pixel
/// alpha is SDL's fast `BlitRGBtoRGBPixelAlpha`.
///
/// How, in the software renderer: as `CornerCutout` draws corners directly — each corner square is the
/// texels the body maps there, scaled as the body is, with the arc's coverage as alpha (`bake(…coverage:)`).
///
/// How, on a GPU: the same `CornerMesh` the direct path draws is drawn once into a 2r×2r target texture
/// (top-left corner at (0, 0), top-right at (r, 0), bottom-right at (r, r), bottom-left at (0, r)),
/// with blending off, so the texture holds exactly the photo's colour and the corner coverage as
/// alpha. The mesh is the direct path's moved by whole pixels, which moves SDL's rasterisation and
/// sampling with it; blending the texture later gives the direct path's pixels up to SDL's blend
/// rounding (±1 per channel). Opacity is the texture's alpha mod at blit time.
///
/// The renderer bakes a photo's atlas only once it is drawn at the same size twice in a row: a tile
/// in flight changes size every frame and keeps the direct path (and allocates nothing).
final class CornerAtlas {
    /// What the baked corners depend on: the destination's size and radius in pixels and the texture
    /// level they sample (the crop depends only on the size, `AspectFillLayout`).
    struct Key: Equatable {
        var width: Int
        var height: Int
        var radius: Int
        var level: OpaquePointer
    }

    let key: Key
    let texture: OpaquePointer

    private init(key: Key, texture: OpaquePointer) {
        self.key = key
        self.texture = texture
    }

    deinit { SDL_DestroyTexture(texture) }

    /// Where corner `index` (0 TL, 1 TR, 2 BR, 3 BL) sits in the atlas, in texels.
    func slot(_ index: Int) -> IntRect { Self.slot(index, radius: key.radius) }

    static func slot(_ index: Int, radius r: Int) -> IntRect { CornerSquares.slot(index, radius: r) }

    /// Draws `layout`'s corners of `level` into a new atlas with `mesh` (its buffers are reused);
    /// nil if the renderer cannot render to textures. Leaves the renderer's target as it was; its
    /// clip rect, draw colour and blend mode are the caller's to set again.
    static func bake(
        key: Key, level: MipLevel, layout: AspectFillLayout, renderer: OpaquePointer, mesh: inout CornerMesh
    ) -> CornerAtlas? {
        let r = layout.radius
        guard r > 0, SDL_RenderTargetSupported(renderer) == SDL_TRUE,
            let texture = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(2 * r),
                Int32(2 * r))
        else { return nil }
        let atlas = CornerAtlas(key: key, texture: texture)
        let previous = SDL_GetRenderTarget(renderer)
        guard SDL_SetRenderTarget(renderer, texture) == 0 else { return nil }
        defer { SDL_SetRenderTarget(renderer, previous) }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
        SDL_RenderClear(renderer)

        mesh.reset()
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        for index in 0..<4 {
            let mapping = CornerMesh.TextureMapping(
                source: layout.cornerSource(index), textureWidth: level.width, textureHeight: level.height)
            mesh.appendCorner(index, square: slot(index, radius: r), radius: r, color: white, texture: mapping)
        }
        // Blending off: the atlas takes the photo's colour and the coverage as alpha, unmixed.
        SDL_SetTextureBlendMode(level.texture, SDL_BLENDMODE_NONE)
        let rc = mesh.vertices.withUnsafeBufferPointer { v in
            mesh.indices.withUnsafeBufferPointer { i in
                SDL_RenderGeometry(
                    renderer, level.texture, v.baseAddress, Int32(v.count), i.baseAddress, Int32(i.count))
            }
        }
        guard rc == 0 else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        return atlas
    }

    /// The software renderer's atlas, made as `CornerCutout` draws corners directly, so a photo that
    /// settles to one size keeps its corners' pixels: each corner square is the texels the body maps
    /// there, scaled as the body is, with `coverage` of the arc as alpha (`CornerCoverage.cutAtlas`). Nil if the renderer cannot
    /// render to textures or read them back. Leaves the renderer's target as it was and `level`'s
    /// texture unmodulated and unblended; the clip rect is the caller's to set again.
    static func bake(
        key: Key, level: MipLevel, layout: AspectFillLayout, renderer: OpaquePointer,
        coverage: (Int) -> CornerCoverage
    ) -> CornerAtlas? {
        let r = layout.radius
        let side = 2 * r
        guard r > 0, SDL_RenderTargetSupported(renderer) == SDL_TRUE,
            let target = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(side),
                Int32(side))
        else { return nil }
        defer { SDL_DestroyTexture(target) }
        var pixels = [UInt32](repeating: 0, count: side * side)
        let previous = SDL_GetRenderTarget(renderer)
        guard SDL_SetRenderTarget(renderer, target) == 0 else { return nil }
        SDL_SetTextureColorMod(level.texture, 255, 255, 255)
        SDL_SetTextureAlphaMod(level.texture, 255)
        SDL_SetTextureBlendMode(level.texture, SDL_BLENDMODE_NONE)
        var ok = true
        for index in 0..<4 {
            let source = layout.cornerSource(index)
            let slot = slot(index, radius: r)
            var src = SDL_Rect(x: Int32(source.x), y: Int32(source.y), w: Int32(source.w), h: Int32(source.h))
            var dst = SDL_FRect(x: Float(slot.x), y: Float(slot.y), w: Float(slot.w), h: Float(slot.h))
            ok = SDL_RenderCopyF(renderer, level.texture, &src, &dst) == 0 && ok
        }
        ok =
            ok
            && pixels.withUnsafeMutableBytes {
                SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, $0.baseAddress, Int32(side * 4))
            } == 0
        SDL_SetRenderTarget(renderer, previous)
        guard ok else { return nil }
        coverage(r).cutAtlas(&pixels)
        guard
            let texture = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(side),
                Int32(side))
        else { return nil }
        let atlas = CornerAtlas(key: key, texture: texture)
        guard pixels.withUnsafeBytes({ SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(side * 4)) }) == 0 else {
            return nil
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        return atlas
    }
}
