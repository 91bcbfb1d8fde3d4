import Foundation

/// Large working buffers lent to decodes and taken back, so a burst of decodes — a cold library's
/// first screen, a fling — reuses a few buffers instead of asking the kernel for fresh pages each
/// time. Big allocations come straight from `mmap` and go back with `munmap` (`tessera` asks glibc to,
/// `M_MMAP_THRESHOLD`, so memory returns at once): every decode of a 6 MB camera JPEG would otherwise
/// fault in 1,500 pages the kernel zeroes before the file is read into them, and once more for the
/// copy the 1/8 decoder works on.
///
/// Buffers are whole 2 MB pages, aligned, and asked to be backed by transparent huge pages (madvise(2),
/// `MADV_HUGEPAGE`): a fresh 48 MB buffer (a 4000×3000 PNG's inflated rows) took 40 ms to fill here in
/// 4 KB pages against 6 ms in 2 MB ones. Where huge pages are off the hint changes nothing.
///
/// At most `limit` buffers are kept, `capacity` bytes in all (the largest go first: a full-size PNG's
/// 48 MB of inflated rows is made afresh, a camera file's few MB are kept): enough for two cores' JPEG
/// files and unstuffed data, little against a fling's peak memory (flinging through the thousand-photo
/// bench peaked at up to 341 MB with 64 MB kept, 253–315 MB with 32). `drain` frees the idle ones (the
/// decode queue does when it runs dry, so a window at rest holds none).
package final class ScratchBuffers: @unchecked Sendable {
    package static let shared = ScratchBuffers()

    private let lock = NSLock()
    private var idle: [UnsafeMutableRawBufferPointer] = []

    /// A huge page on x86-64 (and arm64 with 4 KB pages); sizes are rounded up to it, so files of
    /// similar sizes share buffers.
    static let granule = 2 << 20
    private let limit: Int
    private let capacity: Int

    package init(limit: Int = 2 * ProcessInfo.processInfo.activeProcessorCount, capacity: Int = 32 << 20) {
        self.limit = limit
        self.capacity = capacity
    }

    deinit { drain() }

    /// Runs `body` with a buffer of at least `count` bytes (contents undefined), lent only for the
    /// call; nil without calling it when there is no memory.
    package func withBuffer<R>(atLeast count: Int, _ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R? {
        guard let buffer = take(count) else { return nil }
        defer { give(buffer) }
        return try body(buffer)
    }

    /// Frees every idle buffer.
    package func drain() {
        lock.lock()
        let freed = idle
        idle.removeAll()
        lock.unlock()
        for buffer in freed { free(buffer.baseAddress) }
    }

    /// Bytes held by idle buffers now.
    package var idleBytes: Int {
        lock.lock()
        defer { lock.unlock() }
        return idle.reduce(0) { $0 + $1.count }
    }

    /// The buffer, or nil when there is no memory for it.
    private func take(_ count: Int) -> UnsafeMutableRawBufferPointer? {
        lock.lock()
        let fitting = idle.indices.filter { idle[$0].count >= count }.min { idle[$0].count < idle[$1].count }
        if let fitting {
            let buffer = idle.remove(at: fitting)
            lock.unlock()
            return buffer
        }
        lock.unlock()
        let size = (max(count, 1) + Self.granule - 1) / Self.granule * Self.granule
        var memory: UnsafeMutableRawPointer?
        guard posix_memalign(&memory, Self.granule, size) == 0, let memory else { return nil }
        _ = madvise(memory, size, MADV_HUGEPAGE)  // a hint: refused where huge pages are off
        return UnsafeMutableRawBufferPointer(start: memory, count: size)
    }

    private func give(_ buffer: UnsafeMutableRawBufferPointer) {
        lock.lock()
        idle.append(buffer)
        var dropped: [UnsafeMutableRawBufferPointer] = []
        while idle.reduce(0, { $0 + $1.count }) > capacity,
            let largest = idle.indices.max(by: { idle[$0].count < idle[$1].count })
        {
            dropped.append(idle.remove(at: largest))
        }
        if idle.count > limit, let smallest = idle.indices.min(by: { idle[$0].count < idle[$1].count }) {
            dropped.append(idle.remove(at: smallest))
        }
        lock.unlock()
        for buffer in dropped { free(buffer.baseAddress) }
    }
}
