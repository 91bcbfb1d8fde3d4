import CSDL2

/// Makes renderer textures of decoded surfaces, on the render thread: one linear-filtered, blended
/// texture per mip level. An opaque photo's textures are in the output's format (`OutputFormat`), so
/// the software renderer scales its unblended body straight into the frame. (A fade then blends with
/// the texture's alpha mod rather than per-pixel alpha, which may round one level of 255 the other way.)
/// In the software renderer they are streaming textures, whose pixels `DirectScale` reads in place.
struct TextureFactory {
    /// The `SDL_Renderer*` the textures belong to.
    let renderer: OpaquePointer
    /// The format opaque photos are kept in: the output's, when it has no alpha of its own (a window's
    /// XRGB8888); nil to keep the decoded ARGB8888, which is the output's format already elsewhere.
    private let opaqueFormat: UInt32?
    /// SDL's software renderer: opaque photos' levels are streaming textures, which it keeps as plain
    /// surfaces like the static ones and lets this process read (`SDL_LockTexture`) without a copy.
    private let keepsTexelsReadable: Bool
    /// The output's pixel format.
    private let outputFormat: UInt32

    init(renderer: OpaquePointer) {
        self.renderer = renderer
        let output = OutputFormat.of(renderer)
        outputFormat = output
        var bits: Int32 = 0
        var r: UInt32 = 0
        var g: UInt32 = 0
        var b: UInt32 = 0
        var a: UInt32 = 0
        let fits = SDL_PixelFormatEnumToMasks(output, &bits, &r, &g, &b, &a) == SDL_TRUE && bits >= 24 && a == 0
        opaqueFormat = output != SDL_PIXELFORMAT_ARGB8888.rawValue && fits ? output : nil
        var info = SDL_RendererInfo()
        keepsTexelsReadable =
            SDL_GetRendererInfo(renderer, &info) == 0 && info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
    }

    /// Textures of `surfaces` (largest first; the caller still owns and frees them); nil when SDL
    /// cannot make one (what was made is destroyed).
    func textures(levels surfaces: [UnsafeMutablePointer<SDL_Surface>], originalSize: (width: Int, height: Int)?)
        -> PhotoTextures?
    {
        let opaque = MipChain.isOpaque(surfaces[0])
        var levels: [MipLevel] = []
        for s in surfaces {
            guard let texture = texture(of: s, opaque: opaque) else {
                for level in levels { SDL_DestroyTexture(level.texture) }
                return nil
            }
            SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            levels.append(MipLevel(texture: texture, width: Int(s.pointee.w), height: Int(s.pointee.h)))
        }
        return PhotoTextures(levels: levels, originalSize: originalSize, isOpaque: opaque)
    }

    /// A texture of `surface`: in `opaqueFormat` when the photo is opaque and there is one, streaming
    /// in the software renderer.
    private func texture(of surface: UnsafeMutablePointer<SDL_Surface>, opaque: Bool) -> OpaquePointer? {
        // Decoded in the output's format already (ARGB8888 where the output has alpha bits, as a
        // presenter's surface does): kept so, readable.
        guard let decoded = surface.pointee.format?.pointee.format,
            let format = opaque
                ? opaqueFormat ?? (keepsTexelsReadable && decoded == outputFormat ? decoded : nil)
                // In the software renderer a photo with alpha is readable too: drawn far larger than the
                // output, its visible part is scaled from its texels (`VisiblePartScaler`).
                : (keepsTexelsReadable && decoded == SDL_PIXELFORMAT_ARGB8888.rawValue ? decoded : nil)
        else { return SDL_CreateTextureFromSurface(renderer, surface) }
        let converted = format == decoded ? surface : SDL_ConvertSurfaceFormat(surface, format, 0)
        guard let converted else { return nil }
        defer { if converted != surface { SDL_FreeSurface(converted) } }
        let access = keepsTexelsReadable ? SDL_TEXTUREACCESS_STREAMING : SDL_TEXTUREACCESS_STATIC
        guard
            let texture = SDL_CreateTexture(
                renderer, format, Int32(access.rawValue), converted.pointee.w, converted.pointee.h)
        else { return nil }
        guard SDL_UpdateTexture(texture, nil, converted.pointee.pixels, converted.pointee.pitch) == 0 else {
            SDL_DestroyTexture(texture)
            return nil
        }
        return texture
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
