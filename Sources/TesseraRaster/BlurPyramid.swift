import Glibc

/// The arithmetic of the frosted backdrop's blur (`.thinMaterial`, docs/BEHAVIOUR.md#frosted-backdrop):
/// a region halved n times — each exact 2:1 linear step averages 2×2 texels, so the chain is a box
/// pyramid — and scaled back up the same way. How many halvings a blur radius takes, and each level's
/// size.
///
/// The halvings themselves are SDL's linear scaler through render targets (`BackdropBlur` in
/// TesseraSDL): no blur runs over a canvas here yet.
package enum BlurPyramid {
    /// Halvings for a blur radius in pixels: ⌊log₂ r⌉, 1…6 (a 16-pixel radius halves four times, to
    /// 1/16 size).
    package static func levelCount(radius: Double) -> Int {
        guard radius.isFinite, radius > 1 else { return 1 }
        return max(1, min(6, Int(log2(radius).rounded())))
    }

    /// The level below one of `size`: half of each side, rounded up, at least 1 pixel.
    package static func halved(_ size: PixelSize) -> PixelSize {
        PixelSize(width: max(1, (size.width + 1) / 2), height: max(1, (size.height + 1) / 2))
    }
}
