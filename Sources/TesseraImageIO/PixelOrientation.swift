import TesseraPhotos

/// Turns a decoded ARGB8888 picture upright by its EXIF orientation (`ExifOrientation`). Done on the
/// already scaled-down decode, so it costs one small copy.
enum PixelOrientation {
    /// `source` shown upright: `source` itself for `.up`, else a new picture. Nil when out of memory.
    static func apply(_ orientation: ExifOrientation, to source: PixelBuffer) -> PixelBuffer? {
        guard orientation != .up else { return source }
        let width = source.width
        let height = source.height
        let (outWidth, outHeight) = orientation.swapsAxes ? (height, width) : (width, height)
        guard let out = PixelBuffer(width: outWidth, height: outHeight) else { return nil }
        for y in 0..<outHeight {
            let row = out.row(y)
            for x in 0..<outWidth {
                let stored = orientation.storedPixel(x: x, y: y, width: width, height: height)
                row[x] = source.row(stored.y)[stored.x]
            }
        }
        return out
    }
}
