/// What changed in a photo folder between two scans (docs/USING.md, "Thumbnails and a live folder"): photos added, ids
/// removed, and photos whose file was replaced (same id, another modification time or size).
package struct PhotoChanges: Equatable, Sendable {
    /// New photos, in name order.
    package var added: [Photo] = []
    package var removed: [PhotoID] = []
    /// The new state of replaced photos.
    package var replaced: [Photo] = []

    init(added: [Photo] = [], removed: [PhotoID] = [], replaced: [Photo] = []) {
        self.added = added
        self.removed = removed
        self.replaced = replaced
    }

    package var isEmpty: Bool { added.isEmpty && removed.isEmpty && replaced.isEmpty }
}

extension PhotoLibrary {
    /// What turns this library into `newer`.
    func changes(to newer: PhotoLibrary) -> PhotoChanges {
        var changes = PhotoChanges()
        for photo in newer.photos {
            if let old = self.photo(for: photo.id) {
                if old.path != photo.path || old.modified != photo.modified || old.bytes != photo.bytes
                    || old.pixelSize != photo.pixelSize
                {
                    changes.replaced.append(photo)
                }
            } else {
                changes.added.append(photo)
            }
        }
        changes.removed = photos.map(\.id).filter { newer.photo(for: $0) == nil }
        return changes
    }

    /// This library with `changes` applied; photos stay in id order (a library merged with other
    /// drawables, such as the destinations' images, keeps them).
    package mutating func apply(_ changes: PhotoChanges) {
        let removed = Set(changes.removed)
        let replaced = Dictionary(changes.replaced.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        var list = photos.filter { !removed.contains($0.id) }.map { replaced[$0.id] ?? $0 }
        let known = Set(list.map(\.id))
        list += changes.added.filter { !known.contains($0.id) }
        list.sort { $0.id < $1.id }
        let keptFolder = folder
        let keptSkipped = skipped
        let keptSkippedFiles = skippedFiles
        let keptExtras = extras
        self = PhotoLibrary(photos: list)
        folder = keptFolder
        skipped = keptSkipped
        skippedFiles = keptSkippedFiles
        extras = keptExtras
    }

    /// Rescans the folder this library was scanned from and returns the changes (empty when it has no
    /// folder or the folder cannot be read now); `self` becomes the new scan.
    package mutating func rescan() -> PhotoChanges {
        guard let folder, let newer = try? PhotoLibrary.scanning(folder: folder, allowingEmpty: true, earlier: self)
        else {
            return PhotoChanges()
        }
        return adopt(newer)
    }

    /// Becomes `newer`, a scan of the same folder made elsewhere (`FolderWatcher`, off the main
    /// thread), and returns what changed.
    package mutating func adopt(_ newer: PhotoLibrary) -> PhotoChanges {
        let changes = self.changes(to: newer)
        let keptExtras = extras
        self = newer
        extras = keptExtras
        return changes
    }
}
