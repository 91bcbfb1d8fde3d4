import CSDL2
import TesseraRaster

/// Photos' bodies pre-scaled to the size they are drawn at, so that a tile keeping its size (resting
/// under a damage redraw, sliding in a reflow, scrolling) is copied 1:1 instead of being scaled again
/// every frame.
///
/// Why: SDL's software renderer scales a photo strip bilinearly (`SDL_SoftStretchLinear`) for every
/// draw, and when the output's format is not the texture's (an X11 window surface is XRGB8888, photos
/// are ARGB8888) it first scales into a temporary surface it allocates and clears for that one strip
/// (`SDL_PrivateLowerBlitScaled`). A 1:1 copy is SDL's plain blit.
///
/// A body is kept in the output's own format (a window's surface format, else ARGB8888), so the copy is a
/// plain memory copy; the conversion the direct draw makes happens once, when the body is made.
///
/// Exactness: a body is the photo's three strips (`AspectFillLayout`) scaled into a target texture of the
/// destination's size with blending off, by the same `SDL_RenderCopyF` calls moved to the texture's
/// origin. The scaling depends only on the source and destination sizes, so the body holds exactly
/// the pixels a direct draw of the whole strip makes. A tile cut by its clip, the output's edge or a
/// damaged part copies the part that shows, so it shows what the whole tile has there (SDL would
/// scale a cut strip from a rounded, shifted source, `SDL_PrivateUpperBlitScaled`: the body is the
/// steadier picture).
///
/// A body is made once the photo is drawn at the same size twice in a row (a tile in flight changes
/// size every frame and keeps the direct path), and kept while its photo's textures live, up to
/// `byteCapacity` (least recently drawn first out).
final class TileBodies {
    /// What a body depends on: the photo's textures, the level it samples, the destination's size in
    /// pixels and the corner radius (which decides the strips).
    struct Key: Hashable {
        var photo: ObjectIdentifier
        var level: OpaquePointer
        var width: Int
        var height: Int
        var radius: Int
    }

    private final class Body {
        /// The textures it was scaled from; once the cache destroys them the body is stale. Held
        /// strongly: a weak reference gives the textures a side table, and every retain and release of
        /// them then takes the runtime's slow path, several times a frame for every photo drawn. What it
        /// keeps alive past its destruction is the small object, not its pixels (`destroy` frees those).
        let photo: PhotoTextures
        let texture: OpaquePointer
        let bytes: Int
        var lastUsed: Int

        init(photo: PhotoTextures, texture: OpaquePointer, bytes: Int, frame: Int) {
            self.photo = photo
            self.texture = texture
            self.bytes = bytes
            lastUsed = frame
        }

        deinit { SDL_DestroyTexture(texture) }
    }

    /// Most bytes of bodies kept; the renderer sets it from its output's size (`CacheBudget`).
    var byteCapacity: Int
    static let defaultByteCapacity = CacheBudget.bodyBytesRange.upperBound
    private let renderer: OpaquePointer
    private var bodies: [Key: Body] = [:]
    /// The size each photo was drawn at last (what decides when to make a body).
    private var lastDrawn: [ObjectIdentifier: Key] = [:]
    private var residentBytes = 0
    private var frame = 0
    /// False once making one failed (no render-target support): photos are scaled directly.
    private var works = true

    /// The pixel format bodies are made in: the output's.
    private let format: UInt32

    init(renderer: OpaquePointer, byteCapacity: Int = defaultByteCapacity) {
        self.renderer = renderer
        self.byteCapacity = byteCapacity
        format = OutputFormat.of(renderer)
    }

    /// Bodies kept now, and their bytes (for tests).
    var count: Int { bodies.count }
    var bytes: Int { residentBytes }

    /// The body of `photo` for `key`, made now if the photo was drawn at this size the frame before;
    /// nil to draw it directly. A draw that does not `count` (the photo was drawn in an earlier pass of
    /// this frame) only uses a body it has. Making one switches the render target and back: the caller
    /// sets its clip again (`madeOne`).
    func body(
        for photo: PhotoTextures, key: Key, level: MipLevel, layout: AspectFillLayout, counts: Bool = true,
        madeOne: inout Bool
    ) -> OpaquePointer? {
        if let body = bodies[key] {
            if body.photo === photo {
                body.lastUsed = frame
                return body.texture
            }
            drop(key)
        }
        guard counts else { return nil }
        defer { lastDrawn[key.photo] = key }
        guard works, lastDrawn[key.photo] == key else { return nil }
        guard let texture = make(key: key, level: level, layout: layout) else {
            works = false
            return nil
        }
        madeOne = true
        let body = Body(photo: photo, texture: texture, bytes: key.width * key.height * 4, frame: frame)
        bodies[key] = body
        residentBytes += body.bytes
        return texture
    }

    /// Ends a frame: bodies of freed photos go, and the least recently drawn beyond the capacity (never
    /// one drawn this frame).
    func endFrame() {
        // A destroyed photo's body is never drawn again (the lookup checks its owner); its memory goes
        // at the next sweep, a few times a second.
        if frame % 32 == 0 { dropFreed() }
        if lastDrawn.count > 4 * max(16, bodies.count) { lastDrawn.removeAll(keepingCapacity: true) }
        if residentBytes > byteCapacity {
            let victims = bodies.filter { $0.value.lastUsed < frame }.sorted { $0.value.lastUsed < $1.value.lastUsed }
            for (key, _) in victims {
                guard residentBytes > byteCapacity else { break }
                drop(key)
            }
        }
        frame += 1
    }

    /// Drops the bodies of destroyed photos now, not at the next sweep (a window at rest draws no frame).
    func dropFreed() {
        for (key, body) in bodies where body.photo.isDestroyed { drop(key) }
    }

    private func drop(_ key: Key) {
        guard let body = bodies.removeValue(forKey: key) else { return }
        residentBytes -= body.bytes
    }

    /// Scales the strips of `layout` from `level` into a new `key.width`×`key.height` target texture,
    /// blending off. Leaves the render target as it was; nil if the renderer cannot render to textures.
    private func make(key: Key, level: MipLevel, layout: AspectFillLayout) -> OpaquePointer? {
        guard SDL_RenderTargetSupported(renderer) == SDL_TRUE,
            let texture = SDL_CreateTexture(
                renderer, format, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(key.width), Int32(key.height))
        else { return nil }
        let previous = SDL_GetRenderTarget(renderer)
        guard SDL_SetRenderTarget(renderer, texture) == 0 else {
            SDL_DestroyTexture(texture)
            return nil
        }
        defer { SDL_SetRenderTarget(renderer, previous) }
        let dx = Float(layout.grid.xs[0])
        let dy = Float(layout.grid.ys[0])
        SDL_SetTextureBlendMode(level.texture, SDL_BLENDMODE_NONE)
        SDL_SetTextureAlphaMod(level.texture, 255)
        SDL_SetTextureColorMod(level.texture, 255, 255, 255)
        var failed = false
        layout.forEachStrip { source, destination in
            var src = SDL_Rect(x: Int32(source.x), y: Int32(source.y), w: Int32(source.w), h: Int32(source.h))
            var dst = SDL_FRect(
                x: Float(destination.x) - dx, y: Float(destination.y) - dy, w: Float(destination.w),
                h: Float(destination.h))
            if SDL_RenderCopyF(renderer, level.texture, &src, &dst) != 0 { failed = true }
        }
        guard !failed, SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE) == 0 else {
            SDL_DestroyTexture(texture)
            return nil
        }
        return texture
    }
}
