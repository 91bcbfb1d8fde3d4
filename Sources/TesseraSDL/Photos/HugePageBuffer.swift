import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Scratch memory for a decode's largest buffers (a PNG's inflated image data: 48 MB for a 4000×3000
/// RGBA photo), asked to be backed by transparent huge pages (madvise(2), `MADV_HUGEPAGE`).
///
/// Such a buffer is new for every photo — glibc returns big blocks to the system at once, which
/// `tessera` asks of it (`M_MMAP_THRESHOLD`) — so every 4 KB page of it is faulted in and zeroed by the
/// kernel on first touch: measured here 40 ms of a 48 MB buffer's first write, against 6 ms in 2 MB
/// pages. Where huge pages are off (`/sys/kernel/mm/transparent_hugepage/enabled` is `never`) the
/// hint changes nothing; where they are `always`, it is what happens anyway.
enum HugePageBuffer {
    /// A huge page on x86-64 (and arm64 with 4 KB pages).
    static let hugePage = 2 << 20

    /// At least `bytes` of uninitialised memory, released with `free`; nil when there is none. Smaller
    /// requests than a huge page are plain `malloc`.
    static func allocate(_ bytes: Int) -> UnsafeMutableRawPointer? {
        guard bytes >= hugePage else { return malloc(max(1, bytes)) }
        // Whole, aligned huge pages: the kernel can only back aligned 2 MB ranges with them.
        let rounded = (bytes + hugePage - 1) / hugePage * hugePage
        var memory: UnsafeMutableRawPointer?
        guard posix_memalign(&memory, hugePage, rounded) == 0, let memory else { return nil }
        #if os(Linux)
            _ = madvise(memory, rounded, MADV_HUGEPAGE)  // a hint: refused where huge pages are off
        #endif
        return memory
    }
}
