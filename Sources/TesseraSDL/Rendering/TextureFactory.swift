import CSDL2

/// Makes renderer textures of decoded surfaces, on the render thread: one linear-filtered, blended
/// texture per mip level.
struct TextureFactory {
    /// The `SDL_Renderer*` the textures belong to.
    let renderer: OpaquePointer

    /// Textures of `surfaces` (largest first; the caller still owns and frees them); nil when SDL
    /// cannot make one (what was made is destroyed).
    func textures(levels surfaces: [UnsafeMutablePointer<SDL_Surface>], originalSize: (width: Int, height: Int)?)
        -> PhotoTextures?
    {
        let opaque = MipChain.isOpaque(surfaces[0])
        var levels: [MipLevel] = []
        for s in surfaces {
            guard let texture = SDL_CreateTextureFromSurface(renderer, s) else {
                for level in levels { SDL_DestroyTexture(level.texture) }
                return nil
            }
            SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            levels.append(MipLevel(texture: texture, width: Int(s.pointee.w), height: Int(s.pointee.h)))
        }
        return PhotoTextures(levels: levels, originalSize: originalSize, isOpaque: opaque)
    }

    /// A 1×1 grey texture, for when even a small surface cannot be made (out of memory): drawing code
    /// stays total.
    func fallback() -> PhotoTextures {
        let texture = SDL_CreateTexture(
            renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), 1, 1)!
        var grey: UInt32 = 0xFFE5_E5E5
        SDL_UpdateTexture(texture, nil, &grey, 4)
        return PhotoTextures(
            levels: [MipLevel(texture: texture, width: 1, height: 1)], originalSize: nil, isOpaque: true)
    }
}
