/// What the photo pipeline did in a run, for `--profile` (docs/PROFILING.md#profiling): thumbnails read from
/// the shared cache (hits), photos decoded because theirs was missing or stale (misses, each writing
/// one), photos decoded without the cache (it is off, or the view is larger than any thumbnail), and
/// the decode queue's length.
package struct PhotoStatistics: Equatable, Sendable {
    package var thumbnailHits = 0
    package var thumbnailMisses = 0
    package var directDecodes = 0
    /// Requests withdrawn before they started (their tile scrolled away first).
    package var withdrawn = 0
    /// Requests waiting or decoding at the end of the run, and at most at any time.
    package var queueLength = 0
    package var peakQueueLength = 0
    package init() {}

    /// Adds another cache's counters (a new renderer's); the queue length is the later one's.
    package mutating func add(_ other: PhotoStatistics) {
        thumbnailHits += other.thumbnailHits
        thumbnailMisses += other.thumbnailMisses
        directDecodes += other.directDecodes
        withdrawn += other.withdrawn
        queueLength = other.queueLength
        peakQueueLength = max(peakQueueLength, other.peakQueueLength)
    }
}
