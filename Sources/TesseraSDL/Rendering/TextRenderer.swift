import CSDL2
import Foundation
import TesseraCore

/// Draws single lines of text as textures made with `TTF_RenderUTF8_Blended` (anti-aliased, with
/// alpha), cached by (string, style, RGB) so a static label is rasterised once, not every frame.
///
/// Positions and sizes in the API are POINTS; textures are rasterised at
/// `FontSet.pixelSize(of:pixelsPerPoint:)` PIXELS and blitted 1:1 at whole-pixel positions, so text
/// stays crisp on HiDPI. Opacity is the texture's alpha mod, not part of the key, so fading a label
/// does not re-rasterise it every frame.
public final class TextRenderer {
    private let renderer: OpaquePointer
    public let fonts: FontSet
    /// Most textures kept; the least recently drawn is dropped beyond it (a screen holds far fewer labels).
    public let capacity: Int

    /// Pixels per point of the output; changing it drops the cache (every glyph size changes).
    public var pixelsPerPoint: Double = 1 {
        didSet {
            if pixelsPerPoint != oldValue { removeAll() }
        }
    }

    private struct Key: Hashable {
        var text: String
        var style: TextStyle
        var r: UInt8
        var g: UInt8
        var b: UInt8
    }

    private final class Entry {
        let texture: OpaquePointer
        let width: Int
        let height: Int
        var lastUse: UInt64
        init(texture: OpaquePointer, width: Int, height: Int, lastUse: UInt64) {
            self.texture = texture
            self.width = width
            self.height = height
            self.lastUse = lastUse
        }
    }

    private var cache: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    private var reportedFailure = false

    /// - Parameters:
    ///   - renderer: the `SDL_Renderer*` to draw with (must outlive this object).
    ///   - capacity: most cached label textures (at least 8).
    public init(renderer: OpaquePointer, fonts: FontSet, capacity: Int = 256) {
        self.renderer = renderer
        self.fonts = fonts
        self.capacity = max(8, capacity)
        cache.reserveCapacity(self.capacity + 1)
    }

    deinit { removeAll() }

    /// Number of cached textures (for tests and diagnostics).
    public var cachedCount: Int { cache.count }

    public func removeAll() {
        for entry in cache.values { SDL_DestroyTexture(entry.texture) }
        cache.removeAll(keepingCapacity: true)
    }

    /// Size of `s` in `style`, in POINTS: advance width of the whole line × the font's line height.
    public func measure(_ s: String, style: TextStyle) -> Size {
        let px = FontSet.pixelSize(of: style, pixelsPerPoint: pixelsPerPoint)
        guard let font = fonts.font(weight: style.weight, pixelSize: px) else { return .zero }
        var w: Int32 = 0
        var h: Int32 = 0
        if s.isEmpty {
            h = TTF_FontHeight(font)
        } else if TTF_SizeUTF8(font, s, &w, &h) != 0 {
            return .zero
        }
        return Size(Double(w) / pixelsPerPoint, Double(h) / pixelsPerPoint)
    }

    /// Draws `s` with `alignment` about `anchor` (POINTS): leading = starts at anchor.x, center =
    /// centred on it, trailing = ends at it; the line box is centred vertically on anchor.y.
    /// `color.a` is applied as opacity. Uses whatever clip rect the renderer has.
    public func draw(_ s: String, anchor: Point, alignment: TextAlignment, style: TextStyle, color: Color) {
        guard !s.isEmpty, color.a > 0, let entry = texture(for: s, style: style, color: color) else { return }
        let ax = anchor.x * pixelsPerPoint
        let left: Double
        switch alignment {
        case .leading: left = ax
        case .center: left = ax - Double(entry.width) / 2
        case .trailing: left = ax - Double(entry.width)
        }
        let top = anchor.y * pixelsPerPoint - Double(entry.height) / 2
        // Whole-pixel position: a 1:1 blit of the glyph bitmap, never resampled, so it stays crisp.
        var dst = SDL_FRect(
            x: Float(PixelRect.round(left)), y: Float(PixelRect.round(top)), w: Float(entry.width), h: Float(entry.height))
        SDL_SetTextureAlphaMod(entry.texture, color.a)
        if SDL_RenderCopyF(renderer, entry.texture, nil, &dst) != 0, !reportedFailure {
            reportedFailure = true
            warn("SDL_RenderCopyF failed for text: \(sdlError())")
        }
    }

    private func texture(for s: String, style: TextStyle, color: Color) -> Entry? {
        clock &+= 1
        let key = Key(text: s, style: style, r: color.r, g: color.g, b: color.b)
        if let entry = cache[key] {
            entry.lastUse = clock
            return entry
        }
        let px = FontSet.pixelSize(of: style, pixelsPerPoint: pixelsPerPoint)
        guard let font = fonts.font(weight: style.weight, pixelSize: px) else { return nil }
        // Rendered opaque; the label's alpha is applied per draw via the texture's alpha mod.
        let fg = SDL_Color(r: color.r, g: color.g, b: color.b, a: 255)
        guard let surface = TTF_RenderUTF8_Blended(font, s, fg) else { return nil }  // zero-width text → nil
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        if cache.count >= capacity { evictLeastRecentlyUsed() }
        let entry = Entry(texture: texture, width: Int(surface.pointee.w), height: Int(surface.pointee.h), lastUse: clock)
        cache[key] = entry
        return entry
    }

    /// O(capacity), only on a miss with a full cache.
    private func evictLeastRecentlyUsed() {
        guard let oldest = cache.min(by: { $0.value.lastUse < $1.value.lastUse }) else { return }
        SDL_DestroyTexture(oldest.value.texture)
        cache.removeValue(forKey: oldest.key)
    }
}
