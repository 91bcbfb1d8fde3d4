import CSDL2
import TesseraCore

/// The frosted backdrop (`.thinMaterial`, SPEC §2) on SDL's 2D renderer, cheap enough for every frame
/// of a transition.
///
/// What it implements: while a frame has a backdrop, the frame is drawn into a render target the size
/// of the output (`SDL_TEXTUREACCESS_TARGET`), so what is drawn so far can be read back. At the
/// backdrop command the region is halved n times into smaller targets with linear filtering — each
/// exact 2:1 linear step averages 2×2 texels, so the chain is a box pyramid — and scaled back up the
/// same way, then laid over the sharp region at the command's opacity; the tint is filled over that.
/// n = ⌊log₂(radius in pixels)⌉, 1…6: a 16-point radius halves four times (1/16 size). At the end of
/// the frame the target is copied to the real output and the output made current again, so
/// `SDL_RenderReadPixels`, screenshots and presenting see the finished frame.
///
/// What it does not: a true Gaussian (the pyramid is a smooth approximation, good for a material),
/// or blurring without render targets — if the renderer refuses them the backdrop is only tinted,
/// and one stderr line says so.
///
/// Cost (software renderer, 1024×768, release build; README "Blur cost"): the downsample reads the
/// region once, the levels below half size are nearly free, and the two full-size passes (blend the
/// blur over the region, copy the target to the output) dominate. Nothing is allocated per frame once
/// the targets exist; they are recreated only when the output or region size changes.
final class BackdropBlur {
    private let renderer: OpaquePointer
    /// The frame's render target while a backdrop is drawn; its size in pixels.
    private var scene: OpaquePointer?
    private var sceneWidth = 0
    private var sceneHeight = 0
    /// The pyramid: level k is the region's size / 2^(k+1), rounded up, at least 1 pixel.
    private var levels: [(texture: OpaquePointer, width: Int, height: Int)] = []
    private var levelsFor = (width: 0, height: 0, count: 0)
    /// True between `beginFrame` and `endFrame` when drawing goes to the target.
    private(set) var isDrawingOffscreen = false
    private var reported = false

    init(renderer: OpaquePointer) {
        self.renderer = renderer
    }

    deinit {
        destroyLevels()
        if let scene { SDL_DestroyTexture(scene) }
    }

    /// Redirects drawing into the frame target (`width`×`height` pixels). False, and drawing stays on
    /// the output, if the renderer cannot give one.
    func beginFrame(width: Int, height: Int) -> Bool {
        guard width > 0, height > 0 else { return false }
        if scene == nil || width != sceneWidth || height != sceneHeight {
            if let scene { SDL_DestroyTexture(scene) }
            scene = makeTarget(width: width, height: height)
            sceneWidth = width
            sceneHeight = height
        }
        guard let scene, SDL_SetRenderTarget(renderer, scene) == 0 else {
            report("render targets unavailable (\(sdlError())); the backdrop is tinted, not blurred")
            return false
        }
        isDrawingOffscreen = true
        return true
    }

    /// Blurs `region` (pixels) of what the frame target holds, lays it over itself at `opacity`, then
    /// fills `tint` (its alpha × opacity) over it. Leaves the frame target current, with no clip.
    func apply(region: PixelRect, radius: Double, tint: Color, opacity: UInt8) {
        guard isDrawingOffscreen, let scene, opacity > 0 else { return }
        let area = region.intersection(PixelRect(x0: 0, y0: 0, x1: sceneWidth, y1: sceneHeight))
        guard !area.isEmpty else { return }
        let count = Self.levelCount(radius: radius)
        prepareLevels(width: area.width, height: area.height, count: count)
        guard levels.count == count else { return }

        // Down: region → level 0 → level 1 … each a 2:1 linear reduction.
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
        // Up again, level by level, so each step only doubles (a smooth result, not blocks).
        for k in stride(from: levels.count - 1, to: 0, by: -1) {
            SDL_SetRenderTarget(renderer, levels[k - 1].texture)
            SDL_RenderCopy(renderer, levels[k].texture, nil, nil)
        }
        // Over the sharp region at the backdrop's opacity, then the material's tint.
        SDL_SetRenderTarget(renderer, scene)
        var destination = area.sdlRect
        let top = levels[0].texture
        SDL_SetTextureBlendMode(top, opacity < 255 ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
        SDL_SetTextureAlphaMod(top, opacity)
        SDL_RenderCopy(renderer, top, nil, &destination)
        let tintAlpha = UInt8((Int(tint.a) * Int(opacity) + 127) / 255)
        if tintAlpha > 0 {
            SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
            SDL_SetRenderDrawColor(renderer, tint.r, tint.g, tint.b, tintAlpha)
            SDL_RenderFillRect(renderer, &destination)
        }
    }

    /// Copies the finished frame to the output and makes the output current again.
    func endFrame() {
        guard isDrawingOffscreen, let scene else { return }
        isDrawingOffscreen = false
        SDL_SetRenderTarget(renderer, nil)
        SDL_SetTextureBlendMode(scene, SDL_BLENDMODE_NONE)
        SDL_SetTextureAlphaMod(scene, 255)
        SDL_RenderCopy(renderer, scene, nil, nil)
    }

    /// Halvings for a blur radius in pixels: ⌊log₂ r⌉, 1…6.
    static func levelCount(radius: Double) -> Int {
        guard radius.isFinite, radius > 1 else { return 1 }
        return max(1, min(6, Int(log2(radius).rounded())))
    }

    private func prepareLevels(width: Int, height: Int, count: Int) {
        guard levelsFor != (width, height, count) else { return }
        destroyLevels()
        var w = width
        var h = height
        for _ in 0..<count {
            w = max(1, (w + 1) / 2)
            h = max(1, (h + 1) / 2)
            guard let texture = makeTarget(width: w, height: h) else {
                report("cannot create a blur level \(w)x\(h): \(sdlError())")
                destroyLevels()
                return
            }
            levels.append((texture, w, h))
        }
        levelsFor = (width, height, count)
    }

    private func destroyLevels() {
        for level in levels { SDL_DestroyTexture(level.texture) }
        levels.removeAll(keepingCapacity: true)
        levelsFor = (0, 0, 0)
    }

    private func makeTarget(width: Int, height: Int) -> OpaquePointer? {
        guard
            let texture = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(width),
                Int32(height))
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
