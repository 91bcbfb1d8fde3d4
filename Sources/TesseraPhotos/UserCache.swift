import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The user's cache folder (XDG Base Directory Specification): `$XDG_CACHE_HOME`, or `$HOME/.cache`
/// when that is unset or relative, and how this program writes a file into it: whole or not at all.
/// Both the shared thumbnails (`ThumbnailStore`) and the photo folders' header indexes (`HeaderIndex`)
/// live there.
package enum UserCache {
    /// The cache folder; nil when neither variable says where (no home).
    package static func root(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.cache"
    }

    struct WriteError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Writes `data` to `path` through a temporary file in the same folder, 0600, renamed into place:
    /// a reader never sees half a file, a full disk leaves the old one as it was, and a symbolic link
    /// planted at `path` is replaced, not followed (the temporary is made with `O_EXCL`). Missing
    /// folders are made 0700, as the Thumbnail Managing Standard asks of its own.
    static func replace(_ path: String, with data: Data) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try makeFolders(folder)
        let suffix = (path as NSString).pathExtension
        let temporary =
            folder + "/.tessera-\(getpid())-\(UInt64.random(in: 0...UInt64.max))" + (suffix.isEmpty ? "" : "." + suffix)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw WriteError(message: "\(temporary): \(String(cString: strerror(errno)))") }
        var ok = true
        data.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    ok = false
                    return
                }
                done += n
            }
        }
        close(fd)
        guard ok, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw WriteError(message: "\(path): \(reason)")
        }
    }

    /// Makes `folder` and its parents, each new one 0700 (only the user may read them).
    private static func makeFolders(_ folder: String) throws {
        var info = stat()
        if stat(folder, &info) == 0 { return }
        let parent = (folder as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != folder { try makeFolders(parent) }
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw WriteError(message: "\(folder): \(String(cString: strerror(errno)))")
        }
    }
}
