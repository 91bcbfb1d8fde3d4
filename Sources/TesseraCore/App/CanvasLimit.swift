import TesseraGeometry

/// The largest frame Tessera draws, in pixels (docs/USING.md, "Pixel limits"): 16384 a side, so at most 2²⁸
/// pixels, a 1 GiB frame of 32-bit pixels.
///
/// Why: each flag is checked alone (`--window` up to 16384 points, `--scale` up to 4), but a frame is
/// their product. SDL 2 keeps a surface's byte offsets in `int` (`SDL_FillRect` computes
/// `y * pitch`): a frame of 2³¹ bytes or more (`--window 11600x11600 --scale 2`) overflows them and
/// crashes. 16384 is also the largest texture side most GPUs take (`GL_MAX_TEXTURE_SIZE`).
package enum CanvasLimit {
    /// Most pixels on a side of the frame.
    package static let maxSide = 16384

    /// The frame's size in pixels for `window` (points) at `scale` pixels per point, rounded as the
    /// headless canvas rounds it.
    package static func pixels(of window: Size, scale: Double) -> (width: Double, height: Double) {
        ((window.width * scale).rounded(), (window.height * scale).rounded())
    }

    /// True when `window` at `scale` fits.
    package static func fits(_ window: Size, scale: Double) -> Bool {
        let p = pixels(of: window, scale: scale)
        return p.width <= Double(maxSide) && p.height <= Double(maxSide)
    }

    /// `window` with each side cut to the most points whose pixels at `scale` fit (a script's `resize`
    /// past the limit is clamped to it).
    package static func clamp(_ window: Size, scale: Double) -> Size {
        guard scale.isFinite, scale > 0 else { return window }
        let most = (Double(maxSide) / scale).rounded(.down)
        return Size(min(window.width, most), min(window.height, most))
    }
}
