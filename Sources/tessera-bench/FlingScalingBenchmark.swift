import Foundation

/// The same fling over a small and a large library: what a frame costs should follow what is on
/// screen, not how many photos the folder holds (docs/ARCHITECTURE.md, "The tile field"). Twelve
/// fast flings down the waterfall at 1024×768 from an empty thumbnail cache, headless, drawing photos
/// as they decode, each library in a child process of its own (its peak memory is its own), the sizes
/// taking turns `runs` times; each figure is the median over the runs.
///
/// The libraries are hard links to the thousand-photo library's distinct files (`LibraryBenchmark`),
/// `photo-00001.jpg`…, the rotation starting again at each half: the waterfall's two columns hold
/// the first and the second half of the photos, so both libraries show the same files in the same
/// places and decode the same, and differ only in how many photos they hold.
struct FlingScalingBenchmark {
    var small = 1000
    var large = 20000
    var drags = 12
    var runs = 3

    struct Result: Encodable {
        var drags: Int
        var runs: Int
        var small: FlingResultSummary
        var large: FlingResultSummary
        /// Large over small, per figure.
        var simulateRatio: Double
        var renderRatio: Double
        var renderCPURatio: Double
        var peakRSSRatio: Double
    }

    /// One library's medians over the runs.
    struct FlingResultSummary: Encodable {
        var photos: Int
        var frames: Int
        var sceneMs: Double
        var simulateP50Ms: Double
        var renderP50Ms: Double
        var renderCPUP50Ms: Double
        var frameP50Ms: Double
        var peakRSSMegabytes: Double
        var framesWithPlaceholders: Int
    }

    /// - Parameter originals: the distinct files to link under the libraries' names.
    func run(bench: URL, originals: [URL], root: URL) throws -> Result {
        let folders = try [small, large].map { try library(of: $0, originals: originals, root: root) }
        var results: [[LibraryBenchmark.FlingResult]] = [[], []]
        let cache = root.appendingPathComponent(".build/bench-scaling-thumbnails")
        for _ in 0..<runs {
            for (k, folder) in folders.enumerated() {
                try? FileManager.default.removeItem(at: cache)
                results[k].append(try fling(bench: bench, folder: folder, cache: cache))
            }
        }
        try? FileManager.default.removeItem(at: cache)
        let summaries = zip([small, large], results).map { count, runs in
            FlingResultSummary(
                photos: count, frames: runs.map { Double($0.frames) }.median.rounded().asInt,
                sceneMs: runs.map(\.sceneMs).median,
                simulateP50Ms: runs.map(\.simulateP50Ms).median, renderP50Ms: runs.map(\.renderP50Ms).median,
                renderCPUP50Ms: runs.map(\.renderCPUP50Ms).median,
                frameP50Ms: runs.map(\.frameP50Ms).median, peakRSSMegabytes: runs.map(\.peakRSSMegabytes).median,
                framesWithPlaceholders: runs.map { Double($0.framesWithPlaceholders) }.median.rounded().asInt)
        }
        let (s, l) = (summaries[0], summaries[1])
        return Result(
            drags: drags, runs: runs, small: s, large: l, simulateRatio: l.simulateP50Ms / s.simulateP50Ms,
            renderRatio: l.renderP50Ms / s.renderP50Ms, renderCPURatio: l.renderCPUP50Ms / s.renderCPUP50Ms,
            peakRSSRatio: l.peakRSSMegabytes / s.peakRSSMegabytes)
    }

    private func fling(bench: URL, folder: URL, cache: URL) throws -> LibraryBenchmark.FlingResult {
        let child = Process()
        child.executableURL = bench
        child.arguments = ["--fling", folder.path, "--cache", cache.path, "--seconds", "60", "--drags", String(drags)]
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        guard child.terminationStatus == 0 else { throw BenchError("the fling child failed on \(folder.path)") }
        return try JSONDecoder().decode(LibraryBenchmark.FlingResult.self, from: output)
    }

    /// `count` hard links to `originals` in rotation, made once under `.build/` and kept.
    private func library(of count: Int, originals: [URL], root: URL) throws -> URL {
        let folder = root.appendingPathComponent(".build/bench-scaling-\(count)-halves")
        // Half as many distinct names as links: the second half names the first half's files again.
        try LinkedFolder.make(
            folder, count: count, digits: 5, originals: { originals },
            pick: { n, originals in originals[(n % ((count + 1) / 2)) % originals.count] })
        return folder
    }
}

extension Double {
    fileprivate var asInt: Int { Int(self) }
}
