import CSDL2

/// What a photo that cannot be decoded draws as: `PlaceholderImage` ("can't open") as textures, made
/// once per renderer.
final class PlaceholderTile {
    private var made: PhotoTextures?

    deinit { made?.destroy() }

    func textures(_ factory: TextureFactory) -> PhotoTextures {
        if let made { return made }
        var textures: PhotoTextures?
        if let surface = PlaceholderImage.makeSurface() {
            if let levels = MipChain.levels(from: surface, maxDimension: PlaceholderImage.side) {
                textures = factory.textures(levels: levels, originalSize: nil)
                for level in levels { SDL_FreeSurface(level) }
            }
            SDL_FreeSurface(surface)
        }
        // If even that fails (out of memory), a 1×1 grey texture keeps drawing code total.
        let tile = textures ?? factory.fallback()
        made = tile
        return tile
    }
}
