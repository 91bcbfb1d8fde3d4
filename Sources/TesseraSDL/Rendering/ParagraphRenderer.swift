import CSDL2
import Foundation
import TesseraCore

/// Draws wrapped paragraphs: `TTF_RenderUTF8_Blended_Wrapped` breaks the text at word boundaries to fit
/// a width in PIXELS (SDL_ttf measures every glyph, so Core needs no text metrics), left-aligned, one
/// texture per paragraph, cached by (text, style, RGB, wrap width).
///
/// Why a cache: a detail view's paragraph fades in over a few dozen frames; wrapping and rasterising it
/// each frame would cost milliseconds. Opacity is the texture's alpha mod, not part of the key. The
/// least recently drawn entry goes beyond `capacity`.
final class ParagraphRenderer {
    private let renderer: OpaquePointer
    private let fonts: FontSet
    let capacity = 16
    var pixelsPerPoint: Double = 1 {
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
        var wrap: Int
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

    init(renderer: OpaquePointer, fonts: FontSet) {
        self.renderer = renderer
        self.fonts = fonts
    }

    deinit { removeAll() }

    var cachedCount: Int { cache.count }

    func removeAll() {
        for entry in cache.values { SDL_DestroyTexture(entry.texture) }
        cache.removeAll(keepingCapacity: true)
    }

    /// Draws `text` wrapped to `frame`'s width (POINTS), its first line at the frame's top-left, whole
    /// pixels. Uses whatever clip the renderer has; `color.a` is the opacity.
    func draw(_ text: String, frame: Rect, style: TextStyle, color: Color) {
        let wrap = Int((frame.width * pixelsPerPoint).rounded(.down))
        guard !text.isEmpty, color.a > 0, wrap > 0, let entry = texture(text, style: style, color: color, wrap: wrap)
        else { return }
        var dst = SDL_Rect(
            x: Int32(PixelRect.round(frame.minX * pixelsPerPoint)),
            y: Int32(PixelRect.round(frame.minY * pixelsPerPoint)),
            w: Int32(entry.width), h: Int32(entry.height))
        SDL_SetTextureAlphaMod(entry.texture, color.a)
        if SDL_RenderCopy(renderer, entry.texture, nil, &dst) != 0 { warnOnce("SDL_RenderCopy failed for a paragraph") }
    }

    private var warned = false
    private func warnOnce(_ message: String) {
        guard !warned else { return }
        warned = true
        warn("\(message): \(sdlError())")
    }

    private func texture(_ text: String, style: TextStyle, color: Color, wrap: Int) -> Entry? {
        clock &+= 1
        let key = Key(text: text, style: style, r: color.r, g: color.g, b: color.b, wrap: wrap)
        if let entry = cache[key] {
            entry.lastUse = clock
            return entry
        }
        let px = FontSet.pixelSize(of: style, pixelsPerPoint: pixelsPerPoint)
        guard let font = fonts.font(weight: style.weight, pixelSize: px) else { return nil }
        let fg = SDL_Color(r: color.r, g: color.g, b: color.b, a: 255)
        guard let surface = TTF_RenderUTF8_Blended_Wrapped(font, text, fg, UInt32(wrap)) else {
            warnOnce("TTF_RenderUTF8_Blended_Wrapped failed")
            return nil
        }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        if cache.count >= capacity, let oldest = cache.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            SDL_DestroyTexture(oldest.value.texture)
            cache.removeValue(forKey: oldest.key)
        }
        let entry = Entry(
            texture: texture, width: Int(surface.pointee.w), height: Int(surface.pointee.h), lastUse: clock)
        cache[key] = entry
        return entry
    }
}
