import CSDL2
import Foundation
import TesseraCore

/// Turns a `DrawList` (POINTS, window coordinates) into SDL renderer calls (PIXELS).
///
/// What it implements: clear, then every command in order — rounded solid fills, rounded
/// aspect-fill photos with opacity, single-line text — each under its optional clip rect.
/// What it does not: present (the caller calls `SDL_RenderPresent`), blur, shadows.
///
/// HiDPI: every point coordinate is multiplied by `pixelsPerPoint` here, rather than using
/// `SDL_RenderSetScale`, so textures and glyphs are sampled at the output's real resolution.
/// Everything is snapped to whole pixels (`PixelRect`), which keeps the software and GPU renderers
/// pixel-identical in the body and free of seams (NOTES-rendering.md).
///
/// Per-frame cost: no Swift allocation once warm (vertex, index and rect buffers are reused;
/// photos and labels are cached), commands wholly outside the output or their clip are skipped.
public final class DrawListRenderer {
    /// The `SDL_Renderer*` everything is drawn with.
    public let renderer: OpaquePointer
    /// Decoded photos (mip chains); also answers `pixelSize(of:)` for aspect ratios.
    public let textures: TextureCache
    /// Label textures and text measurement.
    public let text: TextRenderer

    /// Renderer output pixels per window point (set by the caller: output pixels / window points;
    /// 1 on ordinary displays, 2 on most HiDPI ones).
    public var pixelsPerPoint: Double = 1 {
        didSet {
            if !(pixelsPerPoint.isFinite && pixelsPerPoint > 0) { pixelsPerPoint = 1 }
            text.pixelsPerPoint = pixelsPerPoint
        }
    }

    /// Reused geometry for corner fans (see `CornerMesh`).
    var mesh = CornerMesh()
    /// Reused rect buffer for solid fills' strips.
    var fillRects: [SDL_FRect] = []
    /// The clip rect currently set on the renderer (pixels), nil = none; avoids redundant calls.
    var currentClip: PixelRect?
    /// False until this object has set the clip itself: the caller may have left one on the renderer.
    var clipIsKnown = false
    /// The renderer's output in pixels, read once per frame, for culling.
    var output = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
    /// SDL failures already reported (one stderr line per kind, not one per frame).
    var reportedFailures = Set<String>()
    /// False once baking a `CornerAtlas` failed (no render-target support): corners are drawn directly.
    var cornerAtlasesWork = true

    /// - Parameters:
    ///   - renderer: an `SDL_Renderer*` (a window's, or `OffscreenCanvas.renderer`); it must outlive this.
    ///   - photos: where photo ids' files are.
    ///   - fonts: the fonts labels use.
    public init(renderer: OpaquePointer, photos: PhotoLibrary, fonts: FontSet) {
        SDLLibraries.initialize()
        self.renderer = renderer
        textures = TextureCache(renderer: renderer, photos: photos)
        text = TextRenderer(renderer: renderer, fonts: fonts)
        fillRects.reserveCapacity(3)
        // The software renderer truncates geometry positions to whole pixels; round them first.
        var info = SDL_RendererInfo()
        if SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name {
            mesh.snapVerticesToPixels = String(cString: name) == "software"
        }
    }

    /// Size of a photo in pixels (before the texture cache's cap), nil if it cannot be loaded.
    public func pixelSize(of id: String) -> (Int, Int)? { textures.pixelSize(of: id) }

    /// Size of one line of text in POINTS at the current `pixelsPerPoint`.
    public func measure(_ s: String, style: TextStyle) -> Size { text.measure(s, style: style) }

    /// Clears to `background` and draws every command of `list` in order. Does not present.
    /// Leaves the renderer with no clip rect.
    public func render(_ list: DrawList, background: Color) {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        output = PixelRect(x0: 0, y0: 0, x1: Int(w), y1: Int(h))

        clipIsKnown = false
        setClip(nil)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(renderer, background.r, background.g, background.b, background.a)
        check(SDL_RenderClear(renderer), "SDL_RenderClear")

        for command in list.commands {
            switch command {
            case .fill(let rect, let radius, let color, let clip):
                guard let visible = prepareClip(clip) else { continue }
                drawFill(rect, radius: radius, color: color, visible: visible)
            case .photo(let id, let frame, let radius, let opacity, let clip):
                guard let visible = prepareClip(clip) else { continue }
                drawPhoto(id, frame: frame, radius: radius, opacity: opacity, visible: visible)
            case .text(let string, let anchor, let alignment, let style, let color, let clip):
                guard prepareClip(clip) != nil else { continue }
                text.draw(string, anchor: anchor, alignment: alignment, style: style, color: color)
            }
        }
        setClip(nil)
    }

    /// Reports a failed SDL call once per `what` (one stderr line, CONTRACT.md style).
    @discardableResult
    func check(_ rc: Int32, _ what: String) -> Bool {
        guard rc != 0 else { return true }
        if !reportedFailures.contains(what) {
            reportedFailures.insert(what)
            warn("\(what) failed: \(sdlError())")
        }
        return false
    }
}
