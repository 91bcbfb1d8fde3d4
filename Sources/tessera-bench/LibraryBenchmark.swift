import CSDL2
import Foundation
import TesseraCore
import TesseraSDL

/// A thousand camera photos (docs/USING.md, "Thumbnails and a live folder"): `tessera --headless --frames 1`
/// from launch to exit with the shared thumbnail cache empty (cold) and filled (warm), in the picker
/// and the waterfall; a fling through the whole waterfall drawing photos as they decode, as a window
/// does (peak memory, frame times); and a photo copied into the watched folder until it is on screen.
///
/// The folder is generated once under `.build/` (`distinct` camera-sized files, two of them big PNGs,
/// hard-linked under `count` names: every name is its own photo to the cache and the decoder, and the
/// disk holds only the distinct ones) and kept for later runs.
struct LibraryBenchmark {
    var count = 1000
    var distinct = 16
    var width = 4000
    var height = 3000
    /// Repetitions of each launch (median).
    var runs = 3
    var flingSeconds = 40.0
    /// The same twelve flings over a small and a large library.
    var scaling = FlingScalingBenchmark()

    struct Result: Encodable {
        var photos: Int
        var distinctFiles: Int
        var sizes: String
        var megabytes: Double
        /// Seconds from launch to exit, median of `runs`.
        var pickerColdSeconds: Double
        var pickerWarmSeconds: Double
        var waterfallColdSeconds: Double
        var waterfallWarmSeconds: Double
        /// The same without the cache (`--no-thumbnails`): what each launch costs without it.
        var pickerNoCacheSeconds: Double
        var fling: FlingResult
        /// Twelve flings over `scaling.small` and `scaling.large` photos.
        var flingScaling: FlingScalingBenchmark.Result
        /// A photo copied into the watched folder until the first frame drawing its pixels.
        var folderToScreenSeconds: Double?
        /// One of its camera JPEGs and one of its PNGs decoded for a 256-px thumbnail.
        var thumbnailDecode: ThumbnailDecodeBenchmark.Result
        /// The picker in a window, peak RSS on its first launch and its next; nil without a display.
        var windowMemory: FirstLaunchMemory.Result?
    }

    struct FlingResult: Codable {
        var photos: Int
        /// Flings made (a release at the fastest velocity every half second).
        var drags: Int
        /// Making the waterfall of the library (its tiles and their first layout).
        var sceneMs: Double
        var seconds: Double
        var frames: Int
        var reachedEnd: Bool
        /// The renderer's calls and the present (where SDL's software renderer draws them), per frame.
        var frameP50Ms: Double
        var frameP99Ms: Double
        var frameMaxMs: Double
        /// A frame's simulation steps (layout and motion).
        var simulateP50Ms: Double
        var simulateP99Ms: Double
        /// A frame's draw list built and drawn by the renderer (`frame` and the draw list).
        var renderP50Ms: Double
        var renderP99Ms: Double
        /// The same in the rendering thread's own CPU time (the decoding threads' share of the two cores
        /// left out).
        var renderCPUP50Ms: Double
        /// Frames that drew a photo still decoding (its placeholder), of `frames`.
        var framesWithPlaceholders: Int
        var peakRSSMegabytes: Double
        var thumbnailHits: Int
        var thumbnailMisses: Int
        var withdrawn: Int
        var peakQueue: Int
    }

    func run(tessera: URL, bench: URL, root: URL) throws -> Result {
        let folder = root.appendingPathComponent(".build/bench-library-\(count)x\(width)")
        let (megabytes, sizes) = try prepare(folder)
        let cache = root.appendingPathComponent(".build/bench-thumbnails")
        let launcher = HeadlessLaunch(tessera: tessera, folder: folder, cache: cache)
        func launch(_ scene: String, cold: Bool, extra: [String] = []) throws -> Double {
            try launcher.seconds(scene, cold: cold, runs: runs, extra: extra)
        }
        let pickerCold = try launch("picker", cold: true)
        let pickerWarm = try launch("picker", cold: false)
        let waterfallCold = try launch("waterfall", cold: true)
        let waterfallWarm = try launch("waterfall", cold: false)
        let noCache = try launch("picker", cold: false, extra: ["--no-thumbnails"])

        // The fling in a process of its own, so its peak memory is its own; from an empty cache.
        try? FileManager.default.removeItem(at: cache)
        let child = Process()
        child.executableURL = bench
        child.arguments = ["--fling", folder.path, "--cache", cache.path, "--seconds", String(flingSeconds)]
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        guard child.terminationStatus == 0 else { throw BenchError("the fling child failed") }
        let fling = try JSONDecoder().decode(FlingResult.self, from: output)

        let originals = folder.appendingPathComponent(".originals")
        let distinctFiles = try FileManager.default.contentsOfDirectory(atPath: originals.path).sorted().map {
            originals.appendingPathComponent($0)
        }
        let flingScaling = try scaling.run(bench: bench, originals: distinctFiles, root: root)

        let latency = try FolderLatency.measure(
            folder: folder, cache: cache, source: folder.appendingPathComponent("photo-0001.jpg"))
        let smallPNG = root.appendingPathComponent(".build/bench-thumbnail-3200x2400.png")
        if !FileManager.default.fileExists(atPath: smallPNG.path) {
            // Written whole, then named: a run stopped mid-write leaves no short file to be kept.
            let partial = smallPNG.path + ".partial"
            try BenchImages.write(partial, width: 3200, height: 2400, seed: UInt32(distinct), png: true)
            guard rename(partial, smallPNG.path) == 0 else { throw BenchError("cannot name \(smallPNG.path)") }
        }
        let thumbnailDecode = try ThumbnailDecodeBenchmark(rounds: runs * 3).run(
            jpeg: originals.appendingPathComponent("original-00.jpg").path,
            png: originals.appendingPathComponent(String(format: "original-%02d.png", distinct - 1)).path,
            smallPng: smallPNG.path)
        let windowMemory = try FirstLaunchMemory().run(tessera: tessera, photos: folder, cache: cache)
        return Result(
            photos: count, distinctFiles: distinct, sizes: sizes, megabytes: megabytes,
            pickerColdSeconds: pickerCold, pickerWarmSeconds: pickerWarm, waterfallColdSeconds: waterfallCold,
            waterfallWarmSeconds: waterfallWarm, pickerNoCacheSeconds: noCache, fling: fling,
            flingScaling: flingScaling,
            folderToScreenSeconds: latency, thumbnailDecode: thumbnailDecode, windowMemory: windowMemory)
    }

    /// Makes the folder unless a finished one is there; returns the distinct files' megabytes and sizes.
    private func prepare(_ folder: URL) throws -> (Double, String) {
        let fm = FileManager.default
        let sizes = "\(width)×\(height) and \(width * 6 / 5)×\(height * 6 / 5) JPEG, 2 × \(width)×\(height) PNG"
        try LinkedFolder.make(folder, count: count, digits: 4) {
            let originals = folder.appendingPathComponent(".originals")
            try fm.createDirectory(at: originals, withIntermediateDirectories: true)
            return try (0..<distinct).map { i in
                let png = i >= distinct - 2
                let scale = i % 2 == 1 && !png ? 6.0 / 5 : 1
                let url = originals.appendingPathComponent(String(format: "original-%02d.%@", i, png ? "png" : "jpg"))
                try BenchImages.write(
                    url.path, width: Int(Double(width) * scale), height: Int(Double(height) * scale),
                    seed: UInt32(i + 1), png: png)
                return url
            }
        }
        let originals = try fm.contentsOfDirectory(atPath: folder.appendingPathComponent(".originals").path)
        let bytes = try originals.reduce(0) {
            $0
                + ((try fm.attributesOfItem(atPath: folder.appendingPathComponent(".originals/" + $1).path)[.size]
                    as? Int) ?? 0)
        }
        return (Double(bytes) / 1e6, sizes)
    }
}
