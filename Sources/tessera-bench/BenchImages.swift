import CSDL2
import Foundation

/// Camera-like test images: a smooth colour field with per-pixel noise (so JPEGs compress like photos).
enum BenchImages {
    static func write(_ path: String, width: Int, height: Int, seed: UInt32, png: Bool) throws {
        guard
            let surface = SDL_CreateRGBSurfaceWithFormat(
                0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { throw BenchError("cannot make a \(width)x\(height) surface") }
        defer { SDL_FreeSurface(surface) }
        let pitch = Int(surface.pointee.pitch) / 4
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        var noise = seed &* 2_654_435_761
        for y in 0..<height {
            for x in 0..<width {
                noise ^= noise << 13
                noise ^= noise >> 17
                noise ^= noise << 5
                let grain = Int(noise & 31) - 16
                let r = min(255, max(0, x * 255 / width + grain))
                let g = min(255, max(0, y * 255 / height + grain))
                let b = min(255, max(0, Int(seed * 40 % 256) + grain))
                pixels[y * pitch + x] = 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
            }
        }
        let rc = png ? IMG_SavePNG(surface, path) : IMG_SaveJPG(surface, path, 90)
        guard rc == 0 else { throw BenchError("cannot write \(path)") }
    }

    /// A folder of `count` such photos named `photo-01.jpg`…, made once and kept under `.build`.
    static func folder(count: Int, width: Int, height: Int, under root: URL) throws -> URL {
        let folder = root.appendingPathComponent(".build/bench-photos-\(count)x\(width)x\(height)")
        let fm = FileManager.default
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        for i in 1...count {
            let path = folder.appendingPathComponent(String(format: "photo-%02d.jpg", i)).path
            if !fm.fileExists(atPath: path) {
                try write(path, width: width, height: height, seed: UInt32(i), png: false)
            }
        }
        return folder
    }
}
