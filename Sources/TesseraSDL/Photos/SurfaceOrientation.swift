import CSDL2
import TesseraCore
import TesseraPhotos

/// Turns a decoded ARGB8888 surface upright by its EXIF orientation (`ExifOrientation`). Done on the
/// already scaled-down decode, so it costs one small copy.
enum SurfaceOrientation {
    /// `source` shown upright: `source` itself for `.up`, else a new surface (the caller frees both).
    /// Nil when out of memory.
    static func apply(_ orientation: ExifOrientation, to source: UnsafeMutablePointer<SDL_Surface>)
        -> UnsafeMutablePointer<SDL_Surface>?
    {
        guard orientation != .up else { return source }
        let width = Int(source.pointee.w)
        let height = Int(source.pointee.h)
        let (outWidth, outHeight) = orientation.swapsAxes ? (height, width) : (width, height)
        guard let pixels = source.pointee.pixels,
            let out = SDL_CreateRGBSurfaceWithFormat(
                0, Int32(outWidth), Int32(outHeight), 32, SDL_PIXELFORMAT_ARGB8888.rawValue),
            let outPixels = out.pointee.pixels
        else { return nil }
        let pitch = Int(source.pointee.pitch)
        let outPitch = Int(out.pointee.pitch)
        for y in 0..<outHeight {
            let row = (outPixels + y * outPitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<outWidth {
                let stored = orientation.storedPixel(x: x, y: y, width: width, height: height)
                row[x] = (pixels + stored.y * pitch).assumingMemoryBound(to: UInt32.self)[stored.x]
            }
        }
        return out
    }
}
