import CSDL2
import Dispatch
import Foundation

/// Decodes photos off the render thread, on every core (a concurrent Dispatch queue), and hands the
/// results back to the render thread, which makes textures of them. Each photo is decoded at most once
/// per request; results wait here (as plain surfaces) only until the next frame collects them.
final class DecodeQueue: @unchecked Sendable {
    typealias Outcome = Result<PhotoDecoder.Decoded, PhotoDecoder.Failure>

    private let queue = DispatchQueue(label: "tessera.decode", qos: .userInitiated, attributes: .concurrent)
    /// Bounds the decodes in flight to the cores, so a folder of hundreds queues rather than piles up
    /// full-size buffers at once.
    private let slots = DispatchSemaphore(value: ProcessInfo.processInfo.activeProcessorCount)
    private let lock = NSLock()
    private let finished = NSCondition()
    private var pending = Set<String>()
    private var results: [String: Outcome] = [:]

    deinit {
        // Surfaces nobody collected.
        for case .success(let decoded) in results.values {
            for level in decoded.levels { SDL_FreeSurface(level) }
        }
    }

    /// Starts decoding `id` unless it is already under way or done and not yet collected.
    func request(_ id: String, path: String, maxDimension: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard !pending.contains(id), results[id] == nil else { return }
        pending.insert(id)
        queue.async { [self] in
            slots.wait()
            let outcome = PhotoDecoder.decode(path: path, maxDimension: maxDimension)
            slots.signal()
            lock.lock()
            pending.remove(id)
            results[id] = outcome
            lock.unlock()
            finished.lock()
            finished.broadcast()
            finished.unlock()
        }
    }

    /// Holds back decodes not yet started until `resumeDecoding` (a test's way to see the loading tile
    /// whatever the machine's speed: `DispatchQueue.suspend` stops blocks from starting).
    func suspendDecoding() { queue.suspend() }

    func resumeDecoding() { queue.resume() }

    /// The finished decode of `id`, removed from the queue (the caller owns its surfaces); nil while
    /// it is still decoding or was never requested.
    func collect(_ id: String) -> Outcome? {
        lock.lock()
        defer { lock.unlock() }
        return results.removeValue(forKey: id)
    }

    /// True while `id` is being decoded.
    func isPending(_ id: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return pending.contains(id)
    }

    /// Blocks until none of `ids` is still decoding (headless runs: a frame waits for its photos, so
    /// every run renders the same pixels).
    func wait(for ids: some Collection<String>) {
        finished.lock()
        defer { finished.unlock() }
        while ids.contains(where: isPending) { finished.wait() }
    }
}
