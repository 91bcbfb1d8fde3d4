import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a file the user asked for (`--screenshot`, `--dump-state`, `--profile-json`, `--trace`, a
/// script's `screenshot` or `dump`). One rule for all of them: a write that fails is exit 2 with one
/// line naming what was being written, the path and why ("is a directory", "no space left on device").
///
/// A regular file, or a path that does not exist yet, is replaced atomically: the bytes go to a
/// temporary file beside it, are synced, and renamed over it, so a crash leaves the old file or the new
/// one, never half of one. Anything else is written through, as `cat > path` would: a device (a kiosk
/// run as root must not turn `/dev/full` or `/dev/null` into a regular file), a FIFO (opened without
/// blocking: with no reader that is an error, not a hang, `fifo(7)`), and a symlink's target (the link
/// stays; a regular target is still replaced atomically).
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
            let parent = URL(fileURLWithPath: path).deletingLastPathComponent()
            if !FileManager.default.fileExists(atPath: parent.path) {
                try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            }
            try body()
        } catch {
            throw FrameLoop.Failure(message: "\(what) \(path): \(reason(error, path: path))", exitCode: 2)
        }
    }

    /// Puts `data` at `path`: atomically for a regular file or a new path, written through otherwise.
    package static func save(_ data: Data, to path: String) throws {
        let target = resolvingSymlinks(path)
        var info = stat()
        let exists = stat(target, &info) == 0
        if !exists || (info.st_mode & S_IFMT) == S_IFREG {
            try replaceAtomically(target, with: data)
        } else if (info.st_mode & S_IFMT) == S_IFDIR {
            throw Error(path: path, reason: "is a directory")
        } else {
            let fd = try openForWriting(target)
            defer { close(fd) }
            try writeAll(data, to: fd, path: path)
        }
    }

    /// Opens `path` to stream into (a trace): created or truncated if regular, written through if a
    /// device or FIFO; never blocks on a FIFO without a reader.
    static func openForWriting(_ path: String) throws -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw Error(
                path: path,
                reason: errno == ENXIO ? "a FIFO with no reader" : String(cString: strerror(errno)).lowercased())
        }
        // Non-blocking was for the open only; writes wait for a slow reader like any other.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// `path` with its symlinks followed as far as they lead (a dangling link: where it points).
    static func resolvingSymlinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {  // Linux's own limit on links followed (MAXSYMLINKS, path_resolution(7))
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                return current
            }
            current =
                destination.hasPrefix("/")
                ? destination
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(destination).path
        }
        return current
    }

    private static func replaceAtomically(_ path: String, with data: Data) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).tmp"
        ).path
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            // A writable file in a folder we may not create files in (`/etc/x` made writable for the
            // kiosk user): written in place rather than refused.
            guard errno == EACCES || errno == EROFS, access(path, W_OK) == 0 else {
                throw Error(path: path, reason: String(cString: strerror(errno)).lowercased())
            }
            let direct = try openForWriting(path)
            defer { close(direct) }
            return try writeAll(data, to: direct, path: path)
        }
        do {
            try writeAll(data, to: fd, path: path)
            guard fsync(fd) == 0 else { throw Error(path: path, reason: String(cString: strerror(errno)).lowercased()) }
            close(fd)
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno)).lowercased()
            unlink(temporary)
            throw Error(path: path, reason: reason)
        }
    }

    private static func writeAll(_ data: Data, to fd: Int32, path: String) throws {
        var written = 0
        while written < data.count {
            let n = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let code = n < 0 ? errno : ENOSPC
                throw Error(
                    path: path,
                    reason: code == EPIPE
                        ? "the reader has gone (broken pipe)" : String(cString: strerror(code)).lowercased())
            }
            written += n
        }
    }

    /// The plain reason: the POSIX error under Foundation's, or the error's own words.
    package static func reason(_ error: Swift.Error, path: String) -> String {
        if let own = error as? Error { return own.reason }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "is a directory"
        }
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? Swift.Error {
            let posix = underlying as NSError
            if posix.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(posix.code))).lowercased() }
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))).lowercased() }
        let words = (error as? CustomStringConvertible)?.description ?? ns.localizedDescription
        return words.split(separator: "\n").first.map(String.init) ?? "cannot write"
    }
}
