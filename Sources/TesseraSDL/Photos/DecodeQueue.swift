import CSDL2
import Dispatch
import Foundation
import TesseraCore
import TesseraImageIO
import TesseraPhotos

/// Decodes photos off the render thread, on every core (a concurrent Dispatch queue), and hands the
/// results back to the render thread, which makes textures of them. Each photo is decoded at most once
/// per request; results wait here (as plain surfaces) only until the next frame collects them.
///
/// Requests wait in one list and each free core takes the most urgent (the photos a frame shows come
/// before the next screenful's), so a fling never leaves the screen waiting behind photos it passed;
/// decodes ahead never hold every core (`aheadLimit`), so a photo that comes into view starts at once.
/// A request not yet started can be withdrawn (`withdraw(keeping:)`): a tile that scrolled away before
/// its turn is never decoded.
///
/// Nothing waits on a decode without end. Decoders stop at their own deadline (`PhotoDecoder.timeLimit`);
/// one still running `abandonAfter` seconds after it started — a decoder stuck where it cannot look at
/// the clock — is abandoned: its photo is given up as unreadable, and whatever it returns later is
/// dropped. And a wait ends as soon as a quit is asked for (`ProcessSignals`), so SIGTERM ends a
/// headless run within a frame however long its decodes would take.
final class DecodeQueue: @unchecked Sendable {
    typealias Outcome = Result<PhotoDecoder.Decoded, PhotoDecoder.Failure>
    /// Decodes one request: the photo at `path` for a long side of `side` pixels.
    typealias Decode =
        @Sendable (_ path: String, _ side: Int, _ thumbnails: ThumbnailStore?) -> (
            Outcome, ThumbnailCodec.Source
        )

    /// How soon a request is wanted: lower first.
    enum Urgency: Int, Comparable {
        /// On screen now.
        case visible = 0
        /// In the next screenful in the direction of scrolling.
        case ahead = 1
        static func < (a: Urgency, b: Urgency) -> Bool { a.rawValue < b.rawValue }
    }

    private struct Job {
        var id: DecodeKey
        var path: String
        /// Long side to decode for, pixels (a thumbnail size, or the output's cap).
        var side: Int
        var urgency: Urgency
        var order: Int
    }

    /// A decode under way: the side it was asked for and when it started (monotonic seconds).
    private struct Running {
        var side: Int
        var started: Double
    }

    private let queue = DispatchQueue(label: "tessera.decode", qos: .userInitiated, attributes: .concurrent)
    /// Bounds the decodes in flight to the cores, so a folder of hundreds queues rather than piles up
    /// full-size buffers at once.
    private let slots = DispatchSemaphore(value: ProcessInfo.processInfo.activeProcessorCount)
    private let lock = NSLock()
    private let finished = NSCondition()
    private var waiting: [Job] = []
    private var running: [DecodeKey: Running] = [:]
    private var results: [DecodeKey: (outcome: Outcome, side: Int)] = [:]
    /// Running decodes whose file changed meanwhile, or that were abandoned: their results are dropped.
    private var discarded = Set<DecodeKey>()
    private var nextOrder = 0
    /// Decodes ahead running now, and at most: one core fewer than there are (at least one).
    private var aheadRunning = 0
    private let aheadLimit = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
    /// Blocks that found only requests ahead while `aheadLimit` were running: each is dispatched again
    /// when a decode finishes.
    private var deferred = 0
    /// The shared thumbnail cache, nil when off.
    let thumbnails: ThumbnailStore?
    private(set) var statistics = PhotoStatistics()
    private let decode: Decode
    /// Seconds after which a decode still running is abandoned.
    let abandonAfter: Double

    /// A little past the decoders' own deadline, so a decoder that keeps to it is never abandoned.
    static let defaultAbandonAfter = PhotoDecoder.timeLimit + 2

    init(
        thumbnails: ThumbnailStore? = nil, abandonAfter: Double = defaultAbandonAfter,
        decode: @escaping Decode = DecodeQueue.decodeFile
    ) {
        self.thumbnails = thumbnails
        self.abandonAfter = abandonAfter
        self.decode = decode
    }

    /// A thumbnail size through the shared cache, any other size from the photo itself.
    static let decodeFile: Decode = { path, side, thumbnails in
        if let size = ThumbnailSize(rawValue: side) {
            return ThumbnailCodec.decode(path: path, size: size, store: thumbnails)
        }
        return (PhotoDecoder.decode(path: path, maxDimension: side), .direct)
    }

    deinit {
        // Surfaces nobody collected.
        for case .success(let decoded) in results.values.map(\.outcome) {
            for level in decoded.levels { SDL_FreeSurface(level) }
        }
    }

    /// Lowers the calling thread below the render thread (`SDL_SetThreadPriority`'s low priority: on Linux
    /// nice 19 for this thread alone, setpriority(2)). Dispatch's worker threads for this queue's QoS ran
    /// at nice −2 where they may (as root), 0 otherwise: on two cores two decodes at or above the frame's
    /// priority had the scheduler take a frame's core mid-frame (100,000 photos, a window flung and
    /// resized: frame p99 16–24 ms, 11–12 ms with decodes low; BENCHMARKS.md, "Figures behind design
    /// choices"). Photos arrive a little later; the motion never waits for them. The worker threads keep
    /// the priority, and run only background work here (decodes, the folder scan's chunks).
    private static func yieldToFrames() {
        _ = SDL_SetThreadPriority(SDL_THREAD_PRIORITY_LOW)
    }

    /// Nothing waiting, running or decoded and not yet collected.
    var isIdle: Bool {
        lock.lock()
        defer { lock.unlock() }
        return waiting.isEmpty && running.isEmpty && results.isEmpty
    }

    /// Starts decoding `id` for a long side of `side` pixels unless that is already under way or done
    /// and not yet collected; a waiting request is made more urgent or larger if asked.
    func request(_ id: DecodeKey, path: String, side: Int, urgency: Urgency = .visible) {
        lock.lock()
        defer { lock.unlock() }
        if let s = running[id]?.side, s >= side { return }
        if let r = results[id], r.side >= side { return }
        if let i = waiting.firstIndex(where: { $0.id == id }) {
            waiting[i].side = max(waiting[i].side, side)
            waiting[i].urgency = min(waiting[i].urgency, urgency)
            return
        }
        // A running decode of a smaller size finishes first; the larger one is asked for again later.
        guard running[id] == nil else { return }
        waiting.append(Job(id: id, path: path, side: side, urgency: urgency, order: nextOrder))
        nextOrder += 1
        statistics.peakQueueLength = max(statistics.peakQueueLength, waiting.count + running.count)
        queue.async { [self] in runMostUrgent() }
    }

    /// One free core takes the most urgent waiting request (the earliest asked among equals).
    private func runMostUrgent() {
        Self.yieldToFrames()
        slots.wait()
        defer { slots.signal() }
        lock.lock()
        guard
            let best = waiting.indices.min(by: {
                (waiting[$0].urgency, waiting[$0].order) < (waiting[$1].urgency, waiting[$1].order)
            })
        else {
            lock.unlock()
            return
        }
        if waiting[best].urgency == .ahead, aheadRunning >= aheadLimit {
            deferred += 1
            lock.unlock()
            return
        }
        let job = waiting.remove(at: best)
        running[job.id] = Running(side: job.side, started: DecodeLimits.now())
        runningOrder[job.id] = job.order
        if job.urgency == .ahead { aheadRunning += 1 }
        lock.unlock()

        let (outcome, source) = decode(job.path, job.side, thumbnails)

        lock.lock()
        if job.urgency == .ahead { aheadRunning -= 1 }
        // Abandoned meanwhile (`abandonOverrunning`): its failure is in already, and a newer request
        // for the same photo may be running under its id.
        let abandoned = abandonedJobs.removeValue(forKey: job.order) != nil
        if !abandoned {
            running[job.id] = nil
            runningOrder[job.id] = nil
        }
        if deferred > 0 {
            deferred -= 1
            queue.async { [self] in runMostUrgent() }
        }
        switch source {
        case .hit: statistics.thumbnailHits += 1
        case .miss: statistics.thumbnailMisses += 1
        case .direct: statistics.directDecodes += 1
        }
        var unwanted: Outcome?
        if abandoned || discarded.remove(job.id) != nil {
            unwanted = outcome
        } else if let earlier = results[job.id], earlier.side > job.side {
            // A larger decode of the photo finished first and waits to be collected: it stays.
            unwanted = outcome
        } else {
            // A smaller one still waiting (asked for at a thumbnail's size, then larger for the viewer)
            // is replaced, and its surfaces freed: a kiosk that opened photos lost them, a few MB an hour.
            unwanted = results.updateValue((outcome, job.side), forKey: job.id)?.outcome
        }
        let dry = waiting.isEmpty && running.isEmpty
        lock.unlock()
        if case .success(let decoded)? = unwanted { for level in decoded.levels { SDL_FreeSurface(level) } }
        // Nothing more to decode for now: the working buffers go back to the system.
        if dry { ScratchBuffers.shared.drain() }
        finished.lock()
        finished.broadcast()
        finished.unlock()
    }

    /// Withdraws every waiting request whose photo is not in `wanted` (it scrolled away before its
    /// turn), and frees finished decodes nobody wants now (decoded ahead, then flung past: a fling
    /// through a thousand photos would otherwise keep every one); running decodes finish.
    func withdraw(keeping wanted: Set<DecodeKey>) {
        // Once a frame: a window, which never waits, finds its stuck decodes here.
        abandonOverrunning()
        lock.lock()
        let before = waiting.count
        waiting.removeAll { !wanted.contains($0.id) }
        statistics.withdrawn += before - waiting.count
        var unwanted: [Outcome] = []
        for id in results.keys where !wanted.contains(id) {
            if let r = results.removeValue(forKey: id) { unwanted.append(r.outcome) }
        }
        lock.unlock()
        for case .success(let decoded) in unwanted { for level in decoded.levels { SDL_FreeSurface(level) } }
    }

    /// Forgets `id` (its file changed or went): a waiting request is withdrawn, a running one's result
    /// dropped, a finished one freed.
    func forget(_ id: DecodeKey) {
        lock.lock()
        waiting.removeAll { $0.id == id }
        if running[id] != nil { discarded.insert(id) }
        let result = results.removeValue(forKey: id)
        lock.unlock()
        if case .success(let decoded)? = result?.outcome { for level in decoded.levels { SDL_FreeSurface(level) } }
    }

    /// Holds back decodes not yet started until `resumeDecoding` (a test's way to see the loading tile
    /// whatever the machine's speed: `DispatchQueue.suspend` stops blocks from starting).
    func suspendDecoding() { queue.suspend() }

    func resumeDecoding() { queue.resume() }

    /// The finished decode of `id` and the side it was made for, removed from the queue (the caller
    /// owns its surfaces); nil while it is still decoding or was never requested.
    func collect(_ id: DecodeKey) -> (outcome: Outcome, side: Int)? {
        lock.lock()
        defer { lock.unlock() }
        return results.removeValue(forKey: id)
    }

    /// True while `id` waits or is being decoded.
    func isPending(_ id: DecodeKey) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return running[id] != nil || waiting.contains { $0.id == id }
    }

    /// Requests waiting or decoding now.
    var queueLength: Int {
        lock.lock()
        defer { lock.unlock() }
        return waiting.count + running.count
    }

    /// The counters so far, with the queue's length now.
    func snapshot() -> PhotoStatistics {
        lock.lock()
        defer { lock.unlock() }
        var s = statistics
        s.queueLength = waiting.count + running.count
        return s
    }

    /// Blocks until none of `ids` is still decoding (headless runs: a frame waits for its photos, so
    /// every run renders the same pixels), a decode among them overran (abandoned, its photo failed),
    /// or a quit was asked for (then it returns at once, whatever is pending).
    func wait(for ids: some Collection<DecodeKey>) {
        finished.lock()
        defer { finished.unlock() }
        while !ProcessSignals.quitRequested {
            abandonOverrunning()
            guard ids.contains(where: isPending) else { return }
            // Woken by every finished decode; otherwise a look at the clock and the quit flag a few
            // times a second.
            _ = finished.wait(until: Date(timeIntervalSinceNow: Self.pollInterval))
        }
    }

    /// How often a wait looks at the quit flag and at decodes that overran.
    static let pollInterval = 0.05

    /// Jobs given up while still running, by their request order (unique per job).
    private var abandonedJobs: [Int: DecodeKey] = [:]
    /// The order of each running job, to know it when it is abandoned.
    private var runningOrder: [DecodeKey: Int] = [:]

    /// Gives up the decodes running longer than `abandonAfter`: each becomes a `timedOut` failure now,
    /// and its result, whenever it comes, is dropped.
    private func abandonOverrunning() {
        lock.lock()
        let now = DecodeLimits.now()
        for (id, job) in running where now - job.started > abandonAfter {
            running[id] = nil
            if let order = runningOrder.removeValue(forKey: id) { abandonedJobs[order] = id }
            results[id] = (.failure(.timedOut(seconds: abandonAfter)), job.side)
        }
        lock.unlock()
    }
}
