import CSDL2

/// One level of a photo's mip chain: an SDL texture and its size in PIXELS (texels).
struct MipLevel {
    let texture: OpaquePointer
    let width: Int
    let height: Int
}

/// All levels of one decoded photo (or of the placeholder), largest first.
final class PhotoTextures {
    let levels: [MipLevel]
    /// The decoded file's size in pixels before the cap; nil for the placeholder.
    let originalSize: (width: Int, height: Int)?
    /// Every pixel opaque: the body strips may be copied without blending at full opacity.
    let isOpaque: Bool
    /// The corners baked for the size this photo is drawn at (`CornerAtlas`), and the size it was
    /// drawn at last, which decides when to bake.
    var cornerAtlas: CornerAtlas?
    var lastCornerKey: CornerAtlas.Key?

    init(levels: [MipLevel], originalSize: (width: Int, height: Int)?, isOpaque: Bool) {
        self.levels = levels
        self.originalSize = originalSize
        self.isOpaque = isOpaque
    }

    /// The smallest level whose texels still cover a `width`×`height` PIXEL destination in aspect-fill
    /// (both sides at least the destination's), so a draw never magnifies a level that a larger
    /// one could serve and never reduces by 2× or more. Falls back to the largest level.
    func level(covering width: Int, _ height: Int) -> MipLevel {
        var best = levels[0]
        for level in levels.dropFirst() {
            guard level.width >= width, level.height >= height else { break }
            best = level
        }
        return best
    }

    /// True once `destroy` freed the levels: nothing draws with them again.
    private(set) var isDestroyed = false

    func destroy() {
        cornerAtlas = nil
        for level in levels { SDL_DestroyTexture(level.texture) }
        isDestroyed = true
    }
}
