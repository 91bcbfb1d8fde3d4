import Foundation
import TesseraPhotos

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
/// `ENOSPC`), fails (`EPIPE` from a pipe whose reader is gone, `EIO`) or cannot be synced takes back
/// what this writer appended to a regular file, so a later retry appends one whole line after the
/// last whole line. The failure is thrown (the dock keeps its photos and the banner says why) and
/// named once on stderr until a confirmation succeeds again.
///
/// Several runs on one file: a record acknowledged to one of them survives every other's failure.
/// `O_APPEND` alone cannot promise that once a failure is rolled back: a length measured before a slow
/// write is stale by the time the write fails, and truncating to it erased a neighbour's record written
/// and fsynced meanwhile (issue 48). So measure, write, fsync and roll-back happen under an exclusive
/// `flock(2)` on the file, which every run takes (flock(2): the lock belongs to the open file
/// description, so two runs — or two opens in one process — exclude each other), and the roll-back
/// truncates only when the file's length is still exactly what this writer left: a writer that does not
/// take the lock (a shell's `>>`) may have appended after us, and its bytes are never cut. The lock is
/// waited for at most `lockWait` seconds (a neighbour stuck on a dying disk must not freeze the kiosk):
/// past that the confirmation fails like a full disk, the dock keeps its photos, and a retry tries
/// again. A line left torn by a run killed mid-write (nothing rolled it back) is ended before the next
/// record, so every record starts on a line of its own.
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

    /// How long a confirmation waits for another run to finish writing to the same file, seconds.
    static let lockWait = 2.0

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

    /// Opened without blocking (`O_NONBLOCK`): a FIFO with no reader is an error ("a FIFO with no
    /// reader", `fifo(7)`), never an `open` that waits forever with the run deaf to SIGTERM — at start,
    /// or when the path has been replaced by a FIFO while running. It stays non-blocking: a write waits
    /// for a slow reader in `poll`, and gives up once a SIGTERM has come (a reader that stopped reading
    /// must not keep the run from ending).
    private static func open(_ path: String) throws -> Int32 {
        let fd = FileNames.withPath(path) {
            Glibc.open($0, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o644)
        }
        guard fd >= 0 else {
            let code = errno
            var info = stat()
            let fifo =
                code == ENXIO && FileNames.withPath(path, { stat($0, &info) }) == 0
                && (info.st_mode & S_IFMT) == S_IFIFO
            let reason = fifo ? "a FIFO with no reader" : String(cString: strerror(code))
            throw Error(description: "--output \(path): \(reason)")
        }
        // A regular file is held open for reading too (the same file, through /proc), so a line torn by
        // a writer killed mid-write can be seen and ended; a file we may only write stays write-only.
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return fd }
        let both = Glibc.open("/proc/self/fd/\(fd)", O_RDWR | O_APPEND | O_CLOEXEC)
        guard both >= 0 else { return fd }
        close(fd)
        return both
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
            // A name that is not UTF-8 is written as its own bytes (`FileNames`), the file's real name.
            try write(FileNames.bytes(Self.line(photos: photos, missing: missing, time: time)))
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
        if FileNames.withPath(path, { stat($0, &atPath) }) == 0, fstat(descriptor, &open) == 0,
            atPath.st_dev == open.st_dev,
            atPath.st_ino == open.st_ino
        {
            return
        }
        let fresh = try Self.open(path)
        close(descriptor)
        descriptor = fresh
    }

    private func write(_ line: [UInt8]) throws {
        var info = stat()
        let isRegular = fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        guard isRegular else { return try write(line, isRegular: false, before: 0) }
        try lock()
        defer { _ = flock(descriptor, LOCK_UN) }
        // Measured under the lock: no other run appends until it is released.
        guard fstat(descriptor, &info) == 0 else {
            throw Error(description: "cannot read the file: \(Self.reason(errno))")
        }
        let before = info.st_size
        var bytes = line
        // The last line torn (a writer killed mid-write): end it, so this record is a line of its own.
        var last: UInt8 = 0
        if before > 0, pread(descriptor, &last, 1, before - 1) == 1, last != UInt8(ascii: "\n") {
            bytes.insert(UInt8(ascii: "\n"), at: 0)
        }
        try write(bytes, isRegular: true, before: before)
    }

    /// Takes the file's exclusive lock, waiting at most `lockWait` seconds.
    private func lock() throws {
        let deadline = Date().addingTimeInterval(Self.lockWait)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            // A file system without flock (some FUSE mounts): nothing to exclude with; write as before.
            if errno == ENOLCK || errno == EINVAL || errno == EOPNOTSUPP { return }
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw Error(description: "cannot lock the file: \(Self.reason(errno))")
            }
            guard Date() < deadline else {
                throw Error(
                    description:
                        "another process has been writing to it for \(Int(Self.lockWait)) s (the file is locked)")
            }
            usleep(10_000)
        }
    }

    private func write(_ bytes: [UInt8], isRegular: Bool, before: off_t) throws {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { writer(descriptor, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EAGAIN {
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                if poll(&ready, 1, 100) == 0, ProcessSignals.quitRequested {
                    throw rollBack(
                        to: before, written, isRegular, "cannot write the selection: the reader stopped reading")
                }
                continue
            }
            guard n > 0 else {
                let reason = n < 0 ? Self.reason(errno) : "nothing was written"
                throw rollBack(to: before, written, isRegular, "cannot write the selection: \(reason)")
            }
            written += n
        }
        // A pipe or terminal cannot be synced (EINVAL); a file must be.
        if fsync(descriptor) != 0 && errno != EINVAL && errno != EROFS {
            throw rollBack(to: before, written, isRegular, "cannot flush the selection to disk: \(Self.reason(errno))")
        }
    }

    /// Takes back the `written` bytes this writer appended after `length` — only when the file is still
    /// exactly `length + written` long, so nobody else's bytes are cut — and returns the error.
    private func rollBack(to length: off_t, _ written: Int, _ isRegular: Bool, _ message: String) -> Error {
        var info = stat()
        if isRegular, fstat(descriptor, &info) == 0, info.st_size == length + off_t(written) {
            _ = ftruncate(descriptor, length)
        }
        return Error(description: message)
    }

    private static func reason(_ code: Int32) -> String {
        code == EPIPE ? "the reader has gone (broken pipe)" : String(cString: strerror(code))
    }
}

/// One line on standard error, unbuffered.
func standardError(_ line: String) {
    FileHandle.standardError.write(Data("tessera: \(MessageLine.printable(line))\n".utf8))
}
