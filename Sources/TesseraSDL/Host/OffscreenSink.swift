import CSDL2
import TesseraCore
import TesseraGeometry
import TesseraPhotos

/// Headless frames (`--headless`): the software renderer drawing into an offscreen surface, `scale`
/// pixels per point (1 unless `--scale` says), so a script gives the same pixels on every machine. A
/// resize makes a new canvas.
package final class OffscreenSink: FrameSink {
    private var photos: PhotoLibrary
    private let thumbnails: ThumbnailStore?
    /// Counters of the caches of earlier canvases (a resize starts a new one).
    private var earlierStatistics = PhotoStatistics()
    private let fonts: FontSet
    /// Text widths in these fonts at this canvas's scale.
    package let textMeasure: TextMeasure
    private let background: Color
    private var canvas: OffscreenCanvas?
    private var renderer: DrawListRenderer?
    private var canvasSize = Size.zero
    private var drawsAsTheyDecode = false
    /// Pixels per point.
    private let scale: Double

    /// - Parameters:
    ///   - scale: pixels per point (`--scale`); screenshots are the window's size times this.
    ///   - thumbnails: the shared thumbnail cache, nil to neither read nor write it.
    package init(photos: PhotoLibrary, background: Color, scale: Double = 1, thumbnails: ThumbnailStore? = nil) throws {
        SDLLibraries.initialize()
        self.scale = scale
        self.photos = photos
        self.thumbnails = thumbnails
        self.background = background
        fonts = try FontSet()
        textMeasure = FontMeasure(fonts: fonts, pixelsPerPoint: scale).measure
    }

    /// Textures belong to the canvas's SDL renderer, which frees them itself when destroyed: the
    /// drawing side (its caches) must go first, or its deinit would free them a second time.
    deinit {
        renderer = nil
        canvas = nil
    }

    package func render(_ list: inout DrawList, window: Size) {
        if canvas == nil || window != canvasSize {
            canvasSize = window
            // Decoded photos and text textures belong to a renderer: a new canvas starts a new cache.
            // The old cache goes first, while its SDL renderer still exists to free its textures.
            if let old = renderer?.textures.statistics { earlierStatistics.add(old) }
            renderer = nil
            // Never past `CanvasLimit` (the run clamps its window to it; this is the last guard).
            let side = CanvasLimit.maxSide
            canvas = try? OffscreenCanvas(
                width: min(side, Int((window.width * scale).rounded())),
                height: min(side, Int((window.height * scale).rounded())))
            renderer = canvas.map {
                DrawListRenderer(
                    renderer: $0.renderer, photos: photos, fonts: fonts, thumbnails: thumbnails, output: $0.surface)
            }
            renderer?.pixelsPerPoint = scale
            if drawsAsTheyDecode { renderer?.textures.waitsForPhotos = false }
        }
        renderer?.render(list, background: background)
    }

    /// Finishes drawing into the canvas (SDL may queue renderer calls until a flush).
    package func present() {
        if let canvas { SDL_RenderFlush(canvas.renderer) }
    }

    package var rendererName: String { "software" }

    /// Draws photos as they decode (placeholders meanwhile) instead of waiting for them, as a window
    /// does: for benchmarks of interactive behaviour. Headless runs keep waiting (deterministic).
    package func drawPhotosAsTheyDecode() {
        drawsAsTheyDecode = true
        renderer?.textures.waitsForPhotos = false
    }

    /// True when the last frame drew photo `id` from its decoded pixels (not a placeholder).
    package func hasDecoded(_ id: PhotoID) -> Bool { renderer?.textures.isLoaded(id) ?? false }

    package var needsRedraw: Bool { renderer?.textures.drewLoadingTile ?? false }

    package func takeIn(_ changes: PhotoChanges) {
        photos.apply(changes)
        renderer?.textures.takeIn(changes)
    }

    package var photoStatistics: PhotoStatistics? {
        var total = earlierStatistics
        if let current = renderer?.textures.statistics { total.add(current) }
        return total
    }

    package func saveScreenshot(to path: String) throws {
        guard let canvas else { throw HostError("no frame rendered yet for \(path)", exitCode: 1) }
        try canvas.savePNG(to: path)
    }
}
