import CSDL2
import Foundation
import TesseraCore
import TesseraGeometry
import TesseraRaster

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
    var capacity: Int { textures.capacity }
    var pixelsPerPoint: Double = 1 {
        didSet { if pixelsPerPoint != oldValue { removeAll() } }
    }

    /// A run's texture differs per wrap width (PIXELS): the line breaks move.
    private struct Key: Hashable {
        var run: TextRun
        var wrap: Int
    }

    private let textures: TextTextureCache<Key>

    init(renderer: OpaquePointer, fonts: FontSet) {
        self.renderer = renderer
        self.fonts = fonts
        textures = TextTextureCache(renderer: renderer, capacity: 16)
    }

    var cachedCount: Int { textures.count }

    func removeAll() { textures.removeAll() }

    /// Keeps only the paragraph drawn last (the one a detail view shows, if it is open): each is a
    /// texture of a few hundred KB, and one is on screen at a time.
    func releaseAllButTheLast() { textures.keepMostRecent(1) }

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

    private func texture(_ text: String, style: TextStyle, color: Color, wrap: Int) -> TextTextureCache<Key>.Entry? {
        let run = TextRun(text, style: style, color: color)
        return textures.texture(for: Key(run: run, wrap: wrap)) {
            let px = FontSet.pixelSize(of: style, pixelsPerPoint: pixelsPerPoint)
            guard let font = fonts.font(for: text, style: style, pixelSize: px) else { return nil }
            guard let surface = TTF_RenderUTF8_Blended_Wrapped(font, text, run.opaqueColor, UInt32(wrap)) else {
                warnOnce("TTF_RenderUTF8_Blended_Wrapped failed")
                return nil
            }
            return surface
        }
    }
}
