import Foundation

/// A hundred thousand photos, as a person runs the app over them: `tessera --headless --frames 1` from
/// launch to exit in the picker and the waterfall, from an empty thumbnail cache (cold) and then from the
/// cache that run left (warm); and each scene in a real window driven through its control socket
/// (`DrivenWindow`: flings, a slow drag back, resizes), its frame times and peak memory.
///
/// The folder is made once under `.build/` and kept: `count` hard links to the bundled photos
/// (`Assets/Photos/*.jpg`) taken in rotation, so every name is its own photo to the app while the disk
/// holds only the originals.
struct HugeLibraryBenchmark {
    var count = 100_000
    /// Warm launches after each cold one (median).
    var warmRuns = 3
    var scenes = ["picker", "waterfall", "gallery", "destinations"]
    var window = DrivenWindow()
    /// The display whose frame the windows' p99 is read against: a 60 Hz one, the common screen.
    static let displayHz = 60.0

    struct Result: Encodable {
        var photos: Int
        /// The bundled photos the links point to.
        var distinctFiles: Int
        /// Seconds from launch to exit: one cold run, and the median of `warmRuns` after it.
        var pickerColdSeconds: Double
        var pickerWarmSeconds: Double
        var waterfallColdSeconds: Double
        var waterfallWarmSeconds: Double
        var warmRuns: Int
        /// What a warm start reads first: the header index against the same facts in JSON.
        var headerIndex: HeaderIndexBenchmark.Result
        /// The X display the windows ran in; nil (and no windows) without one.
        var display: String?
        /// A frame at `displayHz`, milliseconds: what each window's p99 is set against.
        var displayFrameMs: Double
        /// Each scene's window, in the order they ran.
        var windows: [DrivenWindow.Figures]?
    }

    func run(tessera: URL, root: URL) throws -> Result {
        let folder = root.appendingPathComponent(".build/bench-\(count)")
        let photos = root.appendingPathComponent("Assets/Photos")
        let originals = try FileManager.default.contentsOfDirectory(atPath: photos.path).filter {
            $0.hasSuffix(".jpg")
        }.sorted().map { photos.appendingPathComponent($0) }
        try Self.prepare(folder, count: count, originals: originals)

        // The bench's own cache, emptied for each cold run: the user's is never read or written.
        let cache = root.appendingPathComponent(".build/bench-\(count)-thumbnails")
        let launch = HeadlessLaunch(tessera: tessera, folder: folder, cache: cache)
        let pickerCold = try launch.seconds("picker", cold: true, runs: 1)
        let pickerWarm = try launch.seconds("picker", cold: false, runs: warmRuns)
        let waterfallCold = try launch.seconds("waterfall", cold: true, runs: 1)
        let waterfallWarm = try launch.seconds("waterfall", cold: false, runs: warmRuns)
        let headerIndex = try HeaderIndexBenchmark().run(
            folder: folder, scratch: root.appendingPathComponent(".build/bench-\(count)-index"))

        var result = Result(
            photos: count, distinctFiles: originals.count, pickerColdSeconds: pickerCold,
            pickerWarmSeconds: pickerWarm, waterfallColdSeconds: waterfallCold, waterfallWarmSeconds: waterfallWarm,
            warmRuns: warmRuns, headerIndex: headerIndex, displayFrameMs: 1000 / Self.displayHz)
        // Room for the schedule's largest window (1280×720, 600×900).
        guard let display = try XDisplay.open(width: 1920, height: 1200) else { return result }
        defer { display.close() }
        result.display = display.name
        // One process per scene, one after another, with the cache the launches left (as a user's
        // second session has): each peak memory is its own.
        result.windows = try scenes.map {
            try window.run(scene: $0, tessera: tessera, photos: folder, cache: cache, display: display)
        }
        return result
    }

    /// Makes `folder` unless a finished one is there (its `.complete` marker): `count` hard links named
    /// `photo-000001.jpg`… to `originals` in rotation.
    static func prepare(_ folder: URL, count: Int, originals: [URL]) throws {
        try LinkedFolder.make(folder, count: count, digits: 6, originals: { originals })
    }
}
