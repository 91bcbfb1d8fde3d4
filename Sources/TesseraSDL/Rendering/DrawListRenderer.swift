import CSDL2
import Foundation
import TesseraCore
import TesseraGeometry
import TesseraPhotos
import TesseraRaster

/// Turns a `DrawList` (POINTS, window coordinates) into SDL renderer calls (PIXELS).
///
/// What it implements: clear, then every command in order — rounded solid fills, rounded
/// aspect-fill photos with opacity, single-line text, soft shadows (`ShadowTextures`), a backdrop
/// blur of everything drawn so far (`BackdropBlur`), wrapped paragraphs (`ParagraphRenderer`) and an
/// "×" — each under its optional clip rect. Before a backdrop, drawing may go to a render target
/// (`BackdropBlur`); the output is current again from the backdrop on, and when `render` returns.
/// What it does not: present (the caller calls `SDL_RenderPresent`). In SDL's software renderer the
/// pixels it writes itself — opaque fills, corners cut out, photos scaled into the frame — are
/// TesseraRaster's (`SolidFill`, `CornerSquares`, `BilinearScale`), through `OpaqueFill`, `CornerCutout`
/// and `DirectScale`.
///
/// HiDPI: every point coordinate is multiplied by `pixelsPerPoint` here, rather than using
/// `SDL_RenderSetScale`, so textures and glyphs are sampled at the output's real resolution.
/// Everything is snapped to whole pixels (`PixelRect`), which keeps the software and GPU renderers
/// pixel-identical in the body and free of seams (docs/BEHAVIOUR.md#integer-source-rectangles-and-seams).
///
/// Per-frame cost: no Swift allocation once warm (vertex, index and rect buffers are reused;
/// photos and labels are cached), commands wholly outside the output or their clip are skipped.
package final class DrawListRenderer {
    /// The `SDL_Renderer*` everything is drawn with.
    package let renderer: OpaquePointer
    /// Decoded photos (mip chains); also answers `pixelSize(of:)` for aspect ratios.
    let textures: TextureCache
    /// Label textures and text measurement.
    package let text: TextRenderer

    /// Renderer output pixels per window point (set by the caller: output pixels / window points;
    /// 1 on ordinary displays, 2 on most HiDPI ones).
    var pixelsPerPoint: Double = 1 {
        didSet {
            if !(pixelsPerPoint.isFinite && pixelsPerPoint > 0) { pixelsPerPoint = 1 }
            text.pixelsPerPoint = pixelsPerPoint
            paragraphs.pixelsPerPoint = pixelsPerPoint
            drawnTexts.removeAll()
        }
    }

    /// The size in pixels frames are drawn at, when not the whole of the renderer's target (a canvas
    /// kept at the display's size for a smaller window); nil for the target's size.
    var outputSize: (width: Int, height: Int)?

    /// Reused geometry for corner fans (see `CornerMesh`).
    var mesh = CornerMesh()
    /// Reused rect buffer for solid fills' strips.
    var fillRects: [SDL_FRect] = []
    /// Opaque fills and corners without triangles in the software renderer (nil elsewhere).
    let opaqueFill: OpaqueFill?
    let cornerCutout: CornerCutout?
    /// A damaged part's background, less the opaque photos over it (reused).
    var backgroundFill = BackgroundFill()
    private var backgroundRects: [SDL_FRect] = []
    /// Reused geometry for the "×" strokes.
    var crossVertices: [SDL_Vertex] = []
    var crossIndices: [Int32] = []
    /// The frosted backdrop's render targets.
    let backdrop: BackdropBlur
    /// Shadow nine-slice textures.
    let shadows: ShadowTextures
    /// Wrapped paragraph textures.
    let paragraphs: ParagraphRenderer
    /// The clip rect currently set on the renderer (pixels), nil = none; avoids redundant calls.
    var currentClip: PixelRect?
    /// False until this object has set the clip itself: the caller may have left one on the renderer.
    var clipIsKnown = false
    /// What this frame may touch, in pixels: the renderer's output, or the damaged part of it. Read
    /// once per frame, for culling and clipping.
    var output = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
    /// True while a frame redraws only its damage: no command may draw outside `output`.
    var drawsDamageOnly = false
    /// The whole of the renderer's output this frame, damaged or not (pixels).
    var fullOutput = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
    /// The whole of the current target (pixels): `fullOutput`, or more for a canvas larger than it.
    var targetBounds = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
    /// Photos' bodies scaled to their drawn size (`TileBodies`).
    let bodies: TileBodies
    /// Photos drawn far larger than the target, scaled where they show (`VisiblePartScaler`); nil
    /// outside the software renderer, whose scaled copies need no temporary surface.
    let visibleParts: VisiblePartScaler?
    /// The damaged parts of this frame (pixels), drawn one pass each; empty for a whole frame.
    private var damageParts: [PixelRect] = []
    /// Photos drawn in an earlier pass of this frame, and in this pass: a later part draws them without
    /// counting them as drawn again (reused: no allocation per frame once warm).
    var drawnInEarlierPasses = Set<ObjectIdentifier>()
    var drawnInThisPass = Set<ObjectIdentifier>()
    /// More than one pass this frame: photos drawn are noted in the sets above.
    var notesPasses = false
    /// SDL failures already reported (one stderr line per kind, not one per frame).
    var reportedFailures = Set<String>()
    /// The loading tile's shade this frame (0…255), from the list: the core steps the pulse.
    var loadingShade: UInt8 = 255
    /// The photos the last frame's list places on the output, damaged or not, and those of the next
    /// screenful, each with the long side it needs in pixels (reused: no allocation per frame once warm).
    private var framePhotos: [(id: PhotoID, side: Int)] = []
    private var aheadPhotos: [(id: PhotoID, side: Int)] = []
    /// Each photo command's side as an earlier frame worked it out, by command index: most commands
    /// draw the same photo at the same size frame after frame, and `TextureCache.side(for:)` looks the
    /// photo's size up by its id. The photo's size is kept too, so a command whose photo changes size
    /// on screen (a flight) works its side out without the look-up (kept from frame to frame; an entry
    /// is used only where it matches).
    private var commandSides: [CommandSide?] = []
    private struct CommandSide {
        let id: PhotoID
        /// The photo's size in pixels (`PhotoLibrary.pixelSize(of:)`).
        let photoSize: Size?
        let width: Int
        let height: Int
        /// `TextureCache.sidesGeneration` when it was worked out.
        let generation: Int
        let side: Int
    }
    /// The textures each photo command of the frame draws with, looked up once a frame: the
    /// opaque-cover pass and the draw both need them, in every damaged part. By command index, the
    /// place in `lookedUpTextures` (-1: not looked up): a frame starts by setting integers, not by
    /// releasing a reference for every command of the list (reused).
    private var commandTextureSlots: [Int32] = []
    private var lookedUpTextures: [PhotoTextures] = []
    /// The pixels each photo, fill and known text command of the frame draws into (its frame, snapped
    /// as drawn; nil for the other kinds): a pass skips one outside its part without copying it out of
    /// the list.
    private var commandPixels: [PixelRect?] = []
    /// Each command's entry in `framePhotos`, nil for one that is not a photo on the output.
    private var commandPhotos: [(id: PhotoID, side: Int)?] = []
    /// The last frame's commands and what its set-up found for each (`commandPixels`, `commandPhotos`):
    /// a command with the same bytes at the same index (`DrawCommand.sameBytes`), most of a frame's, is
    /// set up as it was, without placing its frame in pixels or binding its photo's id again. Used only
    /// while the scale, the output and the photos' sides are those it was found with; texts, whose
    /// pixels are known only once drawn (`drawnTexts`), are set up every frame.
    private var setUp = SetUp()
    private struct SetUp {
        var commands: [DrawCommand] = []
        var pixels: [PixelRect?] = []
        var photos: [(id: PhotoID, side: Int)?] = []
        var pixelsPerPoint = 0.0
        var output = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        var sidesGeneration = -1
    }
    /// Where each text command drew when last drawn, by command index: a label outside the damage is
    /// skipped without its texture being looked up by its string (kept from frame to frame; an entry is
    /// used only where the command is the same, and dropped when `pixelsPerPoint` changes).
    private var drawnTexts: [DrawnText?] = []
    private struct DrawnText {
        let command: DrawCommand
        let pixels: PixelRect
    }
    /// False once baking a `CornerAtlas` failed (no render-target support): corners are drawn directly.
    var cornerAtlasesWork = true
    /// The caches' budget in force, from the output's size (`CacheBudget`); a `bodyBytes` given at init
    /// stays as given.
    private var budget: CacheBudget?
    private let fixedBodyBytes: Bool

    /// - Parameters:
    ///   - renderer: an `SDL_Renderer*` (a window's, or `OffscreenCanvas.renderer`); it must outlive this.
    ///   - photos: where photo ids' files are.
    ///   - fonts: the fonts labels use.
    ///   - thumbnails: the shared thumbnail cache, nil to neither read nor write it.
    ///   - bodyBytes: most bytes of photos' bodies kept scaled to their drawn size (`TileBodies`); nil
    ///     for the output's `CacheBudget`.
    ///   - output: the surface `renderer` draws into when a presenter made it on one of its own
    ///     (`Presenter.drawingSurface`), which SDL cannot be asked for.
    package init(
        renderer: OpaquePointer, photos: PhotoLibrary, fonts: FontSet, thumbnails: ThumbnailStore? = nil,
        bodyBytes: Int? = nil, output: UnsafeMutablePointer<SDL_Surface>? = nil
    ) {
        SDLLibraries.initialize()
        self.renderer = renderer
        textures = TextureCache(renderer: renderer, photos: photos, thumbnails: thumbnails)
        text = TextRenderer(renderer: renderer, fonts: fonts)
        backdrop = BackdropBlur(renderer: renderer)
        shadows = ShadowTextures(renderer: renderer)
        paragraphs = ParagraphRenderer(renderer: renderer, fonts: fonts)
        bodies = TileBodies(renderer: renderer, byteCapacity: bodyBytes ?? TileBodies.defaultByteCapacity)
        fixedBodyBytes = bodyBytes != nil
        opaqueFill = OpaqueFill(renderer: renderer, output: output)
        cornerCutout = opaqueFill == nil ? nil : CornerCutout(renderer: renderer)
        visibleParts = opaqueFill == nil ? nil : VisiblePartScaler(renderer: renderer)
        fillRects.reserveCapacity(3)
        crossVertices.reserveCapacity(16)
        crossIndices.reserveCapacity(60)
        // The software renderer truncates geometry positions to whole pixels; round them first.
        var info = SDL_RendererInfo()
        if SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name {
            mesh.snapVerticesToPixels = String(cString: name) == "software"
        }
    }

    /// Size of a photo in pixels (before the texture cache's cap), nil if it cannot be loaded.
    package func pixelSize(of id: PhotoID) -> (Int, Int)? { textures.pixelSize(of: id) }

    /// Size of one line of text in POINTS at the current `pixelsPerPoint`.
    package func measure(_ s: String, style: TextStyle) -> Size { text.measure(s, style: style) }

    /// Clears to `background` and draws every command of `list` in order. Does not present.
    /// Leaves the renderer with no clip rect.
    ///
    /// With `damage` (window points) only the pixels inside it are cleared and drawn: the rest of the
    /// target must still hold the previous frame (the software renderer's window surface and offscreen
    /// canvases do; a GPU's back buffer does not). Each pixel is composited from the same commands in
    /// the same order either way, so the result is the same as a whole redraw.
    package func render(_ list: DrawList, background: Color, damage: Rect? = nil) {
        render(list, background: background, damage: damage.map { [$0] } ?? [])
    }

    /// The same with the damage in several rectangles (`FrameDamage.Scratch.parts`), each cleared and
    /// drawn in a pass of its own; none draws the whole frame. The photos of every part are asked for
    /// at once, and a photo drawn in several parts counts as drawn once (`CornerAtlas`, `TileBodies`).
    package func render(_ list: DrawList, background: Color, damage parts: [Rect]) {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        targetBounds = PixelRect(x0: 0, y0: 0, x1: Int(w), y1: Int(h))
        if let outputSize {
            w = Int32(min(Int(w), outputSize.width))
            h = Int32(min(Int(h), outputSize.height))
        }
        fullOutput = PixelRect(x0: 0, y0: 0, x1: Int(w), y1: Int(h))
        output = fullOutput
        drawsDamageOnly = !parts.isEmpty
        damageParts.removeAll(keepingCapacity: true)
        for part in parts {
            var pixels = PixelRect(enclosing: part, pixelsPerPoint: pixelsPerPoint).intersection(fullOutput)
            guard !pixels.isEmpty else { continue }
            // Parts apart in points may share a pixel once rounded out: those are drawn as one, so that
            // no pass cuts what another draws whole.
            while let k = damageParts.firstIndex(where: { !$0.intersection(pixels).isEmpty }) {
                pixels = pixels.union(damageParts.remove(at: k))
            }
            damageParts.append(pixels)
        }
        if drawsDamageOnly {
            guard var union = damageParts.first else { return }
            for part in damageParts.dropFirst() { union = union.union(part) }
            output = union
        }

        // Photos decode in parallel, each at the smallest thumbnail size that covers it in pixels (the
        // output's size past the largest); a frame asks for all of its photos first (and, when the
        // cache waits, until they are ready), then for the next screenful's, which nothing waits for.
        textures.maxDimension = max(256, min(4096, Int(max(w, h))))
        applyBudget(CacheBudget(outputWidth: Int(w), height: Int(h)))
        loadingShade = UInt8(max(0, min(255, (list.loadingShade * 255).rounded())))
        framePhotos.removeAll(keepingCapacity: true)
        aheadPhotos.removeAll(keepingCapacity: true)
        setUpCommands(of: list)
        for (id, frame) in list.ahead {
            let pixels = PixelRect(placing: frame, pixelsPerPoint: pixelsPerPoint)
            guard pixels.width >= 1, pixels.height >= 1 else { continue }
            aheadPhotos.append((id, textures.side(for: id, width: pixels.width, height: pixels.height)))
        }
        textures.prepare(framePhotos, ahead: aheadPhotos, waiting: textures.waitsForPhotos)
        commandTextureSlots.removeAll(keepingCapacity: true)
        commandTextureSlots.append(contentsOf: repeatElement(-1, count: list.commands.count))
        lookedUpTextures.removeAll(keepingCapacity: true)

        // A backdrop needs what is drawn before it captured in a render target — unless the blur kept
        // from an earlier frame shows the very same thing (a hero flying over a still scene).
        var backdropIndex: Int?
        var capturing = false
        var skipUntil = 0
        if !drawsDamageOnly,
            let i = list.commands.firstIndex(where: { if case .backdropBlur = $0 { true } else { false } }),
            case .backdropBlur(let region, let radius, let tint, let opacity) = list.commands[i]
        {
            backdropIndex = i
            let pixels = PixelRect(snapping: region, pixelsPerPoint: pixelsPerPoint).intersection(output)
            let alpha = DrawListRenderer.alphaByte(opacity)
            if alpha > 0, !pixels.isEmpty {
                let kept = backdrop.isCurrent(
                    prefix: list.commands[..<i], region: pixels, radius: radius * pixelsPerPoint, tint: tint,
                    outputWidth: Int(w), outputHeight: Int(h), pixelsPerPoint: pixelsPerPoint)
                // An opaque blur over the whole output hides everything before it: no need to draw that.
                if kept, alpha == 255, pixels == output { skipUntil = i }
                capturing = !kept && backdrop.beginCapture(width: Int(w), height: Int(h))
            }
        }
        if drawsDamageOnly {
            let union = output
            notesPasses = damageParts.count > 1
            drawnInEarlierPasses.removeAll(keepingCapacity: true)
            for part in damageParts {
                output = part
                drawnInThisPass.removeAll(keepingCapacity: true)
                drawPass(list, background: background, skipUntil: 0, backdropIndex: nil, capturing: false)
                drawnInEarlierPasses.formUnion(drawnInThisPass)
            }
            notesPasses = false
            output = union
        } else {
            drawPass(
                list, background: background, skipUntil: skipUntil, backdropIndex: backdropIndex, capturing: capturing)
        }
        setClip(nil)
        textures.evictBeyondCapacity()
        bodies.endFrame()
        visibleParts?.endFrame()
    }

    /// Clears `output` (all of it, or one damaged part) and draws every command of `list` in it.
    private func drawPass(
        _ list: DrawList, background: Color, skipUntil: Int, backdropIndex: Int?, capturing: Bool
    ) {
        clipIsKnown = false
        setClip(drawsDamageOnly ? output : nil)
        if drawsDamageOnly { coverOpaquePhotos(of: list) }
        backgroundRects.removeAll(keepingCapacity: true)
        if drawsDamageOnly {
            // SDL_RenderClear ignores the clip rect: fill just the damage, less the opaque photos
            // that will cover it (`BackgroundFill`).
            backgroundFill.uncovered(in: output)
            for rect in backgroundFill.rects { backgroundRects.append(rect.sdlFRect) }
            fillUnblended(backgroundRects, color: background, what: "SDL_RenderFillRectsF")
        } else {
            // The frame's pixels and no more (the clip is off). A window's canvas is kept at the
            // display's size (`outputSize`); SDL_RenderClear would write all of it, and so keep the
            // shared memory past a smaller window's edge resident: 9.0 MB for a 1024×768 window on a
            // 1920×1200 screen, against 5.8 MB for its rows (BENCHMARKS.md, "The whole box, and memory").
            backgroundRects.append(fullOutput.sdlFRect)
            fillUnblended(backgroundRects, color: background, what: "the frame's background")
        }

        for index in list.commands.indices where index >= skipUntil && mayTouchOutput(command: index) {
            switch list.commands[index] {
            case .fill(let rect, let radius, let color, let clip):
                guard let visible = prepareClip(clip) else { continue }
                drawFill(rect, radius: radius, color: color, visible: visible)
            case .photo(let id, let frame, let radius, let opacity, let clip):
                guard let visible = prepareClip(clip) else { continue }
                drawPhoto(id, command: index, frame: frame, radius: radius, opacity: opacity, visible: visible)
            case .text(let string, let anchor, let alignment, let style, let color, let clip):
                guard prepareClip(clip) != nil else { continue }
                let pixels = text.draw(string, anchor: anchor, alignment: alignment, style: style, color: color)
                if commandPixels[index] == nil, let pixels { noteText(list.commands[index], at: index, drawn: pixels) }
            case .shadow(let frame, let cornerRadius, let radius, let color, let clip):
                guard let visible = prepareClip(clip) else { continue }
                drawShadow(frame: frame, cornerRadius: cornerRadius, blur: radius, color: color, visible: visible)
            case .backdropBlur(let region, let radius, let tint, let opacity):
                drawBackdrop(
                    region: region, radius: radius, tint: tint, opacity: opacity,
                    prefix: list.commands[..<index], capturing: capturing && index == backdropIndex,
                    blurred: index == backdropIndex)
            case .paragraph(let string, let frame, let style, let color, let clip):
                // Clipped to its own frame as well as the command's clip.
                guard prepareClip(clip.map { $0.intersection(frame) } ?? frame) != nil else { continue }
                paragraphs.draw(string, frame: frame, style: style, color: color)
            case .cross(let center, let size, let lineWidth, let color, let clip):
                guard let visible = prepareClip(clip) else { continue }
                drawCross(center: center, size: size, lineWidth: lineWidth, color: color, visible: visible)
            case .ring(let frame, let radius, let width, let color, let clip):
                guard let visible = prepareClip(clip) else { continue }
                drawRing(frame, radius: radius, width: width, color: color, visible: visible)
            }
        }
    }

    /// The backdrop command (one per frame blurs; a second one is only tinted). Finishes the capture
    /// when there is one — the blur is made and the captured frame copied to the output, which is
    /// current again — then lays the blur over the region at `opacity`. Without a blur (no render
    /// targets) the tint alone is laid down.
    private func drawBackdrop(
        region: Rect, radius: Double, tint: Color, opacity: Double, prefix: ArraySlice<DrawCommand>,
        capturing: Bool, blurred: Bool
    ) {
        setClip(drawsDamageOnly ? output : nil)
        let pixels = PixelRect(snapping: region, pixelsPerPoint: pixelsPerPoint).intersection(output)
        if capturing {
            backdrop.finishCapture(
                prefix: prefix, region: pixels, radius: radius * pixelsPerPoint, tint: tint,
                pixelsPerPoint: pixelsPerPoint)
            // Switching render targets resets the clip behind this object's back.
            clipIsKnown = false
            setClip(drawsDamageOnly ? output : nil)
        }
        let alpha = DrawListRenderer.alphaByte(opacity)
        guard alpha > 0, !pixels.isEmpty else { return }
        if !(blurred && backdrop.composite(region: pixels, opacity: alpha)) {
            drawFill(region, radius: 0, color: tint.withAlpha(opacity), visible: pixels)
        }
    }

    /// Sets `rects` (pixels, each inside the clip) to `color`, alpha and all, without blending, and
    /// leaves the draw colour and blend mode set: an opaque colour in the software renderer goes
    /// through `OpaqueFill`, anything else through `SDL_RenderFillRectsF`.
    func fillUnblended(_ rects: [SDL_FRect], color: Color, what: String) {
        guard !rects.isEmpty else { return }
        rects.withUnsafeBufferPointer { buffer in
            if let opaqueFill, color.a == 255 {
                check(opaqueFill.fill(buffer, color: color) ? 0 : -1, what)
            } else {
                SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
                SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
                check(SDL_RenderFillRectsF(renderer, buffer.baseAddress, Int32(buffer.count)), what)
            }
        }
    }

    /// False for a photo or fill that lies wholly outside `output`: it would draw nothing there.
    func mayTouchOutput(command index: Int) -> Bool {
        guard let pixels = commandPixels[index] else { return true }
        return pixels.intersects(output)
    }

    /// Fills `commandPixels`, `commandPhotos` and `framePhotos` for `list`, taking what the last frame
    /// found for each command it drew alike (`setUp`).
    private func setUpCommands(of list: DrawList) {
        let keeps =
            setUp.pixelsPerPoint == pixelsPerPoint && setUp.output == fullOutput
            && setUp.sidesGeneration == textures.sidesGeneration
        // The last frame's findings move to `setUp`, this frame's go where the frame before's were.
        swap(&commandPixels, &setUp.pixels)
        swap(&commandPhotos, &setUp.photos)
        commandPixels.removeAll(keepingCapacity: true)
        commandPhotos.removeAll(keepingCapacity: true)
        list.commands.withUnsafeBufferPointer { commands in
            setUp.commands.withUnsafeBufferPointer { before in
                for index in commands.indices {
                    if keeps, index < before.count,
                        DrawCommand.sameBytes(commands.baseAddress! + index, before.baseAddress! + index),
                        !Self.isText(commands[index])
                    {
                        commandPixels.append(setUp.pixels[index])
                        commandPhotos.append(setUp.photos[index])
                        if let photo = setUp.photos[index] { framePhotos.append(photo) }
                        continue
                    }
                    setUpCommand(commands[index], at: index)
                }
            }
        }
        setUp.commands = list.commands
        setUp.pixelsPerPoint = pixelsPerPoint
        setUp.output = fullOutput
        setUp.sidesGeneration = textures.sidesGeneration
    }

    private static func isText(_ command: DrawCommand) -> Bool {
        if case .text = command { true } else { false }
    }

    /// `command`'s pixels and, for a photo on the output, its entry in `framePhotos`.
    private func setUpCommand(_ command: DrawCommand, at index: Int) {
        var photo: (id: PhotoID, side: Int)?
        switch command {
        case .photo(let id, let frame, _, _, _):
            let pixels = PixelRect(placing: frame, pixelsPerPoint: pixelsPerPoint)
            commandPixels.append(pixels)
            if pixels.width >= 1, pixels.height >= 1, pixels.intersects(fullOutput) {
                // Every photo on screen, drawn this frame or not: a frame that redraws only its damage
                // asks the same as the one before (`DecodeScheduler` then has nothing to work out), and
                // a photo it does not touch stays wanted.
                photo = (id, side(ofCommand: index, id: id, width: pixels.width, height: pixels.height))
            }
        case .fill(let rect, _, _, _):
            commandPixels.append(PixelRect(snapping: rect, pixelsPerPoint: pixelsPerPoint))
        case .text:
            let known = index < drawnTexts.count ? drawnTexts[index] : nil
            commandPixels.append(known.flatMap { $0.command == command ? $0.pixels : nil })
        default:
            commandPixels.append(nil)
        }
        commandPhotos.append(photo)
        if let photo { framePhotos.append(photo) }
    }

    /// The long side photo command `index` (photo `id`, `width`×`height` pixels) needs decoded
    /// (`TextureCache.side(for:)`), kept from the frame before where that command drew the same.
    private func side(ofCommand index: Int, id: PhotoID, width: Int, height: Int) -> Int {
        let generation = textures.sidesGeneration
        let photoSize: Size?
        if index < commandSides.count, let known = commandSides[index], known.generation == generation, known.id == id {
            if known.width == width, known.height == height { return known.side }
            photoSize = known.photoSize
        } else {
            photoSize = textures.photos.pixelSize(of: id)
        }
        let side = textures.side(forPhotoOf: photoSize, width: width, height: height)
        if index >= commandSides.count {
            commandSides.append(contentsOf: repeatElement(nil, count: index + 1 - commandSides.count))
        }
        commandSides[index] = CommandSide(
            id: id, photoSize: photoSize, width: width, height: height, generation: generation, side: side)
        return side
    }

    /// Keeps where text command `index` drew, for the frames after (`drawnTexts`).
    private func noteText(_ command: DrawCommand, at index: Int, drawn pixels: PixelRect) {
        if index >= drawnTexts.count {
            drawnTexts.append(contentsOf: repeatElement(nil, count: index + 1 - drawnTexts.count))
        }
        drawnTexts[index] = DrawnText(command: command, pixels: pixels)
    }

    /// The textures photo command `index` (photo `id`, `width`×`height` pixels) draws with this frame.
    func textures(ofCommand index: Int, id: PhotoID, width: Int, height: Int) -> PhotoTextures {
        let slot = commandTextureSlots[index]
        if slot >= 0 { return lookedUpTextures[Int(slot)] }
        let found = textures.textures(for: id, drawnAt: width, height)
        commandTextureSlots[index] = Int32(lookedUpTextures.count)
        lookedUpTextures.append(found)
        return found
    }

    /// Reports a failed SDL call once per `what` (one stderr line, as docs/REFERENCE.md#tessera-flags describes).
    @discardableResult
    func check(_ rc: Int32, _ what: String) -> Bool {
        guard rc != 0 else { return true }
        if !reportedFailures.contains(what) {
            reportedFailures.insert(what)
            warn("\(what) failed: \(sdlError())")
        }
        return false
    }

    /// Releases the textures of every photo the last frame neither showed nor asked for ahead, the scaled
    /// bodies of those, and every paragraph but the last drawn. Called at rest: a kiosk that opens each
    /// photo in turn would otherwise fill the photo cache's whole budget with full-screen decodes over
    /// hours, and the paragraph cache with every destination's details (docs/KIOSK.md, "Memory over
    /// days"). A photo that comes back on screen decodes again, from the thumbnail cache where it can (a
    /// warm picker launch reads its 45 in well under the 0.1 s it takes); a paragraph drawn again is
    /// wrapped again. Releasing only the decodes larger than a thumbnail was tried: what it kept still
    /// grew over hours (docs/KIOSK.md).
    package func releaseUnshown() {
        textures.release(keeping: Set(framePhotos.lazy.map(\.id)).union(aheadPhotos.lazy.map(\.id)))
        bodies.dropFreed()
        paragraphs.releaseAllButTheLast()
    }

    /// Sets the caches' capacities for the output's size; the caches evict down to them as they end
    /// their frames.
    private func applyBudget(_ new: CacheBudget) {
        guard new != budget else { return }
        budget = new
        textures.byteCapacity = new.photoBytes
        if !fixedBodyBytes { bodies.byteCapacity = new.bodyBytes }
    }
}
