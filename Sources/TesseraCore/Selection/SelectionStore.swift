import Foundation
import TesseraPhotos

#if canImport(Glibc)
    import Glibc
#endif

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
        // Asked of the name's bytes (`FileNames`): a Latin-1 name exists though its string is not UTF-8.
        try append(
            photos: photos, missing: photos.filter { path in FileNames.withPath(path) { access($0, F_OK) } != 0 })
    }
}
