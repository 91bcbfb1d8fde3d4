import CSDL2
import TesseraCore
import TesseraRaster

/// Shadow nine-slice textures (`ShadowMask`) by corner radius and blur, in PIXELS, made on first use and
/// kept: white with the mask as alpha, tinted per draw with the texture's colour and alpha mods.
///
/// A hero's corner radius animates, so a flight asks for one texture per whole-pixel radius it passes
/// (about ten); each is a few kilobytes. Beyond `capacity` the cache starts again.
final class ShadowTextures {
    struct Entry {
        let texture: OpaquePointer
        let mask: ShadowMask
    }

    private struct Key: Hashable {
        var radius: Int
        /// Blur in 1/4 pixels, so nearby blurs share a texture.
        var blurQuarters: Int
    }

    private let renderer: OpaquePointer
    private var entries: [Key: Entry] = [:]
    let capacity = 64

    init(renderer: OpaquePointer) {
        self.renderer = renderer
    }

    deinit { removeAll() }

    func removeAll() {
        for entry in entries.values { SDL_DestroyTexture(entry.texture) }
        entries.removeAll(keepingCapacity: true)
    }

    /// The texture for a corner radius and blur radius in pixels; nil if SDL cannot make it.
    func entry(radius: Int, blur: Double) -> Entry? {
        let key = Key(radius: max(0, radius), blurQuarters: max(1, Int((blur * 4).rounded())))
        if let entry = entries[key] { return entry }
        if entries.count >= capacity { removeAll() }
        let mask = ShadowMask(radius: key.radius, blur: Double(key.blurQuarters) / 4)
        let n = mask.size
        var pixels = mask.alpha.map { UInt32($0) << 24 | 0x00FF_FFFF }
        guard
            let texture = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(n),
                Int32(n))
        else { return nil }
        _ = pixels.withUnsafeMutableBytes { SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(n * 4)) }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        // Corners are drawn 1:1 and edges stretch a constant along their length: nearest is exact.
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeNearest)
        let entry = Entry(texture: texture, mask: mask)
        entries[key] = entry
        return entry
    }
}
