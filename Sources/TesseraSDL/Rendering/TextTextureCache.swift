import CSDL2

/// The rasterised text a renderer keeps between frames, so a static label or paragraph is
/// rasterised once rather than every frame: at most `capacity` textures, the least recently drawn
/// dropped beyond it. `Key` is whatever decides the pixels (string, style, RGB, wrap width...);
/// opacity stays out of it because it is applied per draw as the texture's alpha mod.
///
/// Storage is reserved up front and kept across `removeAll()`, so a warm cache allocates nothing.
final class TextTextureCache<Key: Hashable> {
    /// A texture ready to blit 1:1, with its size in PIXELS.
    final class Entry {
        let texture: OpaquePointer
        let width: Int
        let height: Int
        fileprivate var lastUse: UInt64
        fileprivate init(texture: OpaquePointer, width: Int, height: Int, lastUse: UInt64) {
            self.texture = texture
            self.width = width
            self.height = height
            self.lastUse = lastUse
        }
    }

    private let renderer: OpaquePointer
    /// Most textures kept.
    let capacity: Int
    private var entries: [Key: Entry] = [:]
    /// Counts lookups; an entry's `lastUse` is the count at its last draw (least recent = smallest).
    private var clock: UInt64 = 0

    /// - Parameters:
    ///   - renderer: the `SDL_Renderer*` the textures belong to (must outlive this object).
    ///   - capacity: most textures kept (at least 1).
    init(renderer: OpaquePointer, capacity: Int) {
        self.renderer = renderer
        self.capacity = max(1, capacity)
        entries.reserveCapacity(self.capacity + 1)
    }

    deinit { removeAll() }

    var count: Int { entries.count }

    /// Destroys every texture (e.g. when the output scale changes every glyph size), keeping storage.
    func removeAll() {
        for entry in entries.values { SDL_DestroyTexture(entry.texture) }
        entries.removeAll(keepingCapacity: true)
    }

    /// The texture for `key`; on a miss, made from the surface `rasterise` returns (freed here) and
    /// blended with alpha. Nil when `rasterise` returns nil or SDL cannot make the texture.
    func texture(for key: Key, rasterise: () -> UnsafeMutablePointer<SDL_Surface>?) -> Entry? {
        clock &+= 1
        if let entry = entries[key] {
            entry.lastUse = clock
            return entry
        }
        guard let surface = rasterise() else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        if entries.count >= capacity { evictLeastRecentlyUsed() }
        let entry = Entry(
            texture: texture, width: Int(surface.pointee.w), height: Int(surface.pointee.h), lastUse: clock)
        entries[key] = entry
        return entry
    }

    /// Destroys all but the `count` most recently drawn textures.
    func keepMostRecent(_ count: Int) {
        guard entries.count > count else { return }
        let newest = entries.sorted { $0.value.lastUse > $1.value.lastUse }.prefix(count).map(\.key)
        let kept = Set(newest)
        for (key, entry) in entries where !kept.contains(key) {
            SDL_DestroyTexture(entry.texture)
            entries.removeValue(forKey: key)
        }
    }

    /// O(capacity), only on a miss with a full cache.
    private func evictLeastRecentlyUsed() {
        guard let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) else { return }
        SDL_DestroyTexture(oldest.value.texture)
        entries.removeValue(forKey: oldest.key)
    }
}
