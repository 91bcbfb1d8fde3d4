import CSDL2
import TesseraCore
import TesseraRaster

/// Shadow nine-slice textures (`ShadowMask`) by corner radius and blur, in PIXELS, made on first use and
/// kept: white with the mask as alpha, tinted per draw with the texture's colour and alpha mods, the
/// straight edge widened to a strip (`Entry.strip`) so edges are drawn unscaled.
///
/// A hero's corner radius animates, so a flight asks for one texture per whole-pixel radius it passes
/// (about ten); each is a few kilobytes. Beyond `capacity` the cache starts again.
final class ShadowTextures {
    struct Entry {
        /// The mask with its middle row and column widened to `strip` pixels: `2 · cell + strip` square.
        let texture: OpaquePointer
        let mask: ShadowMask
        /// How long a piece of straight edge the texture holds.
        static let strip = 64
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
        // The mask's middle row and column repeated `Entry.strip` times: edges are drawn as 1:1 copies of
        // that strip, which SDL's software renderer blends far faster than a stretched copy.
        let c = mask.cell
        let side = 2 * c + Entry.strip
        let source = { (t: Int) in t < c ? t : t < c + Entry.strip ? c : t - Entry.strip + 1 }
        var pixels = [UInt32](repeating: 0, count: side * side)
        for y in 0..<side {
            let row = source(y) * mask.size
            for x in 0..<side { pixels[y * side + x] = UInt32(mask.alpha[row + source(x)]) << 24 | 0x00FF_FFFF }
        }
        guard
            let texture = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(side),
                Int32(side))
        else { return nil }
        _ = pixels.withUnsafeMutableBytes { SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(side * 4)) }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        let entry = Entry(texture: texture, mask: mask)
        entries[key] = entry
        return entry
    }
}
