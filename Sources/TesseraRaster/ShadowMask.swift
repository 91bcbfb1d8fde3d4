import Foundation

/// The alpha of a soft shadow around a rounded rect, as a small nine-slice image, in PIXELS.
///
/// The image is a rounded square of corner radius `r` whose sides are 2r + 1 (so its middle row and
/// column are straight edge), with `extent` pixels of margin all round: (2(r + extent) + 1)² pixels.
/// The shape's coverage (anti-aliased from its signed distance) is blurred with a Gaussian of
/// σ = blur / 2 (CSS's reading of a blur radius); extent = ⌈3σ⌉ holds all of it. The shape itself is
/// then cut out — alpha × (1 − coverage) — so the shadow lies only outside the shape, as it looks under
/// an opaque photo, and a photo fading out never reveals a dark core beneath it.
///
/// Drawn stretched: corners 1:1, the middle row and column stretched along the edges, nothing inside.
package struct ShadowMask: Equatable, Sendable {
    /// Corner radius in pixels.
    package let radius: Int
    /// Margin around the shape, pixels: ⌈1.5 · blur⌉ (= 3σ).
    package let extent: Int
    /// Side of the square image, pixels.
    package var size: Int { 2 * (radius + extent) + 1 }
    /// Side of a corner cell, pixels.
    package var cell: Int { radius + extent }
    /// Row-major alpha, `size`², 0…255.
    package let alpha: [UInt8]

    /// - Parameters: corner radius and blur radius, pixels (≥ 0).
    package init(radius: Int, blur: Double) {
        self.radius = max(0, radius)
        let sigma = max(0.01, blur / 2)
        extent = max(1, Int((3 * sigma).rounded(.up)))
        let n = 2 * (self.radius + extent) + 1
        let coverage = Self.coverage(size: n, radius: self.radius, inset: extent)
        let blurred = Self.gaussian(coverage, size: n, sigma: sigma)
        alpha = zip(blurred, coverage).map { b, c in UInt8(max(0, min(255, (b * (1 - c) * 255).rounded()))) }
    }

    /// Coverage of the rounded square [inset, size − inset)² with corner radius `radius` at each pixel
    /// centre, from the signed distance: clamp(½ − d, 0, 1).
    private static func coverage(size n: Int, radius r: Int, inset: Int) -> [Double] {
        // The usual rounded-box signed distance: q = |p − c| − (b − r), d = |max(q, 0)| + min(max(qx, qy), 0) − r.
        let centre = Double(n) / 2
        let half = Double(n) / 2 - Double(inset)
        let rr = Double(r)
        var out = [Double](repeating: 0, count: n * n)
        for y in 0..<n {
            for x in 0..<n {
                let qx = abs(Double(x) + 0.5 - centre) - (half - rr)
                let qy = abs(Double(y) + 0.5 - centre) - (half - rr)
                let ox = max(qx, 0)
                let oy = max(qy, 0)
                let d = (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - rr
                out[y * n + x] = min(1, max(0, 0.5 - d))
            }
        }
        return out
    }

    /// Separable Gaussian blur with zero outside the image.
    private static func gaussian(_ a: [Double], size n: Int, sigma: Double) -> [Double] {
        let k = max(1, Int((3 * sigma).rounded(.up)))
        var kernel = (-k...k).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let sum = kernel.reduce(0, +)
        kernel = kernel.map { $0 / sum }
        var horizontal = [Double](repeating: 0, count: n * n)
        for y in 0..<n {
            for x in 0..<n {
                var v = 0.0
                for (j, w) in kernel.enumerated() {
                    let sx = x + j - k
                    if sx >= 0 && sx < n { v += w * a[y * n + sx] }
                }
                horizontal[y * n + x] = v
            }
        }
        var out = [Double](repeating: 0, count: n * n)
        for y in 0..<n {
            for x in 0..<n {
                var v = 0.0
                for (j, w) in kernel.enumerated() {
                    let sy = y + j - k
                    if sy >= 0 && sy < n { v += w * horizontal[sy * n + x] }
                }
                out[y * n + x] = v
            }
        }
        return out
    }
}
