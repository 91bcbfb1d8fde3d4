import CSDL2
import Foundation
import TesseraCore

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

    func destroy() {
        cornerAtlas = nil
        for level in levels { SDL_DestroyTexture(level.texture) }
    }
}

/// Decoded photos as renderer textures, keyed by photo id.
///
/// Each photo is decoded once (IMG_Load) on first use — or up front with `preload` — and kept. The
/// stored base level is capped at `maxDimension` pixels on its long side (the full-size decode is
/// freed at once), plus a chain of halvings (`MipChain`). Textures use linear scaling.
/// A photo that cannot be loaded (missing, corrupt, zero bytes, unknown id) is drawn as
/// `PlaceholderImage`, and one line naming the file goes to stderr, once per photo.
public final class TextureCache {
    /// Long-side cap of the stored base level, in pixels.
    public let maxDimension: Int
    public let photos: PhotoLibrary
    private let renderer: OpaquePointer
    private var entries: [String: PhotoTextures] = [:]
    private var placeholderTextures: PhotoTextures?

    /// - Parameters:
    ///   - renderer: the `SDL_Renderer*` the textures belong to (it must outlive this cache).
    ///   - maxDimension: cap on the stored base level's long side, pixels (1600: sharp on a 2× hero
    ///     of ~800 pt, ≤ 10 MB per photo with its mip chain).
    public init(renderer: OpaquePointer, photos: PhotoLibrary, maxDimension: Int = 1600) {
        SDLLibraries.initialize()
        self.renderer = renderer
        self.photos = photos
        self.maxDimension = max(16, maxDimension)
    }

    deinit {
        for entry in entries.values where entry !== placeholderTextures { entry.destroy() }
        placeholderTextures?.destroy()
    }

    /// The photo's decoded size in pixels (before the cap), for aspect ratios; nil if it cannot be
    /// loaded. Loads the photo if it is not loaded yet.
    public func pixelSize(of id: String) -> (Int, Int)? {
        guard let size = textures(for: id).originalSize else { return nil }
        return (size.width, size.height)
    }

    /// Decodes the given photos now (e.g. before the first frame) instead of on first draw, so no
    /// frame stalls on JPEG decoding.
    public func preload(_ ids: [String]) {
        for id in ids { _ = textures(for: id) }
    }

    /// Decodes every photo in the library now.
    public func preloadAll() { preload(photos.ids) }

    /// Whether `id` decoded successfully (false for placeholders and not-yet-loaded photos).
    public func isLoaded(_ id: String) -> Bool {
        guard let entry = entries[id] else { return false }
        return entry !== placeholderTextures
    }

    /// The textures for `id`, loading on first use; the placeholder if it cannot be loaded.
    func textures(for id: String) -> PhotoTextures {
        if let entry = entries[id] { return entry }
        let entry: PhotoTextures
        if let path = photos.path(for: id) {
            if let loaded = load(path: path) {
                entry = loaded
            } else {
                warn("could not load photo \(path): \(sdlError()); drawing a placeholder")
                entry = placeholder()
            }
        } else {
            warn("no photo with id \"\(id)\" in the library; drawing a placeholder")
            entry = placeholder()
        }
        entries[id] = entry
        return entry
    }

    private func load(path: String) -> PhotoTextures? {
        // IMG_Load handles an empty or truncated file by returning NULL (and setting SDL_GetError).
        guard let decoded = IMG_Load(path) else { return nil }
        defer { SDL_FreeSurface(decoded) }
        let original = (width: Int(decoded.pointee.w), height: Int(decoded.pointee.h))
        guard original.width > 0, original.height > 0 else { return nil }
        return makeTextures(from: decoded, originalSize: original)
    }

    private func placeholder() -> PhotoTextures {
        if let p = placeholderTextures { return p }
        var made: PhotoTextures?
        if let surface = PlaceholderImage.makeSurface() {
            made = makeTextures(from: surface, originalSize: nil)
            SDL_FreeSurface(surface)
        }
        // If even that fails (out of memory), a 1×1 grey texture keeps drawing code total.
        let p = made ?? fallbackTextures()
        placeholderTextures = p
        return p
    }

    private func makeTextures(from surface: UnsafeMutablePointer<SDL_Surface>, originalSize: (width: Int, height: Int)?) -> PhotoTextures? {
        guard let surfaces = MipChain.levels(from: surface, maxDimension: maxDimension) else { return nil }
        defer { surfaces.forEach { SDL_FreeSurface($0) } }
        let opaque = MipChain.isOpaque(surfaces[0])
        var levels: [MipLevel] = []
        for s in surfaces {
            guard let texture = SDL_CreateTextureFromSurface(renderer, s) else {
                levels.forEach { SDL_DestroyTexture($0.texture) }
                return nil
            }
            SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            levels.append(MipLevel(texture: texture, width: Int(s.pointee.w), height: Int(s.pointee.h)))
        }
        return PhotoTextures(levels: levels, originalSize: originalSize, isOpaque: opaque)
    }

    private func fallbackTextures() -> PhotoTextures {
        let texture = SDL_CreateTexture(
            renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), 1, 1)!
        var grey: UInt32 = 0xFFE5_E5E5
        SDL_UpdateTexture(texture, nil, &grey, 4)
        return PhotoTextures(levels: [MipLevel(texture: texture, width: 1, height: 1)], originalSize: nil, isOpaque: true)
    }
}
