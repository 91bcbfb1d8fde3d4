import Foundation

/// Notices when a config file changes on disk, for live reload: designers tune springs while the app
/// runs. Polled by the windowed host a few times a second (real time; headless runs never reload, so
/// they stay deterministic).
package struct ConfigWatcher {
    let path: String
    private var lastStamp: Stamp?
    private var forced = false

    private struct Stamp: Equatable {
        var modified: Date?
        var size: Int?
    }

    enum Change {
        case reloaded(Config)
        /// The edit does not decode; the message names the key. The old config stays in force.
        case failed(String)
    }

    package init(path: String) {
        self.path = path
        lastStamp = Self.stamp(path)
    }

    /// Makes the next `poll` read the file whether or not it changed (a `SIGHUP`).
    mutating func forget() { forced = true }

    /// The new config if the file changed since the last call (or `forget` was called), nil if not.
    mutating func poll() -> Change? {
        let now = Self.stamp(path)
        guard now != lastStamp || forced else { return nil }
        lastStamp = now
        forced = false
        do {
            return .reloaded(try ConfigLoader.load(path: path, pipeWait: 0))
        } catch {
            return .failed("\(error)")
        }
    }

    private static func stamp(_ path: String) -> Stamp? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        return Stamp(
            modified: attributes[.modificationDate] as? Date, size: (attributes[.size] as? NSNumber)?.intValue)
    }
}
