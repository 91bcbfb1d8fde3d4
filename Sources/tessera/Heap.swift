import Foundation

/// glibc's heap tuning for a long-running window (BENCHMARKS.md, "Figures behind design choices";
/// docs/KIOSK.md, "Memory over days"). `<malloc.h>` is not in Swift's Glibc module, so its two calls are
/// declared here by their C names.
enum Heap {
    #if os(Linux)
        @_silgen_name("mallopt") private static func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
        @_silgen_name("malloc_trim") private static func mallocTrim(_ pad: Int) -> Int32
        /// mallopt(3)'s M_MMAP_THRESHOLD.
        private static let mmapThreshold: Int32 = -3
    #endif

    /// Decoded photos are large, short-lived buffers made on several threads. glibc's default raises its
    /// mmap threshold after the first such free, so later ones come from per-thread heaps that keep the
    /// memory: a fixed 1 MB threshold returns every big buffer to the system at once.
    static func configure() {
        #if os(Linux)
            _ = mallopt(mmapThreshold, 1 << 20)
        #endif
    }

    /// Gives every arena's free whole pages back to the system (`HeapTrimSource` calls it at rest).
    static func trim() {
        #if os(Linux)
            _ = mallocTrim(0)
        #endif
    }
}
