import Foundation
import TesseraCore
import TesseraGeometry
import TesseraPhotos
import TesseraSDL

#if canImport(Glibc)
    import Glibc
#endif

/// `tessera-bench --fling FOLDER --cache DIR --seconds S [--drags N]` (a child of `make bench`): the
/// waterfall of FOLDER at 1024×768, flung in real time — a fling of the fastest release velocity every
/// half second — drawing photos as they decode, as a window does: from top to bottom, or `drags` flings
/// and the glide that follows them. Prints one JSON object (`LibraryBenchmark.FlingResult`): per frame
/// the simulation's steps, the render (draw list and renderer calls) and the whole frame, frames that
/// drew placeholders, the process's peak resident memory, thumbnail hits and misses and requests
/// withdrawn.
enum FlingBenchmark {
    static func run(
        folder: String, cache: String, seconds limit: Double, drags: Int? = nil
    ) throws -> LibraryBenchmark.FlingResult {
        let config = Config()
        let library = try PhotoLibrary.scanning(folder: folder)
        let sink = try OffscreenSink(
            photos: library, background: config.theme.background,
            thumbnails: ThumbnailStore(root: cache + "/thumbnails", version: tesseraVersion))
        sink.drawPhotosAsTheyDecode()
        let window = Size(1024, 768)
        var made: Simulation?
        let sceneSeconds = Stopwatch.seconds {
            made = Simulation(config: config, photos: library, scene: BenchScenes.waterfall, window: window, hz: 120)
        }
        guard let sim = made else { throw BenchError("no simulation") }
        let last = library.ids.last!
        var list = DrawList()
        var frameMs: [Double] = []
        var simulateMs: [Double] = []
        var renderMs: [Double] = []
        var renderCPUMs: [Double] = []
        var placeholders = 0
        var flings = 0
        var reachedEnd = false
        let start = Date()
        var nextFling = 0.0
        var flingStep = -1
        let path = [650.0, 520, 390, 260]
        while true {
            let elapsed = Date().timeIntervalSince(start)
            if elapsed > limit { break }
            var simulate = 0.0
            while sim.time < elapsed {
                if flingStep < 0, sim.time >= nextFling, flings < (drags ?? .max) {
                    flingStep = 0
                    nextFling = sim.time + 0.5
                    flings += 1
                }
                if flingStep >= 0 {
                    let p = Point(512, path[flingStep])
                    switch flingStep {
                    case 0: sim.handle(.pointerDown(p, time: sim.time))
                    case path.count - 1: sim.handle(.pointerUp(p, time: sim.time))
                    default: sim.handle(.pointerMove(p, time: sim.time))
                    }
                    flingStep = flingStep == path.count - 1 ? -1 : flingStep + 1
                }
                simulate += Stopwatch.seconds {
                    sim.layOutIfNeeded()
                    sim.step()
                }
            }
            let cpuBefore = Stopwatch.threadCPUSeconds()
            let drawList = Stopwatch.seconds { sim.draw(into: &list) }
            // SDL's software renderer queues the calls and draws them when flushed (the present).
            let frame = Stopwatch.seconds {
                sink.render(&list, window: window)
                sink.present()
            }
            renderCPUMs.append((Stopwatch.threadCPUSeconds() - cpuBefore) * 1000)
            frameMs.append(frame * 1000)
            simulateMs.append(simulate * 1000)
            renderMs.append((drawList + frame) * 1000)
            if sink.needsRedraw { placeholders += 1 }
            if let f = sim.presentedFrame(of: last), f.maxY <= window.height {
                reachedEnd = true
                break
            }
            // A counted fling is over once its last drag is out and the glide has stopped.
            if let drags, flings == drags, flingStep < 0, sim.isSettled { break }
            let next = Double(frameMs.count) / 60
            let wait = next - Date().timeIntervalSince(start)
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let stats = sink.photoStatistics ?? PhotoStatistics()
        func percentile(_ values: [Double], _ p: Double) -> Double {
            let sorted = values.sorted()
            return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
        }
        return LibraryBenchmark.FlingResult(
            photos: library.ids.count, drags: flings, sceneMs: sceneSeconds * 1000,
            seconds: Date().timeIntervalSince(start), frames: frameMs.count, reachedEnd: reachedEnd,
            frameP50Ms: percentile(frameMs, 0.5), frameP99Ms: percentile(frameMs, 0.99), frameMaxMs: frameMs.max() ?? 0,
            simulateP50Ms: percentile(simulateMs, 0.5), simulateP99Ms: percentile(simulateMs, 0.99),
            renderP50Ms: percentile(renderMs, 0.5), renderP99Ms: percentile(renderMs, 0.99),
            renderCPUP50Ms: percentile(renderCPUMs, 0.5),
            framesWithPlaceholders: placeholders,
            peakRSSMegabytes: Double(usage.ru_maxrss) / 1024, thumbnailHits: stats.thumbnailHits,
            thumbnailMisses: stats.thumbnailMisses, withdrawn: stats.withdrawn, peakQueue: stats.peakQueueLength)
    }
}

/// A photo copied into the watched folder of an interactive run until the first frame that draws its
/// pixels: the real run loop (`FrameLoop`, `.interactive`) and folder watcher, with a host that sleeps
/// on a condition the watcher's wake-up signals (as SDL's event wait does in a window).
enum FolderLatency {
    static func measure(folder: URL, cache: URL, source: URL) throws -> Double? {
        let fm = FileManager.default
        let watched = folder.deletingLastPathComponent().appendingPathComponent("bench-watched")
        try? fm.removeItem(at: watched)
        try fm.createDirectory(at: watched, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: watched) }
        let names = try fm.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted().prefix(100)
        for name in names {
            try fm.linkItem(at: folder.appendingPathComponent(name), to: watched.appendingPathComponent(name))
        }
        let config = Config()
        let library = try PhotoLibrary.scanning(folder: watched.path)
        let sink = try OffscreenSink(
            photos: library, background: config.theme.background,
            thumbnails: ThumbnailStore(root: cache.path + "/thumbnails", version: tesseraVersion))
        sink.drawPhotosAsTheyDecode()
        let sim = Simulation(
            config: config, photos: library, scene: BenchScenes.picker, window: Size(1024, 768), hz: 120)
        let added = PhotoID("photo-0000")
        let host = LatencyHost(sink: sink, target: added)
        let loop = try FrameLoop(simulation: sim, sink: host, timing: .interactive, host: host)
        let wake = host.wakeUp
        let watcher = FolderWatcher(folder: watched.path, wake: wake)
        if let watcher { loop.sources.append(FolderChangesSource(watcher: watcher)) }
        defer { watcher?.stop() }
        let copier = Thread {
            // The first screens' photos decode first (the queue empties); then a camera-size JPEG is
            // copied in.
            let started = Date()
            while !host.isIdle, Date().timeIntervalSince(started) < 30 { Thread.sleep(forTimeInterval: 0.05) }
            Thread.sleep(forTimeInterval: 0.5)
            host.copied = Date()
            try? fm.copyItem(at: source, to: watched.appendingPathComponent(added.rawValue + ".jpg"))
        }
        copier.start()
        try loop.run()
        guard let copied = host.copied, let shown = host.shown else { return nil }
        return shown.timeIntervalSince(copied)
    }
}

/// The window's side of `FolderLatency`: no input; sleeps until woken or due; notes the first frame
/// that draws the added photo from its pixels and then ends the run (or after 45 s). It is the loop's
/// sink too, passing every frame on to the offscreen one.
final class LatencyHost: InteractiveHost, FrameSink, @unchecked Sendable {
    let sink: OffscreenSink
    let target: PhotoID
    private let condition = NSCondition()
    private var woken = false
    private let start = Date()
    var copied: Date? {
        get { condition.withLock { copiedAt } }
        set { condition.withLock { copiedAt = newValue } }
    }
    private var copiedAt: Date?
    private(set) var shown: Date?
    /// True once the decode queue was found empty at rest (updated by the loop's thread).
    var isIdle: Bool { condition.withLock { idle } }
    private var idle = false

    init(sink: OffscreenSink, target: PhotoID) {
        self.sink = sink
        self.target = target
    }

    var wakeUp: @Sendable () -> Void {
        { [self] in
            condition.withLock {
                woken = true
                condition.signal()
            }
        }
    }

    func pumpEvents(into receiver: InputReceiver) -> Bool {
        shown == nil && Date().timeIntervalSince(start) < 45
    }

    func render(_ list: inout DrawList, window: Size) {
        sink.render(&list, window: window)
        if shown == nil, copied != nil, sink.hasDecoded(target) { shown = Date() }
    }

    func present() { sink.present() }
    func saveScreenshot(to path: String) throws { try sink.saveScreenshot(to: path) }
    var needsRedraw: Bool { sink.needsRedraw || shown != nil }
    func takeIn(_ changes: PhotoChanges) { sink.takeIn(changes) }
    var photoStatistics: PhotoStatistics? { sink.photoStatistics }

    func waitForEvents(upTo seconds: Double) {
        let empty = sink.photoStatistics?.queueLength == 0
        condition.withLock {
            idle = empty
            if !woken { _ = condition.wait(until: Date().addingTimeInterval(seconds)) }
            woken = false
        }
    }

    var nextDue: Double? { nil }
    var refreshInterval: Double? { 1.0 / 60 }
}
