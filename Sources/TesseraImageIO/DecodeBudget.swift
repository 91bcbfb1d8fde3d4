import Foundation

/// Bytes that decodes in flight may hold at once, shared by every decoder thread: a decode reserves
/// what it will allocate (file, pixels, coefficient buffers, mip levels) before allocating it, and waits
/// while others hold the rest. Without it each core decodes at once with no bound, so memory grows with
/// the core count; with it a folder of large photos costs the same on 2 cores as on 64.
package final class DecodeBudget: @unchecked Sendable {
    /// The bytes all decodes together may reserve.
    package let capacity: Int
    private var reserved = 0
    private let condition = NSCondition()

    package init(capacity: Int) { self.capacity = capacity }

    /// 256 MB: four full-size 16-megapixel PNG decodes, or dozens of scaled JPEGs, at a time.
    package static let shared = DecodeBudget(capacity: 256 << 20)

    /// Runs `body` once `bytes` are free (waiting for other decodes to finish), then frees them.
    /// Nil, without running it, when `bytes` exceed the whole budget: that decode can never fit.
    package func withReservation<Result>(of bytes: Int, _ body: () -> Result) -> Result? {
        guard bytes <= capacity else { return nil }
        condition.lock()
        while reserved + bytes > capacity { condition.wait() }
        reserved += bytes
        condition.unlock()
        defer {
            condition.lock()
            reserved -= bytes
            condition.broadcast()
            condition.unlock()
        }
        return body()
    }

    /// Bytes reserved now (for tests).
    package var inUse: Int {
        condition.lock()
        defer { condition.unlock() }
        return reserved
    }
}
