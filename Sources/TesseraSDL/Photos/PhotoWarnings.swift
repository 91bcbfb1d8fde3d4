import Foundation
import TesseraCore
import TesseraPhotos

/// Names each photo that cannot be shown once per process on stderr. A texture cache is per renderer,
/// and a headless run makes a new renderer for every window size, so a storm of resizes would
/// otherwise name the same damaged file again with every new cache.
enum PhotoWarnings {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var named = Set<String>()

    /// Writes `message` unless a message about `path` was written before.
    static func nameOnce(_ path: String, _ message: String) {
        lock.lock()
        let isNew = named.insert(path).inserted
        lock.unlock()
        // A file name may hold a newline or ESC: one line, escaped, whatever it holds.
        if isNew { warn(FileNames.printable(message)) }
    }
}
