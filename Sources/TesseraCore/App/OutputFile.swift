import Foundation
import Synchronization
import TesseraPhotos

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a file the user asked for (`--screenshot`, `--dump-state`, `--profile-json`, `--trace`, a
/// script's `screenshot` or `dump`). One rule for all of them: a write that fails is exit 2 with one
/// line naming what was being written, the path and the system's reason ("is a directory", "no space
/// left on device", "permission denied", "read-only file system").
///
/// A regular file, or a path that does not exist yet, is replaced atomically: the bytes go to a
/// temporary file beside it, are synced, and renamed over it, so a crash or a kill leaves the old file
/// or the new one, never half of one. The temporary's name is unpredictable and it is created
/// exclusively (`O_CREAT|O_EXCL|O_NOFOLLOW`, as `mkstemp(3)` does): in a folder others can write
/// (`/tmp`), a symbolic link planted under the name we would use is never followed — the open fails and
/// another name is drawn — so no one can make a dump overwrite their choice of file. A relative path's
/// temporary sits in the same relative folder: the rename never crosses to another folder.
///
/// Anything else is written through, as `cat > path` would: a device (a kiosk run as root must not turn
/// `/dev/full` or `/dev/null` into a regular file), a FIFO (opened without blocking: with no reader
/// that is an error, not a hang, `fifo(7)`), and a symlink's target (the link stays; a regular target
/// is still replaced atomically). A loop of symlinks is refused ("too many levels of symbolic links"),
/// for every output alike.
///
/// Paths are bytes (`FileNames`): a name that is not UTF-8 is written under exactly that name.
package enum OutputFile {
    struct Error: Swift.Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(path): \(reason)" }
    }

    /// Runs `body` (which writes `path`), making missing folders first; any error becomes exit 2
    /// naming `what` and `path`.
    package static func write(_ what: String, to path: String, _ body: () throws -> Void) throws {
        do {
            try makeFolders(of: path)
            try body()
        } catch {
            throw FrameLoop.Failure(message: "\(what) \(path): \(reason(error, path: path))", exitCode: 2)
        }
    }

    /// Puts `data` at `path`: atomically for a regular file or a new path, written through otherwise.
    package static func save(_ data: Data, to path: String) throws {
        let stream = try Stream(path)
        do {
            try stream.write(data)
            try stream.commit()
        } catch {
            stream.discard()
            throw error
        }
    }

    /// An output being written: a fresh temporary beside the target, renamed over it by `commit`, or
    /// the target itself where it is a device or FIFO (or a writable file in a folder we may not create
    /// files in).
    package final class Stream {
        /// The path as the user named it, for messages.
        let path: String
        private var fd: Int32
        /// Where `commit` renames the temporary to: `path` with its symlinks followed.
        private let target: String
        private let temporary: String?

        /// Opens `path` to write: never blocks on a FIFO, never follows a planted link.
        package init(_ path: String) throws {
            self.path = path
            target = try OutputFile.resolvingSymlinks(path)
            var info = stat()
            if FileNames.withPath(target, { stat($0, &info) }) != 0 {
                let code = errno
                guard code == ENOENT else { throw Error(path: path, reason: OutputFile.words(code)) }
                (fd, temporary) = try OutputFile.createTemporary(beside: target, path: path, fallback: false)
            } else {
                switch info.st_mode & S_IFMT {
                case S_IFREG:
                    (fd, temporary) = try OutputFile.createTemporary(beside: target, path: path, fallback: true)
                case S_IFDIR:
                    throw Error(path: path, reason: "is a directory")
                default:
                    fd = try OutputFile.openThrough(target, path: path)
                    temporary = nil
                }
            }
            if let temporary { _ = OutputFile.unfinished.withLock { $0.insert(temporary) } }
        }

        deinit { discard() }

        /// Appends `data`.
        package func write(_ data: Data) throws {
            guard fd >= 0 else { throw Error(path: path, reason: "already closed") }
            try OutputFile.writeAll(data, to: fd, path: path)
        }

        /// Syncs and closes, and (for a temporary) renames it over the target.
        package func commit() throws {
            guard fd >= 0 else { throw Error(path: path, reason: "already closed") }
            // A FIFO or terminal cannot be synced (EINVAL); a file must be.
            if fsync(fd) != 0, errno != EINVAL, errno != EROFS {
                let reason = OutputFile.words(errno)
                discard()
                throw Error(path: path, reason: reason)
            }
            close(fd)
            fd = -1
            guard let temporary else { return }
            let renamed = FileNames.withPath(temporary) { from in FileNames.withPath(target) { rename(from, $0) } }
            guard renamed == 0 else {
                let reason = OutputFile.words(errno)
                discard()
                throw Error(path: path, reason: reason)
            }
            OutputFile.unfinished.withLock { _ = $0.remove(temporary) }
        }

        /// Closes without committing: a temporary is removed, the target left as it was.
        package func discard() {
            if fd >= 0 {
                close(fd)
                fd = -1
            }
            guard let temporary, OutputFile.unfinished.withLock({ $0.remove(temporary) }) != nil else { return }
            _ = FileNames.withPath(temporary) { unlink($0) }
        }
    }

    /// Temporaries not yet renamed or removed: a run that ends with a failure removes them
    /// (`discardUnfinished`), so a failed run leaves no `.NAME.…tmp` behind.
    private static let unfinished = Mutex<Set<String>>([])

    /// Removes every temporary still open (a run ending on an error, before its outputs commit).
    package static func discardUnfinished() {
        let taken = unfinished.withLock { held in
            let all = held
            held.removeAll()
            return all
        }
        for temporary in taken { _ = FileNames.withPath(temporary) { unlink($0) } }
    }

    /// A new file beside `target` under a name no one can guess, created exclusively; `fallback`: when
    /// the folder refuses new files but `target` is writable (`/etc/x` made writable for the kiosk user),
    /// `target` itself, opened to be written in place.
    private static func createTemporary(beside target: String, path: String, fallback: Bool) throws
        -> (Int32, String?)
    {
        let (folder, name) = split(target)
        for _ in 0..<100 {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let temporary = (folder.map { $0 + "/" } ?? "") + ".\(name).\(suffix).tmp"
            let fd = FileNames.withPath(temporary) {
                open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            }
            if fd >= 0 { return (fd, temporary) }
            let code = errno
            // Taken (by chance, or by a link planted for it): draw another name.
            if code == EEXIST || code == ELOOP { continue }
            if fallback, code == EACCES || code == EROFS || code == EPERM,
                FileNames.withPath(target, { access($0, W_OK) }) == 0
            {
                let direct = FileNames.withPath(target) { open($0, O_WRONLY | O_TRUNC | O_NOCTTY | O_CLOEXEC) }
                if direct >= 0 { return (direct, nil) }
                throw Error(path: path, reason: words(errno))
            }
            // The temporary's own error is the folder's: the reason for the file the user named.
            throw Error(path: path, reason: words(code))
        }
        throw Error(path: path, reason: "cannot create a temporary file beside it (100 names taken)")
    }

    /// A device, FIFO or socket, opened to write through without waiting for a reader.
    private static func openThrough(_ target: String, path: String) throws -> Int32 {
        let fd = FileNames.withPath(target) { open($0, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard fd >= 0 else {
            let code = errno
            var info = stat()
            let isFIFO = FileNames.withPath(target, { stat($0, &info) }) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
            throw Error(path: path, reason: code == ENXIO && isFIFO ? "a FIFO with no reader" : words(code))
        }
        return fd
    }

    /// `path`'s folder (nil for a bare name: the current folder) and last component, split as text so
    /// a relative path stays relative.
    package static func split(_ path: String) -> (folder: String?, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (nil, path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    /// Makes `path`'s missing folders (`mkdir -p` of its folder).
    package static func makeFolders(of path: String) throws {
        guard let folder = split(path).folder, folder != "/" else { return }
        var info = stat()
        if FileNames.withPath(folder, { stat($0, &info) }) == 0 { return }
        try makeFolders(of: folder)
        if FileNames.withPath(folder, { mkdir($0, 0o755) }) != 0, errno != EEXIST {
            throw Error(path: folder, reason: words(errno))
        }
    }

    /// `path` with its symlinks followed as far as they lead (a dangling link: where it points); a
    /// loop is an error, as `open` would say.
    static func resolvingSymlinks(_ path: String) throws -> String {
        var current = path
        for _ in 0..<40 {  // Linux's own limit on links followed (MAXSYMLINKS, path_resolution(7))
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX))
            let count = FileNames.withPath(current) { readlink($0, &buffer, buffer.count) }
            guard count > 0 else { return current }
            let destination = FileNames.string(fromBytes: buffer[..<count])
            current =
                destination.hasPrefix("/") ? destination : (split(current).folder.map { $0 + "/" } ?? "") + destination
        }
        throw Error(path: path, reason: words(ELOOP))
    }

    static func writeAll(_ data: Data, to fd: Int32, path: String) throws {
        var written = 0
        while written < data.count {
            let n = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EAGAIN {
                // A FIFO (opened non-blocking) whose reader is slow: wait for room, but not past a SIGTERM
                // (a reader that has stopped reading must not keep the run from ending).
                var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                if poll(&ready, 1, 1000) == 0, ProcessSignals.quitRequested {
                    throw Error(path: path, reason: "the reader stopped reading (given up after a quit signal)")
                }
                continue
            }
            guard n > 0 else {
                let code = n < 0 ? errno : ENOSPC
                throw Error(path: path, reason: code == EPIPE ? "the reader has gone (broken pipe)" : words(code))
            }
            written += n
        }
    }

    /// `strerror`'s words for `code`, lower case ("permission denied").
    static func words(_ code: Int32) -> String { String(cString: strerror(code)).lowercased() }

    /// The plain reason: the POSIX error under Foundation's, or the error's own words.
    package static func reason(_ error: Swift.Error, path: String) -> String {
        if let own = error as? Error { return own.reason }
        var info = stat()
        if FileNames.withPath(path, { stat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            return "is a directory"
        }
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? Swift.Error {
            let posix = underlying as NSError
            if posix.domain == NSPOSIXErrorDomain { return words(Int32(posix.code)) }
        }
        if ns.domain == NSPOSIXErrorDomain { return words(Int32(ns.code)) }
        let words = (error as? CustomStringConvertible)?.description ?? ns.localizedDescription
        return words.split(separator: "\n").first.map(String.init) ?? "cannot write"
    }
}
