import CSDL2
import Foundation
import TesseraCore
import TesseraSDL

/// Decoding large photos: a folder of generated `width`×`height` JPEGs (camera-sized, with noise so
/// they compress like photos), loaded through the `TextureCache` — `IMG_Load`, the cap to 1600 px,
/// the mip chain, texture creation — and the latency of a first frame showing them.
struct DecodeBenchmark {
    var count = 8
    var width = 4000
    var height = 3000

    struct Result: Encodable {
        var photos: Int
        var width: Int
        var height: Int
        var megabytes: Double
        var photosPerSecond: Double
        var megapixelsPerSecond: Double
        /// In process: a new sink and simulation to the first frame rendered (every photo decoded).
        var firstFrameMs: Double
        /// `tessera --headless --frames 1 --photos DIR` from launch to exit, if the binary was found.
        var headlessRunMs: Double?
    }

    func run(tessera: URL?) throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var bytes = 0
        for i in 0..<count {
            let path = folder.appendingPathComponent(String(format: "large-%02d.jpg", i + 1)).path
            try writeJPEG(path, seed: UInt32(i + 1))
            bytes += (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        }
        let library = try PhotoLibrary.scanning(folder: folder.path)

        let canvas = try OffscreenCanvas(width: 1024, height: 768)
        let decode = Stopwatch.seconds { TextureCache(renderer: canvas.renderer, photos: library).preloadAll() }

        let firstFrame = try Stopwatch.seconds {
            let config = Config()
            let sink = try OffscreenSink(photos: library, background: config.theme.background)
            let sim = Simulation(config: config, photos: library, scene: .picker, window: Size(1024, 768), hz: 120)
            var list = DrawList()
            sim.draw(into: &list)
            sink.render(list, window: sim.window)
            sink.present()
        }

        var headless: Double?
        if let tessera {
            let process = Process()
            process.executableURL = tessera
            process.arguments = ["--headless", "--frames", "1", "--photos", folder.path]
            process.standardOutput = FileHandle.nullDevice
            let seconds = try Stopwatch.seconds {
                try process.run()
                process.waitUntilExit()
            }
            if process.terminationStatus == 0 { headless = seconds * 1000 }
        }
        return Result(
            photos: count, width: width, height: height, megabytes: Double(bytes) / 1e6,
            photosPerSecond: Double(count) / decode,
            megapixelsPerSecond: Double(count * width * height) / 1e6 / decode, firstFrameMs: firstFrame * 1000,
            headlessRunMs: headless)
    }

    /// A smooth colour field with per-pixel noise, saved as a quality-90 JPEG.
    private func writeJPEG(_ path: String, seed: UInt32) throws {
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
        guard IMG_SaveJPG(surface, path, 90) == 0 else { throw BenchError("cannot write \(path)") }
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
