import Foundation

/// Writes a file the user asked for (`--screenshot`, `--dump-state`, a script's `screenshot` or `dump`):
/// missing folders are made; a failure is the user's path, so it is exit 2 with one line naming what
/// was being written, the path and why ("is a directory", "permission denied").
package enum OutputFile {
    package static func write(_ what: String, to path: String, _ body: () throws -> Void) throws {
        do {
            let parent = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            try body()
        } catch {
            throw FrameLoop.Failure(message: "\(what) \(path): \(reason(error, path: path))", exitCode: 2)
        }
    }

    /// The plain reason: the POSIX error under Foundation's, or the error's own words.
    static func reason(_ error: Error, path: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "is a directory"
        }
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? Error {
            let posix = underlying as NSError
            if posix.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(posix.code))).lowercased() }
        }
        let words = (error as? CustomStringConvertible)?.description ?? ns.localizedDescription
        return words.split(separator: "\n").first.map(String.init) ?? "cannot write"
    }
}
