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
/// Photos decode off the render thread on every core (`DecodeQueue`, `PhotoDecoder`) at the size they
/// are drawn: the smallest freedesktop.org thumbnail size (128, 256, 512 or 1024 px on the long side)
/// that covers the tile in pixels, through the shared thumbnail cache when it is on
/// (`ThumbnailCodec`); only a view larger than that (the fullscreen photo) decodes the photo itself,
/// capped at `maxDimension` (the output's size). JPEGs are scaled down by libjpeg-turbo while they
/// decode, and every photo gets a chain of halvings (`MipChain`) so small tiles do not alias; full-size
/// pixels are never kept. A photo drawn larger later is decoded again at the larger size, the smaller
/// one showing meanwhile. Textures are made on the render thread when a decode is collected.
///
/// Until a photo is ready it draws as a neutral tile that shimmers gently; a photo that cannot be
/// decoded draws as `PlaceholderImage` ("can't open") and one line naming the file goes to stderr,
/// once. Only photos drawn recently keep textures: past `capacity` photos the least recently drawn are
/// released (and decoded again if they come back on screen).
///
/// `waitsForPhotos` (headless runs, tests): a frame waits until every photo it draws is decoded, so a
/// script renders the same pixels every time.
package final class TextureCache {
    /// Long-side cap of the stored base level, in pixels. The renderer raises it to its output size.
    var maxDimension: Int
    /// Most photos kept as textures at once.
    package let capacity: Int
    /// Most texture bytes kept at once (the software renderer keeps textures in memory): 128 MB is
    /// 32 waterfall tiles decoded for the 1024-px thumbnail size, mip levels included.
    package let byteCapacity: Int
    private var entryBytes: [String: Int] = [:]
    private var residentBytes = 0
    package private(set) var photos: PhotoLibrary
    /// Block a frame until its photos are decoded (deterministic) instead of drawing placeholders.
    var waitsForPhotos = true
    private let renderer: OpaquePointer
    let decoder: DecodeQueue
    private var entries: [String: PhotoTextures] = [:]
    /// The long side (pixels) each entry was decoded for.
    private var entrySides: [String: Int] = [:]
    /// The long side each photo of the current frame needs (pixels), from `prepare`.
    private var wantedSides: [String: Int] = [:]
    /// The photos of the current frame and the next screenful, whose waiting decodes stay.
    private var wantedIDs = Set<String>()
    /// Frame number each entry was last drawn in (LRU).
    private var lastUsed: [String: Int] = [:]
    private(set) var frame = 0
    /// The photos a frame asks for that are not decoded yet (reused across frames).
    private var missing: [Photo] = []
    /// Photos that failed, with the reason, so each is reported once and not decoded again.
    private var failures: [String: String] = [:]
    private(set) var originalSizes: [String: (width: Int, height: Int)] = [:]
    /// The one photo decoded sharper for a zoom (`TextureCache+Zoom`), the frame it was last drawn in, and
    /// the photo whose sharper decode was asked for.
    var zoomed: (id: String, textures: PhotoTextures, lastUsed: Int)?
    var zoomRequested: String?
    private var placeholderTextures: PhotoTextures?
    private var loadingTextures: PhotoTextures?

    /// - Parameters:
    ///   - renderer: the `SDL_Renderer*` the textures belong to (it must outlive this cache).
    ///   - maxDimension: cap on the stored base level's long side, pixels.
    ///   - capacity: photos kept as textures at once (LRU beyond that).
    ///   - thumbnails: the shared thumbnail cache, nil to neither read nor write it.
    package init(
        renderer: OpaquePointer, photos: PhotoLibrary, maxDimension: Int = 1600, capacity: Int = 96,
        byteCapacity: Int = 128 << 20, thumbnails: ThumbnailStore? = nil
    ) {
        SDLLibraries.initialize()
        decoder = DecodeQueue(thumbnails: thumbnails)
        self.renderer = renderer
        self.photos = photos
        self.maxDimension = max(16, maxDimension)
        self.capacity = max(1, capacity)
        self.byteCapacity = max(1, byteCapacity)
    }

    deinit {
        for entry in entries.values { entry.destroy() }
        zoomed?.textures.destroy()
        placeholderTextures?.destroy()
        loadingTextures?.destroy()
    }

    /// The photo's decoded size in pixels (before any scaling), for aspect ratios; nil if it cannot be
    /// decoded. Decodes the photo now if it has not been.
    package func pixelSize(of id: String) -> (Int, Int)? {
        prepare([id], waiting: true)
        _ = textures(for: id)
        return originalSizes[id].map { ($0.width, $0.height) }
    }

    /// Decodes the given photos now and makes their textures (e.g. before the first frame).
    func preload(_ ids: [String]) {
        prepare(ids, waiting: true)
        for id in ids { _ = textures(for: id) }
    }

    /// Decodes every photo in the library now.
    package func preloadAll() { preload(photos.ids) }

    /// Whether `id` has decoded textures (false for placeholders and photos not decoded yet).
    func isLoaded(_ id: String) -> Bool { entries[id] != nil }

    /// Number of photos holding textures now.
    var residentCount: Int { entries.count }

    /// True when the last frame drew a photo still loading (it pulses, and shows once decoded): a window
    /// must draw again although nothing else changed.
    private(set) var drewLoadingTile = false

    /// Starts decoding whatever of `ids` is missing — all at once, so they decode in parallel — and,
    /// when waiting, blocks until they are done. Each photo is decoded for `maxDimension`.
    func prepare(_ ids: some Collection<String>, waiting: Bool) {
        prepare(ids.map { ($0, maxDimension) }, ahead: [], waiting: waiting)
    }

    /// Starts decoding what a frame shows (`visible`: each photo with the long side it needs, pixels)
    /// and then what the next screenful will (`ahead`), withdraws waiting requests for photos in
    /// neither, and, when waiting, blocks until the visible ones are done. Called with a frame's photos
    /// before it is drawn.
    func prepare(_ visible: [(id: String, side: Int)], ahead: [(id: String, side: Int)], waiting: Bool) {
        frame += 1
        drewLoadingTile = false
        wantedSides.removeAll(keepingCapacity: true)
        wantedIDs.removeAll(keepingCapacity: true)
        for (id, side) in visible { wantedSides[id] = max(wantedSides[id] ?? 0, side) }
        for (id, _) in visible { wantedIDs.insert(id) }
        for (id, _) in ahead { wantedIDs.insert(id) }
        // A zoomed photo's sharper decode stays wanted while its photo is drawn.
        if let zoomed = zoomRequested, wantedIDs.contains(zoomed) { wantedIDs.insert(Self.zoomKey(zoomed)) }
        decoder.withdraw(keeping: wantedIDs)
        missing.removeAll(keepingCapacity: true)
        for (id, side) in wantedSides where needsDecode(id, side: side) {
            if let photo = photos.photo(for: id) { missing.append(photo) }
        }
        // Longest first: a full-size PNG decode costs several times a scaled JPEG's of the same size, so
        // those start first and the cores finish together, instead of one PNG running alone at the end.
        if missing.count > 1 { missing.sort { Self.decodeCost($0) > Self.decodeCost($1) } }
        for photo in missing { decoder.request(photo.id, path: photo.path, side: wantedSides[photo.id]!) }
        for (id, side) in ahead where wantedSides[id] == nil && needsDecode(id, side: side) {
            if let path = photos.path(for: id) { decoder.request(id, path: path, side: side, urgency: .ahead) }
        }
        if waiting { decoder.wait(for: wantedSides.keys) }
    }

    /// True when `id` has no textures of at least `side` pixels and has not failed.
    private func needsDecode(_ id: String, side: Int) -> Bool {
        guard failures[id] == nil else { return false }
        guard entries[id] != nil, let had = entrySides[id] else { return true }
        return had < side
    }

    /// The long side (pixels) to decode a photo for, drawn into `width`×`height` pixels: the smallest
    /// thumbnail size that covers it in aspect-fill, or `maxDimension` past the largest.
    func side(for id: String, width: Int, height: Int) -> Int {
        let needed = ThumbnailSize.longSideNeeded(
            toFill: Size(Double(width), Double(height)), photo: photos.photo(for: id)?.pixelSize)
        return ThumbnailSize.covering(longSide: needed)?.pixels ?? max(maxDimension, ThumbnailSize.xxLarge.pixels + 1)
    }

    /// Takes in a changed photo folder: new photos become drawable, and removed or replaced ones lose
    /// their textures, failures and queued decodes (a replaced one decodes again when drawn).
    package func takeIn(_ changes: PhotoChanges) {
        photos.apply(changes)
        for id in changes.removed + changes.replaced.map(\.id) {
            drop(id)
            failures[id] = nil
            originalSizes[id] = nil
            decoder.forget(id)
        }
    }

    /// Thumbnail hits and misses, decodes and the queue's length so far.
    package var statistics: PhotoStatistics { decoder.snapshot() }

    /// Relative decode time: pixels, times 7 when the format cannot decode scaled (measured here:
    /// 5600×3200 as PNG 260 ms + shrinking, as JPEG at 1/4 scale 41 ms).
    static func decodeCost(_ photo: Photo) -> Double {
        let pixels = photo.pixelSize.map { $0.width * $0.height } ?? 0
        let ext = (photo.path as NSString).pathExtension.lowercased()
        return ext == "jpg" || ext == "jpeg" ? pixels : 7 * pixels
    }

    /// Releases the least recently drawn photos beyond `capacity` photos or `byteCapacity` bytes (never
    /// one drawn this frame).
    func evictBeyondCapacity() {
        releaseZoomIfUnused()
        guard entries.count > capacity || residentBytes > byteCapacity else { return }
        let victims = lastUsed.filter { $0.value < frame && entries[$0.key] != nil }.sorted { $0.value < $1.value }
        var count = entries.count
        for (id, _) in victims {
            guard count > capacity || residentBytes > byteCapacity else { break }
            drop(id)
            count -= 1
        }
    }

    /// Frees `id`'s textures.
    private func drop(_ id: String) {
        entries.removeValue(forKey: id)?.destroy()
        residentBytes -= entryBytes.removeValue(forKey: id) ?? 0
        entrySides[id] = nil
        lastUsed[id] = nil
    }

    /// The textures for `id`: the photo once decoded, the shimmering loading tile before, the
    /// placeholder if it cannot be decoded. Waits for the decode when `waitsForPhotos`.
    func textures(for id: String) -> PhotoTextures {
        lastUsed[id] = frame
        let side = wantedSides[id] ?? maxDimension
        if let entry = entries[id], let had = entrySides[id], had >= side { return entry }
        if failures[id] != nil { return placeholder() }
        guard let path = photos.path(for: id) else {
            fail(id, "no photo with id \"\(id)\" in the library")
            return placeholder()
        }
        var collected = decoder.collect(id)
        if waitsForPhotos {
            // Deterministic: only a decode at exactly this size is used. One made at another size (asked
            // for ahead, for a frame that then changed, or before its file changed) is dropped, and this
            // one asked for until it is in, whatever finished first.
            // A quit asked for meanwhile ends the wait: the tile draws as loading, the run ends.
            while collected == nil || collected!.side != side, !ProcessSignals.quitRequested {
                if let other = collected { Self.free(other.outcome) }
                decoder.request(id, path: path, side: side)
                decoder.wait(for: [id])
                collected = decoder.collect(id)
            }
            if let early = collected, early.side != side {
                Self.free(early.outcome)
                collected = nil
            }
        } else if collected == nil || collected!.side < side {
            // A smaller decode that finished is still better than what there is.
            if let small = collected { install(id, small, path: path) }
            collected = nil
            decoder.request(id, path: path, side: side)
        }
        if let collected { install(id, collected, path: path) }
        if failures[id] != nil { return placeholder() }
        if let entry = entries[id] { return entry }
        drewLoadingTile = true
        return loading()
    }

    private static func free(_ outcome: DecodeQueue.Outcome) {
        if case .success(let decoded) = outcome { for level in decoded.levels { SDL_FreeSurface(level) } }
    }

    /// Makes textures of a collected decode (replacing a smaller entry), or records its failure.
    private func install(_ id: String, _ collected: (outcome: DecodeQueue.Outcome, side: Int), path: String) {
        switch collected.outcome {
        case .failure(let failure):
            fail(id, "cannot open photo \(path): \(failure); drawing a placeholder")
        case .success(let decoded):
            defer { for level in decoded.levels { SDL_FreeSurface(level) } }
            if let had = entrySides[id], had >= collected.side { return }
            originalSizes[id] = (decoded.originalWidth, decoded.originalHeight)
            guard let made = makeTextures(levels: decoded.levels, originalSize: originalSizes[id]) else {
                fail(id, "cannot make textures for \(path): \(sdlError())")
                return
            }
            drop(id)
            entries[id] = made
            entrySides[id] = collected.side
            lastUsed[id] = frame
            let bytes = made.levels.reduce(0) { $0 + $1.width * $1.height * 4 }
            entryBytes[id] = bytes
            residentBytes += bytes
        }
    }

    /// Records a failure and names it on stderr, once per photo in the whole process.
    private func fail(_ id: String, _ message: String) {
        guard failures[id] == nil else { return }
        failures[id] = message
        PhotoWarnings.nameOnce(photos.path(for: id) ?? id, message)
    }

    /// The colour modulation of the loading tile now: a slow, subtle pulse (1.2 s period).
    func loadingShimmer() -> UInt8 {
        let phase = Double(SDL_GetTicks() % 1200) / 1200
        return UInt8(235 + 20 * (0.5 + 0.5 * sin(phase * 2 * Double.pi)))
    }

    /// A plain tile of the placeholder's grey, big enough that aspect-fill strips of any tile have
    /// whole source pixels to copy.
    private func loading() -> PhotoTextures {
        if let l = loadingTextures { return l }
        var made: PhotoTextures?
        if let surface = SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) {
            let grey = PlaceholderImage.background
            SDL_FillRect(
                surface, nil, SDL_MapRGBA(surface.pointee.format, UInt8(grey.r), UInt8(grey.g), UInt8(grey.b), 255))
            made = makeTextures(levels: [surface], originalSize: nil)
            SDL_FreeSurface(surface)
        }
        let l = made ?? fallbackTextures()
        loadingTextures = l
        return l
    }

    /// True for the loading tile (the renderer pulses its colour).
    func isLoadingTile(_ textures: PhotoTextures) -> Bool { textures === loadingTextures }

    private func placeholder() -> PhotoTextures {
        if let p = placeholderTextures { return p }
        var made: PhotoTextures?
        if let surface = PlaceholderImage.makeSurface() {
            if let levels = MipChain.levels(from: surface, maxDimension: PlaceholderImage.side) {
                made = makeTextures(levels: levels, originalSize: nil)
                for level in levels { SDL_FreeSurface(level) }
            }
            SDL_FreeSurface(surface)
        }
        // If even that fails (out of memory), a 1×1 grey texture keeps drawing code total.
        let p = made ?? fallbackTextures()
        placeholderTextures = p
        return p
    }

    func makeTextures(
        levels surfaces: [UnsafeMutablePointer<SDL_Surface>], originalSize: (width: Int, height: Int)?
    )
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

    private func fallbackTextures() -> PhotoTextures {
        let texture = SDL_CreateTexture(
            renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), 1, 1)!
        var grey: UInt32 = 0xFFE5_E5E5
        SDL_UpdateTexture(texture, nil, &grey, 4)
        return PhotoTextures(
            levels: [MipLevel(texture: texture, width: 1, height: 1)], originalSize: nil, isOpaque: true)
    }
}
