import CSDL2
import Foundation
import TesseraCore
import TesseraGeometry
import TesseraPhotos
import TesseraSDL

/// Decoding large photos: a folder of generated `width`×`height` JPEGs (camera-sized, with noise so
/// they compress like photos), loaded through the `TextureCache` — libjpeg's scaled decode for the cap
/// to 1600 px, the mip chain, texture creation — and the latency of a first frame showing them.
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
            try BenchImages.write(path, width: width, height: height, seed: UInt32(i + 1), png: false)
            bytes += (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        }
        let library = try PhotoLibrary.scanning(folder: folder.path)

        let canvas = try OffscreenCanvas(width: 1024, height: 768)
        let decode = Stopwatch.seconds { TextureCache(renderer: canvas.renderer, photos: library).preloadAll() }

        let firstFrame = try Stopwatch.seconds {
            let config = Config()
            let sink = try OffscreenSink(photos: library, background: config.theme.background)
            let sim = Simulation(
                config: config, photos: library, scene: BenchScenes.picker, window: Size(1024, 768), hz: 120)
            var list = DrawList()
            sim.draw(into: &list)
            sink.render(&list, window: sim.window)
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
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
