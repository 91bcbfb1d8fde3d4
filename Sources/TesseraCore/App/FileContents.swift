import Foundation
import TesseraPhotos

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a whole file the user named (a config, a script, the gallery's palettes, the destinations'
/// catalog), refusing what cannot be one without ever hanging or reading without end:
///
/// - opened with `O_NONBLOCK`, so a FIFO with no writer does not block `open(2)` (`fifo(7)`), then
///   `fstat`ed: a directory or a device (`/dev/zero`, `/dev/tty`) is refused by what it is;
/// - a pipe (`--config <(…)`) is read as its writer writes, waiting at most `pipeWait` seconds for
///   each chunk; a FIFO nobody writes to reads as empty;
/// - more than `limit` bytes is refused (`/dev/urandom` through a pipe, a log given by mistake); a
///   regular file by its size before a byte of it is read (a 2 GB sparse file costs a `stat`).
enum FileContents {
    struct Error: Swift.Error, Equatable, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    static func read(_ path: String, limit: Int, pipeWait: Double = 10) throws -> Data {
        // The name's bytes (`FileNames`): `--config caf\xe9.json` in Latin-1 is that file.
        let fd = FileNames.withPath(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else { throw Error(reason: String(cString: strerror(errno)).lowercased()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Error(reason: String(cString: strerror(errno)).lowercased()) }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard Int(info.st_size) <= limit else {
                throw Error(
                    reason: "larger than \(describe(limit)): the file is \(describe(Int(info.st_size))), not read")
            }
        case S_IFIFO, S_IFSOCK:
            break
        case S_IFDIR:
            throw Error(reason: "is a directory")
        default:
            throw Error(reason: "is a device, not a file")
        }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                data.append(contentsOf: chunk[0..<n])
                guard data.count <= limit else { throw Error(reason: "larger than \(describe(limit))") }
            } else if n == 0 {
                return data
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN {
                // A pipe whose writer has not written yet.
                // A pipe whose writer has not written yet: waited for in slices, so a SIGTERM meanwhile
                // ends the wait (and the run) within a second rather than after `pipeWait`.
                var waited = 0.0
                while true {
                    var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    if poll(&waiting, 1, 100) > 0 { break }
                    waited += 0.1
                    if ProcessSignals.quitRequested {
                        throw Error(reason: "not read: a quit signal came while waiting for the pipe")
                    }
                    guard waited < pipeWait else {
                        throw Error(reason: "nothing to read from the pipe after \(Int(pipeWait)) s")
                    }
                }
            } else {
                throw Error(reason: String(cString: strerror(errno)).lowercased())
            }
        }
    }

    static func describe(_ bytes: Int) -> String {
        if bytes >= 1 << 30 { return String(format: "%.1f GB", Double(bytes) / Double(1 << 30)) }
        if bytes >= 1 << 20 { return "\(bytes >> 20) MB" }
        return bytes >= 1 << 10 ? "\(bytes >> 10) KB" : "\(bytes) bytes"
    }
}
