import CSDL2

@testable import TesseraImageIO

extension PixelBuffer {
    /// A copy of `surface`'s pixels, converted to ARGB8888 (as SDL_image loads them: RGB24, ABGR8888,
    /// palettes…), for comparing SDL's results with TesseraImageIO's.
    convenience init?(copying surface: UnsafeMutablePointer<SDL_Surface>) {
        guard let argb = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
        defer { SDL_FreeSurface(argb) }
        let s = argb.pointee
        guard let pixels = s.pixels else { return nil }
        self.init(width: Int(s.w), height: Int(s.h))
        for y in 0..<height {
            (self.pixels + y * pitch).copyMemory(from: pixels + y * Int(s.pitch), byteCount: width * 4)
        }
    }
}
