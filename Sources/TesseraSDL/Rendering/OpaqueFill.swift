import CSDL2
import TesseraGeometry
import TesseraRaster

/// Opaque rectangles in the software renderer: written straight into the frame's pixels when frames go
/// to a surface this can see (a window's, a presenter's) by the rasteriser's `SolidFill` (TesseraRaster),
/// with SDL's own fill (`SDL_FillRect`, non-temporal stores) for the columns of whole cache lines; else,
/// in a render target or an offscreen canvas, the whole lines by SDL's fill and the rest by stretching a
/// one-texel texture of their colour (nearest sampling, no blending). Why the cut at cache lines, and
/// why `wideRow`: `SolidFill`, and BENCHMARKS.md#fills-and-non-temporal-stores. GPU renderers keep
/// their own fill.
///
/// Straight into the frame: a damaged picker frame fills a dozen gaps and edges, each through the
/// renderer's queue (an `SDL_RenderCopyF` or `SDL_RenderFillRectsF` and its command, clip and blit
/// set-up) for a few hundred pixels; writing those rows in place, and calling `SDL_FillRect` on the
/// surface for the whole lines, does the same stores without it
/// (BENCHMARKS.md#the-floor-of-a-picker-frame). What the renderer has queued is flushed first, so
/// the order of drawing holds.
///
/// Every rectangle must lie inside the renderer's clip rect: SDL clips a scaled copy by moving its
/// source rect, and a one-texel source can round to nothing; the stores in place are cut by nothing.
final class OpaqueFill {
    /// Most colours kept; past it the textures are made again (a scene uses a handful).
    static let capacity = 32
    /// Rows at least this wide (pixels) are filled by SDL.
    static let wideRow = SolidFill.wideRow

    private let renderer: OpaquePointer
    /// The surface frames are drawn into when a presenter made the renderer on one of its own (SDL
    /// cannot be asked for it); nil for a window's own surface, which SDL gives.
    private let output: UnsafeMutablePointer<SDL_Surface>?
    /// The output's format, so a copy goes straight into the frame (`OutputFormat`).
    private let format: UInt32
    private var texels: [Color: OpaquePointer] = [:]

    /// nil for a renderer that is not SDL's software one.
    init?(renderer: OpaquePointer, output: UnsafeMutablePointer<SDL_Surface>? = nil) {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0 else {
            return nil
        }
        self.renderer = renderer
        self.output = output
        format = OutputFormat.of(renderer)
    }

    deinit { for texture in texels.values { SDL_DestroyTexture(texture) } }

    /// Fills `rects` (whole pixels) with the opaque `color` (its alpha is ignored); leaves the draw
    /// colour and blend mode set. False when SDL failed.
    func fill(_ rects: UnsafeBufferPointer<SDL_FRect>, color: Color) -> Bool {
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, 255)
        if let frame = frameInPlace() { return fill(rects, color: color, in: frame) }
        var ok = true
        var source = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
        let onLines = targetRowsStartOnLines()
        func stretch(_ rect: SDL_FRect) {
            var rect = rect
            if let texel = texel(of: color) {
                ok = SDL_RenderCopyF(renderer, texel, &source, &rect) == 0 && ok
            } else {
                ok = false
            }
        }
        for var rect in rects where rect.w > 0 && rect.h > 0 {
            if rect.w >= Float(Self.wideRow) {
                ok = SDL_RenderFillRectsF(renderer, &rect, 1) == 0 && ok
            } else if onLines, let cut = Self.lines(of: rect) {
                var lines = cut.lines
                ok = SDL_RenderFillRectsF(renderer, &lines, 1) == 0 && ok
                if let left = cut.left { stretch(left) }
                if let right = cut.right { stretch(right) }
            } else {
                stretch(rect)
            }
        }
        return ok
    }

    /// The same, written into `frame`'s pixels (`SolidFill`): SDL's fill for whole lines, ordinary
    /// stores for the rest.
    private func fill(
        _ rects: UnsafeBufferPointer<SDL_FRect>, color: Color, in frame: UnsafeMutablePointer<SDL_Surface>
    )
        -> Bool
    {
        // What the renderer has queued lands first.
        guard SDL_RenderFlush(renderer) == 0, let canvas = PixelCanvas(surface: frame) else { return false }
        let pixel = SDL_MapRGBA(frame.pointee.format, color.r, color.g, color.b, 255)
        let onLines = canvas.rowsStartOnCacheLines
        // The renderer sets the surface's clip before each command it runs: SDL's fill must not be cut
        // by the last one's.
        SDL_SetClipRect(frame, nil)
        var ok = true
        for rect in rects where rect.w > 0 && rect.h > 0 {
            // A rectangle (whole pixels) as the frame's pixels it covers.
            let pixels = PixelRect(
                x0: Int(rect.x), y0: Int(rect.y), x1: Int(rect.x + rect.w), y1: Int(rect.y + rect.h))
            SolidFill.fill(pixels, with: pixel, on: canvas, onLines: onLines) { lines in
                var r = lines.sdlRect
                ok = SDL_FillRect(frame, &r, pixel) == 0 && ok
            }
        }
        return ok
    }

    /// `rect` (whole pixels) cut where cache lines begin and end (`SolidFill.lines(of:)`).
    static func lines(of rect: SDL_FRect) -> (lines: SDL_FRect, left: SDL_FRect?, right: SDL_FRect?)? {
        let x0 = Int(rect.x)
        let y0 = Int(rect.y)
        let pixels = PixelRect(x0: x0, y0: y0, x1: x0 + Int(rect.w), y1: y0 + Int(rect.h))
        guard let cut = SolidFill.lines(of: pixels) else { return nil }
        return (cut.lines.sdlFRect, cut.left?.sdlFRect, cut.right?.sdlFRect)
    }

    /// True when frames go to a window's pixels, 4 bytes each, whose every row starts on a cache line
    /// (an X11 shared-memory image is page-aligned; rows of a multiple of 16 pixels keep that).
    func targetRowsStartOnLines() -> Bool {
        guard SDL_GetRenderTarget(renderer) == nil, let surface = frameSurface() else { return false }
        return Self.rowsStartOnLines(surface)
    }

    private static func rowsStartOnLines(_ surface: UnsafeMutablePointer<SDL_Surface>) -> Bool {
        PixelCanvas(surface: surface)?.rowsStartOnCacheLines ?? false
    }

    /// The surface frames go to: the presenter's, else the window's (nil for an offscreen canvas).
    private func frameSurface() -> UnsafeMutablePointer<SDL_Surface>? {
        output ?? SDL_RenderGetWindow(renderer).flatMap { SDL_GetWindowSurface($0) }
    }

    /// The frame's surface when drawing goes straight to it and its pixels can be written in place:
    /// no render target, 4 bytes a pixel, not RLE-encoded (which must be locked), and no viewport
    /// moving the renderer's coordinates off the surface's. (`DirectScale` writes photos there too.)
    func frameInPlace() -> UnsafeMutablePointer<SDL_Surface>? {
        guard SDL_GetRenderTarget(renderer) == nil, let surface = frameSurface(), surface.pointee.pixels != nil,
            surface.pointee.format?.pointee.BytesPerPixel == 4, surface.pointee.flags & UInt32(SDL_RLEACCEL) == 0
        else { return nil }
        var viewport = SDL_Rect()
        SDL_RenderGetViewport(renderer, &viewport)
        return viewport.x == 0 && viewport.y == 0 ? surface : nil
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
