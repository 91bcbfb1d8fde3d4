#if canImport(Glibc)
    import Glibc
#endif

/// Where `ImageHeader` reads from: bytes at an offset, nil where the source ends before them. The view
/// is valid until the next call.
protocol HeaderBytes {
    /// The source's length in bytes.
    var count: Int { get }
    mutating func bytes(at offset: Int, count: Int) -> UnsafeBufferPointer<UInt8>?
}

/// Bytes already in memory (a decoder's copy of the file, the fuzz harness's input).
struct MemoryBytes: HeaderBytes {
    let bytes: UnsafeBufferPointer<UInt8>
    var count: Int { bytes.count }

    func bytes(at offset: Int, count: Int) -> UnsafeBufferPointer<UInt8>? {
        guard offset >= 0, count >= 0, count <= bytes.count - offset else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[offset..<(offset + count)])
    }
}

/// A regular file read a window at a time with `pread(2)`: a request inside the window is served from
/// it, any other reads a new window at its offset — `minimumWindow` bytes, or the request if larger, up
/// to `capacity` (a JPEG segment is at most 65,535 bytes long). Stepping over a segment costs nothing
/// until the next marker is asked for: a file's skipped bytes are never read.
final class FileWindow: HeaderBytes {
    /// One page: a typical JPEG's markers up to its frame header, a PNG's IHDR.
    static let minimumWindow = 4096
    /// The longest request: a whole JPEG segment with its length field.
    static let capacity = 65536

    let fd: Int32
    /// The file's size when it was opened (a file truncated meanwhile reads short: nil).
    let count: Int
    private let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: FileWindow.capacity)
    private var start = 0
    private var valid = 0
    /// Why a read failed (`EIO`), if one did; the walk then ends as at the end of the file.
    private(set) var failure: RegularFile.Failure?

    init(fd: Int32, size: Int) {
        self.fd = fd
        count = size
    }

    deinit { buffer.deallocate() }

    func bytes(at offset: Int, count wanted: Int) -> UnsafeBufferPointer<UInt8>? {
        guard offset >= 0, wanted >= 0, wanted <= Self.capacity, wanted <= count - offset, failure == nil else {
            return nil
        }
        if offset < start || offset + wanted > start + valid {
            let size = min(max(wanted, Self.minimumWindow), count - offset)
            var total = 0
            while total < size {
                let n = pread(fd, buffer.baseAddress! + total, size - total, off_t(offset + total))
                if n < 0 && errno == EINTR { continue }
                if n < 0 { failure = .system(RegularFile.systemReason()) }
                guard n > 0 else { break }
                total += n
            }
            start = offset
            valid = total
            guard wanted <= valid else { return nil }
        }
        return UnsafeBufferPointer(rebasing: buffer[(offset - start)..<(offset - start + wanted)])
    }
}
