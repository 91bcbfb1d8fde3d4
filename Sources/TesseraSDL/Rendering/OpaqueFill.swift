import CSDL2
import TesseraGeometry

/// Opaque rectangles in the software renderer: narrow ones drawn by stretching a one-texel texture
/// of their colour over them (nearest sampling, no blending), wide ones by SDL's own fill.
///
/// Why: SDL's software fill (`SDL_FillRect`) writes rows with non-temporal stores from the first
/// 16-byte boundary and ordinary stores for the pixels left at the row's end. A row that does not end
/// on a cache line mixes the two in its last line, which on the bench's machine costs about 0.6 µs a
/// row: 120×130 pixels fill at 5.7 ns a pixel, 300×200 at 2.3, where the stretched texel
/// (`SDL_SoftStretch`, ordinary stores) takes about 1.0 at any size. Past about 800 pixels a row the
/// streaming stores win (1024×768 at 0.24 ns, 1366×768 at 0.64), so rows from `wideRow` on keep SDL's
/// fill (BENCHMARKS.md#fills-and-non-temporal-stores). GPU renderers keep their own fill.
///
/// Every rectangle must lie inside the renderer's clip rect: SDL clips a scaled copy by moving its
/// source rect, and a one-texel source can round to nothing.
final class OpaqueFill {
    /// Most colours kept; past it the textures are made again (a scene uses a handful).
    static let capacity = 32
    /// Rows at least this wide (pixels) are filled by SDL.
    static let wideRow = 768

    private let renderer: OpaquePointer
    /// The output's format, so a copy goes straight into the frame (`OutputFormat`).
    private let format: UInt32
    private var texels: [Color: OpaquePointer] = [:]

    /// nil for a renderer that is not SDL's software one.
    init?(renderer: OpaquePointer) {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0 else {
            return nil
        }
        self.renderer = renderer
        format = OutputFormat.of(renderer)
    }

    deinit { for texture in texels.values { SDL_DestroyTexture(texture) } }

    /// Fills `rects` (whole pixels) with the opaque `color` (its alpha is ignored); leaves the draw
    /// colour and blend mode set. False when SDL failed.
    func fill(_ rects: UnsafeBufferPointer<SDL_FRect>, color: Color) -> Bool {
        var ok = true
        var source = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, 255)
        for var rect in rects where rect.w > 0 && rect.h > 0 {
            if rect.w >= Float(Self.wideRow) {
                ok = SDL_RenderFillRectsF(renderer, &rect, 1) == 0 && ok
            } else if let texel = texel(of: color) {
                ok = SDL_RenderCopyF(renderer, texel, &source, &rect) == 0 && ok
            } else {
                ok = false
            }
        }
        return ok
    }

    private func texel(of color: Color) -> OpaquePointer? {
        let key = Color(color.r, color.g, color.b)
        if let texture = texels[key] { return texture }
        if texels.count >= Self.capacity {
            for texture in texels.values { SDL_DestroyTexture(texture) }
            texels.removeAll()
        }
        guard let pixelFormat = SDL_AllocFormat(format) else { return nil }
        defer { SDL_FreeFormat(pixelFormat) }
        var pixel = SDL_MapRGBA(pixelFormat, key.r, key.g, key.b, 255)
        guard
            let texture = SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), 1, 1)
        else { return nil }
        guard SDL_UpdateTexture(texture, nil, &pixel, 4) == 0,
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE) == 0,
            SDL_SetTextureScaleMode(texture, SDL_ScaleModeNearest) == 0
        else {
            SDL_DestroyTexture(texture)
            return nil
        }
        texels[key] = texture
        return texture
    }
}
