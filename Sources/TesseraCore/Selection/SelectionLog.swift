import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where confirmed selections go (`--output`): one JSON line per confirmation,
/// `{"time": "2026-11-30T10:00:00Z", "photos": ["/abs/path/photo-03.png", ...]}`, appended.
///
/// Durable before acknowledged: the line is written on a file opened with `O_APPEND` and `fsync`ed
/// before `append` returns — only then does the picker empty its dock. A power cut right after a
/// confirmation never loses it.
///
/// Whole or not at all: a write that stops short (a full disk: `write(2)` returns fewer bytes, then
/// `ENOSPC`), fails (`EPIPE` from a pipe whose reader is gone, `EIO`) or cannot be synced truncates a
/// regular file back to the length it had before, so a later retry appends one whole line after the
/// last whole line. The failure is thrown (the dock keeps its photos and the banner says why) and
/// named once on stderr until a confirmation succeeds again.
///
/// The path, not the file: when the file at the path was deleted or replaced (log rotation, a
/// person's `rm`), the next confirmation opens the path again rather than writing into the unlinked file.
package final class SelectionLog {
    struct Error: Swift.Error, CustomStringConvertible {
        var description: String
    }

    /// `write(2)`'s shape; tests inject short and failing writes.
    typealias Writer = (Int32, UnsafeRawPointer, Int) -> Int

    private var descriptor: Int32
    private let ownsDescriptor: Bool
    package let path: String?
    private let writer: Writer
    private let warn: (String) -> Void
    /// Whether the failure now in force has been named on stderr.
    private var failureReported = false
    /// True after a confirmation failed to be written and until one succeeds: a run that ends so
    /// exits with `unwrittenExitCode`.
    package private(set) var holdsUnwrittenSelection = false

    /// The exit code of a run that ends holding a confirmed selection it could not write.
    package static let unwrittenExitCode: Int32 = 4

    /// Appends to `path`, creating it (mode 0644) if needed; nil writes to standard output.
    package convenience init(path: String?) throws {
        try self.init(path: path, writer: { Glibc.write($0, $1, $2) }, warn: { standardError($0) })
    }

    init(path: String?, writer: @escaping Writer, warn: @escaping (String) -> Void) throws {
        self.path = path
        self.writer = writer
        self.warn = warn
        if let path {
            descriptor = try Self.open(path)
            ownsDescriptor = true
        } else {
            descriptor = STDOUT_FILENO
            ownsDescriptor = false
        }
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    private static func open(_ path: String) throws -> Int32 {
        let fd = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Error(description: "--output \(path): \(String(cString: strerror(errno)))") }
        return fd
    }

    /// The name failures use: the flag and its path, or standard output.
    private var name: String { path.map { "--output \($0)" } ?? "--output (standard output)" }

    /// The line for a confirmation, newline-terminated. `time` is wall-clock UTC, to the second.
    /// `missing` names photos of the selection whose files were gone when it was confirmed (removed from
    /// the folder before a rescan took them out of the dock); the key is left out when there are none.
    static func line(photos: [String], missing: [String] = [], time: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        var object: [String: Any] = ["time": formatter.string(from: time), "photos": photos]
        if !missing.isEmpty { object["missing"] = missing }
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Writes one whole line and makes it durable; throws (nothing acknowledged, the file as it was)
    /// if any part fails.
    func append(photos: [String], missing: [String] = [], time: Date = Date()) throws {
        do {
            try reopenIfReplaced()
            try write(Array(Self.line(photos: photos, missing: missing, time: time).utf8))
            holdsUnwrittenSelection = false
            failureReported = false
        } catch let error as Error {
            holdsUnwrittenSelection = true
            if !failureReported {
                failureReported = true
                warn("\(name): \(error.description); the selection stays on screen, confirm again to retry")
            }
            throw error
        }
    }

    /// A path whose file is gone or is another file now is opened again (`stat` against `fstat`).
    private func reopenIfReplaced() throws {
        guard let path, ownsDescriptor else { return }
        var atPath = stat()
        var open = stat()
        if stat(path, &atPath) == 0, fstat(descriptor, &open) == 0, atPath.st_dev == open.st_dev,
            atPath.st_ino == open.st_ino
        {
            return
        }
        let fresh = try Self.open(path)
        close(descriptor)
        descriptor = fresh
    }

    private func write(_ bytes: [UInt8]) throws {
        var info = stat()
        let isRegular = fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        let before = isRegular ? info.st_size : 0
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { writer(descriptor, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let reason = n < 0 ? Self.reason(errno) : "nothing was written"
                throw rollBack(to: before, isRegular, "cannot write the selection: \(reason)")
            }
            written += n
        }
        // A pipe or terminal cannot be synced (EINVAL); a file must be.
        if fsync(descriptor) != 0 && errno != EINVAL && errno != EROFS {
            throw rollBack(to: before, isRegular, "cannot flush the selection to disk: \(Self.reason(errno))")
        }
    }

    /// Truncates a regular file back to `length` (what was there before this line) and returns the error.
    private func rollBack(to length: off_t, _ isRegular: Bool, _ message: String) -> Error {
        if isRegular { _ = ftruncate(descriptor, length) }
        return Error(description: message)
    }

    private static func reason(_ code: Int32) -> String {
        code == EPIPE ? "the reader has gone (broken pipe)" : String(cString: strerror(code))
    }
}

/// One line on standard error, unbuffered.
func standardError(_ line: String) {
    FileHandle.standardError.write(Data("tessera: \(line)\n".utf8))
}
