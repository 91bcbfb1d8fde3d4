import CSDL2
import TesseraCore
import TesseraGeometry
import TesseraRaster

/// The frosted backdrop (`.thinMaterial`, docs/BEHAVIOUR.md#frosted-backdrop) on SDL's 2D renderer,
/// cheap enough for every frame of a transition.
///
/// What it implements: to blur what a frame has drawn so far, that part of the frame is drawn into a
/// render target the size of the output (`SDL_TEXTUREACCESS_TARGET`) instead of the output (a
/// *capture*). At the backdrop command the captured region is halved n times into smaller targets with
/// linear filtering — each exact 2:1 linear step averages 2×2 texels, so the chain is a box pyramid —
/// and scaled back up the same way; the tint is filled over the half-size level (cheap, and the same
/// as tinting afterwards, since scaling is linear) and the result scaled into a region-sized texture,
/// the *blur*. The capture is copied to the output, drawing continues there, and the blur is laid
/// over the region at the command's opacity. n = ⌊log₂(radius in pixels)⌉, 1…6: a 16-point radius
/// halves four times (1/16 size). The pyramid's arithmetic is the rasteriser's (`BlurPyramid`); its
/// scaling is SDL's.
///
/// The blur is kept. While a hero flies, what lies under the backdrop does not change, so the next
/// frame whose commands before the backdrop are equal (and whose region, radius, tint and output are
/// the same) skips the capture and the pyramid and only lays the kept blur over the sharp scene at the
/// new opacity; at full opacity over the whole output it skips drawing the hidden scene as well.
///
/// What it does not: a true Gaussian (the pyramid is a smooth approximation, good for a material), or
/// blurring without render targets — then the backdrop is only tinted, and one stderr line says so.
///
/// Cost: docs/INTERNALS.md, "Blur cost". Nothing is allocated per frame once the targets exist; they are remade
/// only when the output or region size changes.
final class BackdropBlur {
    /// What a kept blur was made from: the commands before the backdrop, and the backdrop's look.
    private struct Source: Equatable {
        var outputWidth = 0
        var outputHeight = 0
        var pixelsPerPoint = 0.0
        var region = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        var radius = 0.0
        var tint = Color(0, 0, 0, 0)
    }

    private let renderer: OpaquePointer
    /// The capture target and its size in pixels.
    private var capture: OpaquePointer?
    private var captureWidth = 0
    private var captureHeight = 0
    /// The pyramid: level k is the region's size / 2^(k+1), rounded up, at least 1 pixel.
    private var levels: [(texture: OpaquePointer, width: Int, height: Int)] = []
    private var levelsFor = (width: 0, height: 0, count: 0)
    /// The finished blur, region-sized.
    private var blur: OpaquePointer?
    private var blurWidth = 0
    private var blurHeight = 0
    /// What `blur` shows; `commands` are the frame's commands before its backdrop.
    private var source = Source()
    private var commands: [DrawCommand] = []
    private var hasBlur = false
    /// True between `beginCapture` and `finishCapture`.
    private(set) var isCapturing = false
    private var reported = false

    init(renderer: OpaquePointer) {
        self.renderer = renderer
        commands.reserveCapacity(64)
    }

    deinit {
        destroyLevels()
        if let blur { SDL_DestroyTexture(blur) }
        if let capture { SDL_DestroyTexture(capture) }
    }

    /// True when the kept blur shows exactly what `prefix` would draw with this backdrop: the frame can
    /// skip the capture (and, at full opacity over the whole output, the prefix itself).
    func isCurrent(
        prefix: ArraySlice<DrawCommand>, region: PixelRect, radius: Double, tint: Color, outputWidth: Int,
        outputHeight: Int, pixelsPerPoint: Double
    ) -> Bool {
        hasBlur
            && source
                == Source(
                    outputWidth: outputWidth, outputHeight: outputHeight, pixelsPerPoint: pixelsPerPoint,
                    region: region, radius: radius, tint: tint)
            && commands.elementsEqual(prefix)
    }

    /// Redirects drawing into the capture target (`width`×`height` pixels). False, and drawing stays on
    /// the output, if the renderer cannot give one.
    func beginCapture(width: Int, height: Int) -> Bool {
        guard width > 0, height > 0 else { return false }
        if capture == nil || width != captureWidth || height != captureHeight {
            if let capture { SDL_DestroyTexture(capture) }
            capture = makeTarget(width: width, height: height, opaque: false)
            captureWidth = width
            captureHeight = height
        }
        guard let capture, SDL_SetRenderTarget(renderer, capture) == 0 else {
            report("render targets unavailable (\(sdlError())); the backdrop is tinted, not blurred")
            return false
        }
        isCapturing = true
        return true
    }

    /// Blurs `region` (pixels) of the capture into the kept blur (remembering `prefix` and the look it
    /// was made from), copies the capture to the output and makes the output current again.
    func finishCapture(
        prefix: ArraySlice<DrawCommand>, region: PixelRect, radius: Double, tint: Color, pixelsPerPoint: Double
    ) {
        guard isCapturing, let capture else { return }
        isCapturing = false
        hasBlur = makeBlur(from: capture, region: region, radius: radius, tint: tint)
        if hasBlur {
            source = Source(
                outputWidth: captureWidth, outputHeight: captureHeight, pixelsPerPoint: pixelsPerPoint, region: region,
                radius: radius, tint: tint)
            commands.removeAll(keepingCapacity: true)
            commands.append(contentsOf: prefix)
        }
        SDL_SetRenderTarget(renderer, nil)
        SDL_SetTextureBlendMode(capture, SDL_BLENDMODE_NONE)
        SDL_SetTextureAlphaMod(capture, 255)
        SDL_RenderCopy(renderer, capture, nil, nil)
    }

    /// Lays the kept blur over `region` (pixels) of the current target at `opacity`. False when there is
    /// none (no render targets), so the caller can fall back to a plain tint.
    func composite(region: PixelRect, opacity: UInt8) -> Bool {
        guard hasBlur, let blur, opacity > 0 else { return hasBlur }
        var destination = region.sdlRect
        SDL_SetTextureBlendMode(blur, opacity < 255 ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
        SDL_SetTextureAlphaMod(blur, opacity)
        SDL_RenderCopy(renderer, blur, nil, &destination)
        return true
    }

    // MARK: Building the blur

    private func makeBlur(from scene: OpaquePointer, region: PixelRect, radius: Double, tint: Color) -> Bool {
        let area = region.intersection(PixelRect(x0: 0, y0: 0, x1: captureWidth, y1: captureHeight))
        guard !area.isEmpty else { return false }
        let count = BlurPyramid.levelCount(radius: radius)
        prepareLevels(width: area.width, height: area.height, count: count)
        guard levels.count == count, let blur = prepareBlur(width: area.width, height: area.height) else {
            return false
        }

        // Down: region → level 0 → level 1 … each a 2:1 linear reduction, copied (no blending).
        var source = area.sdlRect
        var previous = scene
        for level in levels {
            SDL_SetRenderTarget(renderer, level.texture)
            SDL_SetTextureBlendMode(previous, SDL_BLENDMODE_NONE)
            SDL_SetTextureAlphaMod(previous, 255)
            SDL_RenderCopy(renderer, previous, &source, nil)
            source = SDL_Rect(x: 0, y: 0, w: Int32(level.width), h: Int32(level.height))
            previous = level.texture
        }
        // Up again, level by level, so each step only doubles (smooth, not blocks).
        for k in stride(from: levels.count - 1, to: 0, by: -1) {
            SDL_SetRenderTarget(renderer, levels[k - 1].texture)
            SDL_RenderCopy(renderer, levels[k].texture, nil, nil)
        }
        // The material's tint, at a quarter of the full-size cost.
        SDL_SetRenderTarget(renderer, levels[0].texture)
        if tint.a > 0 {
            SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
            SDL_SetRenderDrawColor(renderer, tint.r, tint.g, tint.b, tint.a)
            SDL_RenderFillRect(renderer, nil)
        }
        // The last doubling, into the kept region-sized blur.
        SDL_SetRenderTarget(renderer, blur)
        SDL_RenderCopy(renderer, levels[0].texture, nil, nil)
        return true
    }

    private func prepareLevels(width: Int, height: Int, count: Int) {
        guard levelsFor != (width, height, count) else { return }
        destroyLevels()
        var size = PixelSize(width: width, height: height)
        for _ in 0..<count {
            size = BlurPyramid.halved(size)
            guard let texture = makeTarget(width: size.width, height: size.height) else {
                report("cannot create a blur level \(size.width)x\(size.height): \(sdlError())")
                destroyLevels()
                return
            }
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
            levels.append((texture, size.width, size.height))
        }
        levelsFor = (width, height, count)
    }

    private func prepareBlur(width: Int, height: Int) -> OpaquePointer? {
        if let blur, blurWidth == width, blurHeight == height { return blur }
        if let blur { SDL_DestroyTexture(blur) }
        blur = makeTarget(width: width, height: height)
        blurWidth = width
        blurHeight = height
        if blur == nil { report("cannot create the blur \(width)x\(height): \(sdlError())") }
        return blur
    }

    private func destroyLevels() {
        for level in levels { SDL_DestroyTexture(level.texture) }
        levels.removeAll(keepingCapacity: true)
        levelsFor = (0, 0, 0)
    }

    /// A render target with linear scaling. The capture is ARGB like the output (copied back 1:1); the
    /// pyramid and the blur are opaque XRGB: with no alpha channel, SDL's software renderer lays the blur
    /// over the frame at an opacity with its fast per-surface-alpha blit (`BlitRGBtoRGBSurfaceAlpha`)
    /// instead of the generic modulate-and-blend loop, a ninth of its cost (BENCHMARKS.md, "Figures
    /// behind design choices").
    private func makeTarget(width: Int, height: Int, opaque: Bool = true) -> OpaquePointer? {
        let format = opaque ? SDL_PIXELFORMAT_RGB888 : SDL_PIXELFORMAT_ARGB8888
        guard
            let texture = SDL_CreateTexture(
                renderer, format.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(width), Int32(height))
        else { return nil }
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        return texture
    }

    private func report(_ message: String) {
        guard !reported else { return }
        reported = true
        warn(message)
    }
}
