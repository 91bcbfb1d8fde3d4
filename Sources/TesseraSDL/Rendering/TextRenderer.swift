import CSDL2
import Foundation
import TesseraCore
import TesseraGeometry
import TesseraRaster

/// Draws single lines of text as textures made with `TTF_RenderUTF8_Blended` (anti-aliased, with
/// alpha), cached by (string, style, RGB) so a static label is rasterised once, not every frame.
///
/// Positions and sizes in the API are POINTS; textures are rasterised at
/// `FontSet.pixelSize(of:pixelsPerPoint:)` PIXELS and blitted 1:1 at whole-pixel positions, so text
/// stays crisp on HiDPI. Opacity is the texture's alpha mod, not part of the key, so fading a label
/// does not re-rasterise it every frame.
package final class TextRenderer {
    private let renderer: OpaquePointer
    package let fonts: FontSet
    /// Most textures kept; the least recently drawn is dropped beyond it (a screen holds far fewer labels).
    package var capacity: Int { textures.capacity }

    /// Pixels per point of the output; changing it drops the cache (every glyph size changes).
    var pixelsPerPoint: Double = 1 {
        didSet { if pixelsPerPoint != oldValue { removeAll() } }
    }

    private let textures: TextTextureCache<TextRun>
    private var reportedFailure = false

    /// - Parameters:
    ///   - renderer: the `SDL_Renderer*` to draw with (must outlive this object).
    ///   - capacity: most cached label textures (at least 8).
    package init(renderer: OpaquePointer, fonts: FontSet, capacity: Int = 256) {
        self.renderer = renderer
        self.fonts = fonts
        textures = TextTextureCache(renderer: renderer, capacity: max(8, capacity))
    }

    /// Number of cached textures (for tests and diagnostics).
    var cachedCount: Int { textures.count }

    func removeAll() { textures.removeAll() }

    /// Size of `s` in `style`, in POINTS: advance width of the whole line × the font's line height.
    package func measure(_ s: String, style: TextStyle) -> Size {
        let px = FontSet.pixelSize(of: style, pixelsPerPoint: pixelsPerPoint)
        guard let font = fonts.font(for: s, style: style, pixelSize: px) else { return .zero }
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
    /// `color.a` is applied as opacity. Uses whatever clip rect the renderer has. Returns the pixels
    /// the line covers, nil when it draws nothing.
    @discardableResult
    package func draw(
        _ s: String, anchor: Point, alignment: TextAlignment, style: TextStyle, color: Color
    ) -> PixelRect? {
        guard !s.isEmpty, color.a > 0, let entry = texture(for: s, style: style, color: color) else { return nil }
        let ax = anchor.x * pixelsPerPoint
        let left: Double
        switch alignment {
        case .leading: left = ax
        case .center: left = ax - Double(entry.width) / 2
        case .trailing: left = ax - Double(entry.width)
        }
        let top = anchor.y * pixelsPerPoint - Double(entry.height) / 2
        // Whole-pixel position: a 1:1 blit of the glyph bitmap, never resampled, so it stays crisp.
        let x = PixelRect.round(left)
        let y = PixelRect.round(top)
        var dst = SDL_FRect(x: Float(x), y: Float(y), w: Float(entry.width), h: Float(entry.height))
        SDL_SetTextureAlphaMod(entry.texture, color.a)
        if SDL_RenderCopyF(renderer, entry.texture, nil, &dst) != 0, !reportedFailure {
            reportedFailure = true
            warn("SDL_RenderCopyF failed for text: \(sdlError())")
        }
        return PixelRect(x0: x, y0: y, x1: x + entry.width, y1: y + entry.height)
    }

    private func texture(for s: String, style: TextStyle, color: Color) -> TextTextureCache<TextRun>.Entry? {
        let run = TextRun(s, style: style, color: color)
        return textures.texture(for: run) {
            let px = FontSet.pixelSize(of: style, pixelsPerPoint: pixelsPerPoint)
            // The style's face, or a fallback face for characters it lacks (FontFallback); SDL_ttf shapes
            // the line with HarfBuzz.
            guard let font = fonts.font(for: s, style: style, pixelSize: px) else { return nil }
            return TTF_RenderUTF8_Blended(font, s, run.opaqueColor)  // zero-width text → nil
        }
    }
}
