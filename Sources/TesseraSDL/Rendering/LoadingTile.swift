import CSDL2

/// What a photo draws as until it is decoded: a plain tile of the placeholder's grey whose colour
/// pulses slowly and subtly, so a window shows that something is coming. The pulse is the core's
/// (`DrawList.loadingShade`): the renderer keeps no clock.
final class LoadingTile {
    private var made: PhotoTextures?

    deinit { made?.destroy() }

    /// The tile's textures, made once: big enough that aspect-fill strips of any tile have whole
    /// source pixels to copy.
    func textures(_ factory: TextureFactory) -> PhotoTextures {
        if let made { return made }
        var textures: PhotoTextures?
        if let surface = SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) {
            let grey = PlaceholderImage.background
            SDL_FillRect(
                surface, nil, SDL_MapRGBA(surface.pointee.format, UInt8(grey.r), UInt8(grey.g), UInt8(grey.b), 255))
            textures = factory.textures(levels: [surface], originalSize: nil)
            SDL_FreeSurface(surface)
        }
        let tile = textures ?? factory.fallback()
        made = tile
        return tile
    }

    /// True for this tile's textures (the renderer pulses their colour).
    func isTile(_ textures: PhotoTextures) -> Bool { textures === made }
}
