import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Opens only regular files. `open(2)` of a FIFO blocks until a writer appears — forever, for a FIFO
/// named like a photo in a watched folder or planted in the shared thumbnail cache — and a device may
/// never end. So every photo, header and thumbnail is opened with `O_NONBLOCK` (which makes opening a
/// FIFO return at once, fifo(7), and means nothing for a regular file) and checked with `fstat`
/// before a byte is read: anything but a regular file is refused without reading.
package enum RegularFile {
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// A FIFO, socket, device or folder: what it is.
        case notRegular(String)
        /// The system's reason (`strerror`), lower case.
        case system(String)
        /// Larger than the caller reads.
        case tooLarge(bytes: Int, limit: Int)

        package var description: String {
            switch self {
            case .notRegular(let kind): "not a regular file (\(kind))"
            case .system(let reason): reason
            case .tooLarge(let bytes, let limit):
                "the file is \(RegularFile.describe(bytes)), more than the \(RegularFile.describe(limit)) read"
            }
        }
    }

    /// `body` with a descriptor of the regular file at `path` and its size; the descriptor is closed after.
    package static func withDescriptor<R>(_ path: String, _ body: (Int32, Int) throws(Failure) -> R) throws(Failure)
        -> R
    {
        let fd = FileNames.withPath(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard fd >= 0 else { throw .system(systemReason()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(systemReason()) }
        if let kind = kind(info.st_mode) { throw .notRegular(kind) }
        return try body(fd, Int(info.st_size))
    }

    /// Up to `limit` bytes from the start of the regular file at `path`.
    package static func prefix(of path: String, limit: Int) throws(Failure) -> Data {
        try withDescriptor(path) { fd, size throws(Failure) in try read(fd, upTo: min(size, limit)) }
    }

    /// The whole regular file at `path`, refused when it is larger than `limit`.
    static func contents(of path: String, limit: Int) throws(Failure) -> Data {
        try withDescriptor(path) { fd, size throws(Failure) in
            guard size <= limit else { throw .tooLarge(bytes: size, limit: limit) }
            return try read(fd, upTo: size)
        }
    }

    /// At most `count` bytes (fewer if the file was truncated meanwhile).
    static func read(_ fd: Int32, upTo count: Int) throws(Failure) -> Data {
        var data = Data(count: count)
        let total = data.withUnsafeMutableBytes { raw -> Int in
            var total = 0
            while total < count {
                let n = Glibc.read(fd, raw.baseAddress! + total, count - total)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return n < 0 ? -1 : total }
                total += n
            }
            return total
        }
        guard total >= 0 else { throw .system(systemReason()) }
        data.count = total
        return data
    }

    /// What a file that is not regular is, from its mode; nil for a regular file.
    static func kind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFDIR: "a folder"
        default: "not a file"
        }
    }

    static func systemReason() -> String { String(cString: strerror(errno)).lowercased() }

    /// Bytes as a person reads them: "4.2 GB", "512 KB", "80 bytes".
    package static func describe(_ bytes: Int) -> String {
        if bytes >= 1 << 30 { return String(format: "%.1f GB", Double(bytes) / Double(1 << 30)) }
        if bytes >= 1 << 20 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10 { return "\(bytes >> 10) KB" }
        return "\(bytes) bytes"
    }
}
