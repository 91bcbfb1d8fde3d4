import Foundation

/// The picker over the thousand camera photos in a 1024×768 window as a user's (no profile, 600 steps):
/// its peak resident memory on the first launch, which makes the thumbnails it shows (an empty cache,
/// every photo decoded from its file, the PNGs among them), and on the next, which reads them back.
struct FirstLaunchMemory {
    struct Result: Codable {
        var firstPeakRSSMegabytes: Double
        var nextPeakRSSMegabytes: Double
    }

    /// Nil without a display to open the window on, or when a launch failed.
    func run(tessera: URL, photos: URL, cache: URL) throws -> Result? {
        guard let display = try XDisplay.open(width: 1920, height: 1200) else { return nil }
        defer { display.close() }
        let arguments = [
            "--scene", "picker", "--photos", photos.path, "--window", "1024x768", "--renderer", "software",
            "--frames", "600",
        ]
        func peak() throws -> Double? {
            try WindowedBenchmark.peakRSS(
                tessera, arguments, display: display.name, environment: ["XDG_CACHE_HOME": cache.path])
        }
        try? FileManager.default.removeItem(at: cache)
        guard let first = try peak(), let next = try peak() else { return nil }
        return Result(firstPeakRSSMegabytes: first, nextPeakRSSMegabytes: next)
    }
}
