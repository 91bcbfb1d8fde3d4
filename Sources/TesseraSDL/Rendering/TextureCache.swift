import CSDL2
import Foundation
import TesseraCore
import TesseraGeometry
import TesseraPhotos

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
///
/// This type is the cache itself (entries, sizes, recency, eviction, installing decodes); what to
/// decode when is `DecodeScheduler`'s, the textures are made by `TextureFactory`, the tiles drawn
/// meanwhile are `LoadingTile` and `PlaceholderTile`, and failures are kept by `PhotoFailures`.
package final class TextureCache {
    /// Long-side cap of the stored base level, in pixels. The renderer raises it to its output size.
    var maxDimension: Int {
        didSet { if maxDimension != oldValue { sidesGeneration += 1 } }
    }
    /// Counts what can change the answer of `side(for:width:height:)` for the same photo and size: a
    /// new `maxDimension`, a changed photo folder. Sides kept from frame to frame are kept with it.
    private(set) var sidesGeneration = 0
    /// Most photos kept as textures at once.
    package let capacity: Int
    /// Most texture bytes kept at once (the software renderer keeps textures in memory); the renderer
    /// sets it from its output's size (`CacheBudget`).
    package var byteCapacity: Int
    private var residentBytes = 0
    package private(set) var photos: PhotoLibrary
    /// Block a frame until its photos are decoded (deterministic) instead of drawing placeholders.
    var waitsForPhotos = true
    let factory: TextureFactory
    private let scheduler: DecodeScheduler
    var decoder: DecodeQueue { scheduler.queue }
    /// A photo's textures and what is known of them, in one record: a frame's look-up of a photo drawn
    /// is one hash of its id, not one per fact.
    private struct Entry {
        var textures: PhotoTextures
        /// The long side (pixels) it was decoded for.
        var side: Int
        var bytes: Int
        /// The frame it was last drawn in (least recently drawn go first).
        var lastUsed: Int
    }
    private var entries: [PhotoID: Entry] = [:]
    private(set) var frame = 0
    /// Photos that failed, so each is reported once and not decoded again.
    private var failures = PhotoFailures()
    private(set) var originalSizes: [PhotoID: (width: Int, height: Int)] = [:]
    /// The one photo decoded sharper for a zoom (`TextureCache+Zoom`), the frame it was last drawn in, and
    /// the photo whose sharper decode was asked for.
    var zoomed: (id: PhotoID, textures: PhotoTextures, lastUsed: Int)?
    var zoomRequested: PhotoID?
    private let placeholderTile = PlaceholderTile()
    /// Changes whenever the textures a photo draws with do (`FrameDamage` compares it).
    private var generations: [PhotoID: Int] = [:]
    private var lastGeneration = 0
    private let loadingTile = LoadingTile()

    /// - Parameters:
    ///   - renderer: the `SDL_Renderer*` the textures belong to (it must outlive this cache).
    ///   - maxDimension: cap on the stored base level's long side, pixels.
    ///   - capacity: photos kept as textures at once (LRU beyond that).
    ///   - thumbnails: the shared thumbnail cache, nil to neither read nor write it.
    package convenience init(
        renderer: OpaquePointer, photos: PhotoLibrary, maxDimension: Int = 1600, capacity: Int = 96,
        byteCapacity: Int = 128 << 20, thumbnails: ThumbnailStore? = nil
    ) {
        self.init(
            renderer: renderer, photos: photos, maxDimension: maxDimension, capacity: capacity,
            byteCapacity: byteCapacity, thumbnails: thumbnails, decode: DecodeQueue.decodeFile)
    }

    /// The same with `decode` deciding how a photo is decoded (a test's own decoder).
    init(
        renderer: OpaquePointer, photos: PhotoLibrary, maxDimension: Int = 1600, capacity: Int = 96,
        byteCapacity: Int = 128 << 20, thumbnails: ThumbnailStore? = nil, decode: @escaping DecodeQueue.Decode
    ) {
        SDLLibraries.initialize()
        scheduler = DecodeScheduler(queue: DecodeQueue(thumbnails: thumbnails, decode: decode))
        factory = TextureFactory(renderer: renderer)
        self.photos = photos
        self.maxDimension = max(16, maxDimension)
        self.capacity = max(1, capacity)
        self.byteCapacity = max(1, byteCapacity)
    }

    deinit {
        for entry in entries.values { entry.textures.destroy() }
        zoomed?.textures.destroy()
    }

    /// The photo's decoded size in pixels (before any scaling), for aspect ratios; nil if it cannot be
    /// decoded. Decodes the photo now if it has not been.
    package func pixelSize(of id: PhotoID) -> (Int, Int)? {
        prepare([id], waiting: true)
        _ = textures(for: id)
        return originalSizes[id].map { ($0.width, $0.height) }
    }

    /// Decodes the given photos now and makes their textures (e.g. before the first frame).
    func preload(_ ids: [PhotoID]) {
        prepare(ids, waiting: true)
        for id in ids { _ = textures(for: id) }
    }

    /// Decodes every photo in the library now.
    package func preloadAll() { preload(photos.ids) }

    /// Whether `id` has decoded textures (false for placeholders and photos not decoded yet).
    func isLoaded(_ id: PhotoID) -> Bool { entries[id] != nil }

    /// Number of photos holding textures now.
    var residentCount: Int { entries.count }

    /// True when the last frame drew a photo still loading (it pulses, and shows once decoded): a window
    /// must draw again although nothing else changed.
    private(set) var drewLoadingTile = false

    /// Starts decoding whatever of `ids` is missing — all at once, so they decode in parallel — and,
    /// when waiting, blocks until they are done. Each photo is decoded for `maxDimension`.
    func prepare(_ ids: some Collection<PhotoID>, waiting: Bool) {
        prepare(ids.map { ($0, maxDimension) }, ahead: [], waiting: waiting)
    }

    /// Starts decoding what a frame shows (`visible`: each photo with the long side it needs, pixels)
    /// and then what the next screenful will (`ahead`), withdraws waiting requests for photos in
    /// neither, and, when waiting, blocks until the visible ones are done. Called with a frame's photos
    /// before it is drawn.
    func prepare(_ visible: [(id: PhotoID, side: Int)], ahead: [(id: PhotoID, side: Int)], waiting: Bool) {
        frame += 1
        drewLoadingTile = false
        // A zoomed photo's sharper decode stays wanted while its photo is drawn.
        var zoomKey: DecodeKey?
        if let zoomed = zoomRequested,
            visible.contains(where: { $0.id == zoomed }) || ahead.contains(where: { $0.id == zoomed })
        {
            zoomKey = DecodeKey(zoomed, zoomed: true)
        }
        scheduler.schedule(
            visible: visible, ahead: ahead, alsoWanted: zoomKey, photos: photos, waiting: waiting,
            generation: lastGeneration, needsDecode: needsDecode)
    }

    /// True when `id` has no textures of at least `side` pixels and has not failed.
    private func needsDecode(_ id: PhotoID, side: Int) -> Bool {
        guard !failures.contains(id) else { return false }
        guard let had = entries[id]?.side else { return true }
        return had < side
    }

    /// The long side (pixels) to decode a photo for, drawn into `width`×`height` pixels: the smallest
    /// thumbnail size that covers it in aspect-fill, or `maxDimension` past the largest.
    func side(for id: PhotoID, width: Int, height: Int) -> Int {
        side(forPhotoOf: photos.pixelSize(of: id), width: width, height: height)
    }

    /// The same for a photo of `photoSize` pixels (`PhotoLibrary.pixelSize(of:)`, nil when unknown):
    /// what a caller that kept the size computes without looking the photo up again.
    func side(forPhotoOf photoSize: Size?, width: Int, height: Int) -> Int {
        let needed = ThumbnailSize.longSideNeeded(toFill: Size(Double(width), Double(height)), photo: photoSize)
        return ThumbnailSize.covering(longSide: needed)?.pixels ?? max(maxDimension, ThumbnailSize.xxLarge.pixels + 1)
    }

    /// The long side the last frame asked `id` decoded at (`prepare`); nil when it did not ask for it.
    func wantedSide(of id: PhotoID) -> Int? { scheduler.wantedSides[id] }

    /// Takes in a changed photo folder: new photos become drawable, and removed or replaced ones lose
    /// their textures, failures and queued decodes (a replaced one decodes again when drawn).
    package func takeIn(_ changes: PhotoChanges) {
        photos.apply(changes)
        sidesGeneration += 1
        scheduler.reconsider()
        for id in changes.removed + changes.replaced.map(\.id) {
            drop(id)
            failures.forget(id)
            originalSizes[id] = nil
            decoder.forget(DecodeKey(id))
        }
    }

    /// Thumbnail hits and misses, decodes and the queue's length so far.
    package var statistics: PhotoStatistics { decoder.snapshot() }

    /// Releases the least recently drawn photos beyond `capacity` photos or `byteCapacity` bytes (never
    /// one drawn this frame).
    func evictBeyondCapacity() {
        releaseZoomIfUnused()
        guard entries.count > capacity || residentBytes > byteCapacity else { return }
        let victims = entries.filter { $0.value.lastUsed < frame }.sorted { $0.value.lastUsed < $1.value.lastUsed }
        var count = entries.count
        for (id, _) in victims {
            guard count > capacity || residentBytes > byteCapacity else { break }
            drop(id)
            count -= 1
        }
    }

    /// Releases every photo not in `kept`, the sharper zoom decode included.
    func release(keeping kept: Set<PhotoID>) {
        if let z = zoomed, !kept.contains(z.id) { releaseZoom() }
        for id in entries.keys where !kept.contains(id) { drop(id) }
    }

    /// The generation of the textures `id` draws with now: a photo decoded again, dropped, failed or
    /// zoomed gets a new one, though its draw command stays the same.
    func generation(of id: PhotoID) -> Int { generations[id] ?? 0 }

    /// The newest generation given to any photo: none is past it.
    var latestGeneration: Int { lastGeneration }

    /// Marks `id`'s textures as changed.
    func texturesChanged(_ id: PhotoID) {
        lastGeneration += 1
        generations[id] = lastGeneration
    }

    /// Frees `id`'s textures.
    private func drop(_ id: PhotoID) {
        texturesChanged(id)
        guard let entry = entries.removeValue(forKey: id) else { return }
        entry.textures.destroy()
        residentBytes -= entry.bytes
    }

    /// The textures for `id`: the photo once decoded, the shimmering loading tile before, the
    /// placeholder if it cannot be decoded. Waits for the decode when `waitsForPhotos`.
    func textures(for id: PhotoID) -> PhotoTextures {
        let side = scheduler.wantedSides[id] ?? maxDimension
        if let k = entries.index(forKey: id), entries.values[k].side >= side {
            entries.values[k].lastUsed = frame
            return entries.values[k].textures
        }
        if failures.contains(id) { return placeholder() }
        guard let path = photos.path(for: id) else {
            fail(id, "no photo with id \"\(id)\" in the library")
            return placeholder()
        }
        let key = DecodeKey(id)
        var collected = decoder.collect(key)
        if waitsForPhotos {
            // Deterministic: only a decode at exactly this size is used. One made at another size (asked
            // for ahead, for a frame that then changed, or before its file changed) is dropped, and this
            // one asked for until it is in, whatever finished first.
            // A quit asked for meanwhile ends the wait: the tile draws as loading, the run ends.
            while collected == nil || collected!.side != side, !ProcessSignals.quitRequested {
                if let other = collected { Self.free(other.outcome) }
                decoder.request(key, path: path, side: side)
                decoder.wait(for: [key])
                collected = decoder.collect(key)
            }
            if let early = collected, early.side != side {
                Self.free(early.outcome)
                collected = nil
            }
        } else if collected == nil || collected!.side < side {
            // A smaller decode that finished is still better than what there is.
            if let small = collected { install(id, small, path: path) }
            collected = nil
            decoder.request(key, path: path, side: side)
        }
        if let collected { install(id, collected, path: path) }
        if failures.contains(id) { return placeholder() }
        // A smaller decode, until the one asked for is in.
        if let k = entries.index(forKey: id) {
            entries.values[k].lastUsed = frame
            return entries.values[k].textures
        }
        drewLoadingTile = true
        return loadingTile.textures(factory)
    }

    /// Frees a collected decode's surfaces.
    static func free(_ outcome: DecodeQueue.Outcome) {
        if case .success(let decoded) = outcome { for level in decoded.levels { SDL_FreeSurface(level) } }
    }

    /// Makes textures of a collected decode (replacing a smaller entry), or records its failure.
    private func install(_ id: PhotoID, _ collected: (outcome: DecodeQueue.Outcome, side: Int), path: String) {
        switch collected.outcome {
        case .failure(let failure):
            fail(id, "cannot open photo \(path): \(failure); drawing a placeholder")
        case .success(let decoded):
            defer { for level in decoded.levels { SDL_FreeSurface(level) } }
            if let had = entries[id]?.side, had >= collected.side { return }
            originalSizes[id] = (decoded.originalWidth, decoded.originalHeight)
            guard let made = factory.textures(levels: decoded.levels, originalSize: originalSizes[id]) else {
                fail(id, "cannot make textures for \(path): \(sdlError())")
                return
            }
            drop(id)
            let bytes = made.levels.reduce(0) { $0 + $1.width * $1.height * 4 }
            entries[id] = Entry(textures: made, side: collected.side, bytes: bytes, lastUsed: frame)
            texturesChanged(id)
            residentBytes += bytes
        }
    }

    /// Records a failure and names it on stderr, once per photo in the whole process.
    private func fail(_ id: PhotoID, _ message: String) {
        if !failures.contains(id) { texturesChanged(id) }
        failures.record(id, path: photos.path(for: id) ?? id.rawValue, message)
    }

    /// True for the loading tile (the renderer pulses its colour).
    func isLoadingTile(_ textures: PhotoTextures) -> Bool { loadingTile.isTile(textures) }

    private func placeholder() -> PhotoTextures { placeholderTile.textures(factory) }
}
