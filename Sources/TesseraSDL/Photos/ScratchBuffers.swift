import Foundation

/// Large working buffers lent to decodes and taken back, so a burst of decodes — a cold library's
/// first screen, a fling — reuses a few buffers instead of asking the kernel for fresh pages each
/// time. Big allocations come straight from `mmap` and go back with `munmap`: every decode of a 6 MB
/// camera JPEG would otherwise fault in 1,500 pages the kernel zeroes before the file is read into
/// them, and once more for the copy the 1/8 decoder works on.
///
/// At most `limit` buffers are kept, `capacity` bytes in all (the largest go first: a full-size PNG's
/// 48 MB of pixels is made afresh, a camera file's few MB are kept); `drain` frees the idle ones (the
/// decode queue does when it runs dry, so a window at rest holds none).
final class ScratchBuffers: @unchecked Sendable {
    static let shared = ScratchBuffers()

    private let lock = NSLock()
    private var idle: [UnsafeMutableRawBufferPointer] = []
    private let limit: Int
    private let capacity: Int

    /// Sizes are rounded up to this, so files of similar sizes share buffers.
    private static let granule = 1 << 20

    init(limit: Int = 2 * ProcessInfo.processInfo.activeProcessorCount, capacity: Int = 64 << 20) {
        self.limit = limit
        self.capacity = capacity
    }

    deinit { drain() }

    /// Runs `body` with a buffer of at least `count` bytes (contents undefined), lent only for the call.
    func withBuffer<R>(atLeast count: Int, _ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        let buffer = take(count)
        defer { give(buffer) }
        return try body(buffer)
    }

    /// Frees every idle buffer.
    func drain() {
        lock.lock()
        let freed = idle
        idle.removeAll()
        lock.unlock()
        for buffer in freed { buffer.deallocate() }
    }

    /// Bytes held by idle buffers now.
    var idleBytes: Int {
        lock.lock()
        defer { lock.unlock() }
        return idle.reduce(0) { $0 + $1.count }
    }

    private func take(_ count: Int) -> UnsafeMutableRawBufferPointer {
        lock.lock()
        let fitting = idle.indices.filter { idle[$0].count >= count }.min { idle[$0].count < idle[$1].count }
        if let fitting {
            let buffer = idle.remove(at: fitting)
            lock.unlock()
            return buffer
        }
        lock.unlock()
        let size = (max(count, 1) + Self.granule - 1) / Self.granule * Self.granule
        return UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 64)
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
        for buffer in dropped { buffer.deallocate() }
    }
}
