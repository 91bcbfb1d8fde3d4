import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where confirmed selections go (`--output`, CONTRACT.md): one JSON line per confirmation,
/// `{"time": "2026-11-30T10:00:00Z", "photos": ["/abs/path/photo-03.png", ...]}`, appended.
///
/// Durable before acknowledged: the line is written with a single `write(2)` on a file opened with
/// `O_APPEND` (so a crash cannot leave half a line between two whole ones) and `fsync`ed before
/// `append` returns — only then does the picker empty its dock. A power cut right after a
/// confirmation never loses it.
package final class SelectionLog {
    package struct Error: Swift.Error, CustomStringConvertible {
        package var description: String
    }

    private let descriptor: Int32
    private let ownsDescriptor: Bool
    package let path: String?

    /// Appends to `path`, creating it (mode 0644) if needed; nil writes to standard output.
    package init(path: String?) throws {
        self.path = path
        if let path {
            let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                throw Error(description: "--output \(path): \(String(cString: strerror(errno)))")
            }
            descriptor = fd
            ownsDescriptor = true
        } else {
            descriptor = STDOUT_FILENO
            ownsDescriptor = false
        }
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// The line for a confirmation, newline-terminated. `time` is wall-clock UTC, to the second.
    package static func line(photos: [String], time: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        let object: [String: Any] = ["time": formatter.string(from: time), "photos": photos]
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Writes one line and makes it durable; throws (and nothing is acknowledged) if either fails.
    package func append(photos: [String], time: Date = Date()) throws {
        let bytes = Array(Self.line(photos: photos, time: time).utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Error(description: "cannot write the selection: \(String(cString: strerror(errno)))")
            }
            written += n
        }
        // A pipe or terminal cannot be synced (EINVAL); a file must be.
        if fsync(descriptor) != 0 && errno != EINVAL && errno != EROFS {
            throw Error(description: "cannot flush the selection to disk: \(String(cString: strerror(errno)))")
        }
    }
}
