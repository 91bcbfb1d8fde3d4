import Foundation

/// Where the simulation hands a confirmed selection: durable storage the host provides (`SelectionLog`,
/// a file). The simulation itself touches no file.
package protocol SelectionStore: AnyObject {
    /// Stores one confirmed selection (absolute paths, in dock order) durably before returning; throws
    /// when it could not, and then nothing was stored.
    func record(_ photos: [String]) throws
}

extension SelectionLog: SelectionStore {
    /// A file removed since the last rescan is still in the dock: the record names it as missing.
    package func record(_ photos: [String]) throws {
        try append(photos: photos, missing: photos.filter { !FileManager.default.fileExists(atPath: $0) })
    }
}
