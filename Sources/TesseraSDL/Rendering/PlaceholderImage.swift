import CSDL2
import Foundation

/// The image drawn for a photo that is missing, corrupt or empty: a neutral light grey square with a
/// subtle darker "picture" mark (frame, mountain, sun) in the middle. The frame's rounded corners
/// come from the draw command's radius, like any photo.
///
/// The mark stays within the central ~35 % so it survives aspect-fill cropping into tall or wide
/// tiles (an 83×150 tile shows the middle 55 % of a square's width).
enum PlaceholderImage {
    /// Side of the generated square in pixels: large enough that a hero-sized placeholder is still
    /// smooth, small enough to draw once in a few milliseconds.
    static let side = 256
    /// Background, neutral (equal channels) so it reads as "empty", not as a colour.
    static let background = (r: 229.0, g: 229.0, b: 229.0)
    /// The mark: darker grey, low contrast on purpose ("subtle").
    static let mark = (r: 196.0, g: 196.0, b: 196.0)

    /// A new ARGB8888 surface (caller frees), or nil if SDL cannot allocate it.
    static func makeSurface() -> UnsafeMutablePointer<SDL_Surface>? {
        guard
            let surface = SDL_CreateRGBSurfaceWithFormat(
                0, Int32(side), Int32(side), 32, SDL_PIXELFORMAT_ARGB8888.rawValue),
            let pixels = surface.pointee.pixels
        else { return nil }
        let pitch = Int(surface.pointee.pitch)
        let n = 4  // 4×4 supersampling: the mark's edges are anti-aliased like the rest of the UI
        for y in 0..<side {
            let row = (pixels + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<side {
                var hits = 0
                for sy in 0..<n {
                    for sx in 0..<n
                    where inMark(Double(x) + (Double(sx) + 0.5) / Double(n), Double(y) + (Double(sy) + 0.5) / Double(n))
                    {
                        hits += 1
                    }
                }
                let c = Double(hits) / Double(n * n)
                let r = UInt32((background.r + (mark.r - background.r) * c).rounded())
                let g = UInt32((background.g + (mark.g - background.g) * c).rounded())
                let b = UInt32((background.b + (mark.b - background.b) * c).rounded())
                row[x] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
        return surface
    }

    /// The mark in the 256-px square's coordinates: a rounded-rect outline 90×70 centred, with a
    /// two-peak mountain and a sun inside it.
    static func inMark(_ x: Double, _ y: Double) -> Bool {
        let cx = Double(side) / 2
        let cy = Double(side) / 2
        let halfW = 45.0
        let halfH = 35.0
        let corner = 8.0
        let stroke = 5.0
        let dx = abs(x - cx)
        let dy = abs(y - cy)
        func roundedBoxDistance(_ hw: Double, _ hh: Double, _ r: Double) -> Double {
            let qx = dx - (hw - r)
            let qy = dy - (hh - r)
            let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
            return outside + min(max(qx, qy), 0) - r
        }
        let d = roundedBoxDistance(halfW, halfH, corner)
        if d <= 0 && d > -stroke { return true }  // the frame outline
        guard d <= -stroke else { return false }
        // Inside the frame: mountains rising from the frame's bottom inner edge.
        let bottom = cy + halfH - stroke
        let peak1 = (x: cx - 12.0, y: cy - 6.0)
        let peak2 = (x: cx + 18.0, y: cy + 6.0)
        let h1 = bottom - peak1.y
        let h2 = bottom - peak2.y
        if y >= peak1.y && abs(x - peak1.x) <= (y - peak1.y) / h1 * 34 { return true }
        if y >= peak2.y && abs(x - peak2.x) <= (y - peak2.y) / h2 * 24 { return true }
        // The sun, top right.
        let sx = x - (cx + 22)
        let sy = y - (cy - 16)
        return sx * sx + sy * sy <= 7.5 * 7.5
    }
}
