import TesseraCore
import TesseraGeometry

extension Options {
    /// Refuses a frame past `CanvasLimit` (docs/USING.md, "Pixel limits"): `window` (points) at `scale` pixels
    /// per point, one line naming where each came from — `--window` or the script's `"window"`,
    /// `--scale` or `display.scale` (exit 2).
    static func checkCanvas(_ window: Size, scale: Double, windowFrom: String, scaleFrom: String) throws {
        guard !CanvasLimit.fits(window, scale: scale) else { return }
        let pixels = CanvasLimit.pixels(of: window, scale: scale)
        let most = CanvasLimit.clamp(Size(Double(CanvasLimit.maxSide), Double(CanvasLimit.maxSide)), scale: scale)
        throw UsageError(
            message:
                "\(windowFrom) \(Int(window.width))x\(Int(window.height)) at \(scaleFrom) \(formatted(scale)) is "
                + "\(Int(pixels.width))x\(Int(pixels.height)) pixels: at most \(CanvasLimit.maxSide) a side "
                + "(a window of at most \(Int(most.width)) points a side at this scale)")
    }

    private static func formatted(_ scale: Double) -> String {
        scale == scale.rounded() ? String(Int(scale)) : String(scale)
    }
}
