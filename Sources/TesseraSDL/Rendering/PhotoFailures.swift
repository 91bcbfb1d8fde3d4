import TesseraPhotos

/// The photos of one texture cache that cannot be shown, each with its reason: a failed photo is not
/// decoded again (until its file changes), and is named on stderr once in the whole process
/// (`PhotoWarnings`).
struct PhotoFailures {
    private var reasons: [PhotoID: String] = [:]

    func contains(_ id: PhotoID) -> Bool { reasons[id] != nil }

    /// Records that `id` (its file at `path`) failed, naming it once; later failures of it are ignored.
    mutating func record(_ id: PhotoID, path: String, _ message: String) {
        guard reasons[id] == nil else { return }
        reasons[id] = message
        PhotoWarnings.nameOnce(path, message)
    }

    /// Forgets `id`'s failure (its file changed: it is tried again).
    mutating func forget(_ id: PhotoID) { reasons[id] = nil }
}
