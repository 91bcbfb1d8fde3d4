import Foundation
import TesseraGeometry

#if canImport(Glibc)
    import Glibc
#endif

/// One photo the scenes can show. Its id is the file name without extension (docs/REFERENCE.md, "State dump").
package struct Photo: Equatable, Sendable {
    package var id: PhotoID
    /// Absolute path of the image file.
    package var path: String
    /// Pixel dimensions read from the file's header (`ImageHeader`); nil when unreadable, in which case
    /// layouts that need an aspect ratio fall back to a configured one.
    package var pixelSize: Size?
    /// The file's modification time (nanoseconds since the epoch) and size in bytes when it was scanned:
    /// a rescan that finds either changed takes the photo as replaced. Zero when not known.
    var modified: Int = 0
    var bytes: Int = 0
    /// What the photo shows, in words, where its file says (EXIF `ImageDescription`): its accessible
    /// name. Nil when the file has none.
    package var caption: String?
    package init(
        id: PhotoID, path: String, pixelSize: Size? = nil, modified: Int = 0, bytes: Int = 0, caption: String? = nil
    ) {
        self.caption = caption
        self.id = id
        self.path = path
        self.pixelSize = pixelSize
        self.modified = modified
        self.bytes = bytes
    }

    /// Width / height, nil when the size is unknown.
    package var aspectRatio: Double? { pixelSize.map { $0.width / $0.height } }
}

/// What a file was when it was looked at: the same inode, size and modification time is the same file.
/// Its permissions and owner count too: a photo skipped because this process could not open it is
/// read again once `chmod` or `chown` lets it (neither changes the time of modification).
struct FileStamp: Equatable, Sendable {
    var inode: UInt64
    var bytes: Int
    var modified: Int
    var mode: UInt32
    var owner: UInt32
    var group: UInt32

    init(_ info: stat) {
        inode = UInt64(info.st_ino)
        bytes = Int(info.st_size)
        modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
        mode = UInt32(info.st_mode)
        owner = UInt32(info.st_uid)
        group = UInt32(info.st_gid)
    }
}

/// The photos of a run, in name order: every JPEG/PNG in a folder.
package struct PhotoLibrary: Sendable {
    package private(set) var photos: [Photo]
    /// Files with a photo's extension that were left out, and why (named once on stderr by the caller):
    /// their paths as printed (`FileNames.printable`).
    package internal(set) var skipped: [(path: String, reason: String)] = []
    /// The same by file name, with what each file was when it was looked at: a rescan passes over a
    /// file that is still so without reading it again (a folder of 20,000 junk `.jpg` files costs a
    /// `stat` each per change, not a read).
    var skippedFiles: [String: (stamp: FileStamp, reason: String)] = [:]
    /// The folder scanned, nil for a library made from a list.
    package internal(set) var folder: String?
    /// Each id's place in `photos`; an id given twice names its first photo.
    private var indexByID: [PhotoID: Int]
    /// Pictures a renderer draws besides the photos (the scenes' own images, `drawing(_:)`), by id: found
    /// by the look-ups, never among `photos`.
    var extras: [PhotoID: Photo] = [:]

    package init(photos: [Photo]) {
        self.photos = photos
        indexByID = Dictionary(minimumCapacity: photos.count)
        for (index, photo) in photos.enumerated() where indexByID[photo.id] == nil {
            indexByID[photo.id] = index
        }
    }

    package var ids: [PhotoID] { photos.map(\.id) }

    /// This library with `images` to draw as well, for a renderer: it shares this one's photos and
    /// index rather than copying them (a copy of a 100,000-photo library was 20 MB). A photo keeps its id
    /// where an image has the same.
    package func drawing(_ images: [Photo]) -> PhotoLibrary {
        var library = self
        for image in images where indexByID[image.id] == nil && library.extras[image.id] == nil {
            library.extras[image.id] = image
        }
        return library
    }

    package func path(for id: PhotoID) -> String? { indexByID[id].map { photos[$0].path } ?? extras[id]?.path }

    /// A photo's accessible name (what a screen reader says): its caption where the file has one, else
    /// its id, the file name without extension. Any id is its own name when there is no such photo.
    package func name(of id: PhotoID) -> String {
        guard let photo = photo(for: id), let caption = photo.caption, !caption.isEmpty else { return id.rawValue }
        return caption
    }

    /// The photo with `id`, if there is one.
    package func photo(for id: PhotoID) -> Photo? { indexByID[id].map { photos[$0] } ?? extras[id] }

    /// The pixel size of photo `id` (nil when unknown or no such photo), without copying the photo: a
    /// renderer asks it of every photo it draws, every frame.
    package func pixelSize(of id: PhotoID) -> Size? {
        if let index = indexByID[id] { return photos[index].pixelSize }
        return extras[id]?.pixelSize
    }

    package enum LoadError: Error, Equatable, CustomStringConvertible {
        case missingFolder(String)
        /// No usable photo; `skipped` says what each file with a photo's name was instead.
        case noPhotos(String, skipped: [String] = [])
        /// A file, not a folder.
        case notAFolder(String)
        /// The folder is there but cannot be opened or listed: the system's reason.
        case unreadableFolder(String, reason: String)
        package var description: String {
            switch self {
            case .missingFolder(let path): "photo folder not found: \(FileNames.printable(path))"
            case .noPhotos(let path, let skipped):
                "no JPEG or PNG photos in \(FileNames.printable(path))" + Self.reasons(skipped)
            case .notAFolder(let path): "photo folder \(FileNames.printable(path)): is a file, not a folder"
            case .unreadableFolder(let path, let reason): "photo folder \(FileNames.printable(path)): \(reason)"
            }
        }

        /// The first few files skipped and why, on the same line.
        static func reasons(_ skipped: [String]) -> String {
            guard !skipped.isEmpty else { return "" }
            let shown = skipped.prefix(5).joined(separator: "; ")
            let more = skipped.count > 5 ? "; and \(skipped.count - 5) more" : ""
            return " (\(skipped.count) skipped: \(shown)\(more))"
        }
    }

    /// The folder's entries, each with whether the folder says it is a regular file itself (`d_type`;
    /// false for a link, and where the file system does not say), or the reason it cannot be listed,
    /// from the system calls themselves (`stat`, `opendir`): Foundation's answers cannot tell a missing
    /// folder from a symlink loop or a folder without read permission. `stopping`: asked every 1,024
    /// entries; once true the listing ends with what it has (reading 100,000 names is a scan's first
    /// half second in a debug build).
    static func listing(
        _ folder: String, stopping: () -> Bool = { false }
    ) throws -> [(name: String, isRegular: Bool)] {
        var info = stat()
        guard FileNames.withPath(folder, { stat($0, &info) }) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw LoadError.missingFolder(folder) }
            throw LoadError.unreadableFolder(folder, reason: String(cString: strerror(errno)).lowercased())
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw LoadError.notAFolder(folder) }
        guard let directory = FileNames.withPath(folder, { opendir($0) }) else {
            throw LoadError.unreadableFolder(folder, reason: String(cString: strerror(errno)).lowercased())
        }
        defer { closedir(directory) }
        var names: [(name: String, isRegular: Bool)] = []
        while let entry = readdir(directory) {
            // The name's bytes as they are (`FileNames`): a Latin-1 name is a name, not damage.
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                FileNames.string(fromBytes: raw.prefix { $0 != 0 })
            }
            guard name != "." && name != ".." else { continue }
            names.append((name, entry.pointee.d_type == UInt8(DT_REG)))
            if names.count % 1024 == 0, stopping() { break }
        }
        return names
    }

    static let extensions: Set<String> = ["jpg", "jpeg", "png"]

    /// Every `.jpg`, `.jpeg` or `.png` in `folder` (not recursive), sorted by file name, each with the
    /// pixel size its header declares (nil for a file whose header cannot be read; it is still listed
    /// and draws as a placeholder).
    /// Two usable files with the same name but different extensions keep the first in name order.
    /// `allowingEmpty`: a rescan of a folder whose photos were all removed is an empty library, not an
    /// error. `earlier`: the last scan, whose photos are kept as they are where the file has not changed.
    /// `stopping`: asked before each file; once true the scan ends with what it has (a SIGTERM during a
    /// scan of 100,000 files ends the run within a second, not after every header has been read).
    /// `index`: the headers a scan of this folder read last time (`HeaderIndex`), taken as `earlier`
    /// where that is nil, and rewritten once the scan has looked at every file, if it found other
    /// photos than it started from.
    package static func scanning(
        folder: String, allowingEmpty: Bool = false, earlier: PhotoLibrary? = nil, index: HeaderIndex? = nil,
        stopping: @escaping @Sendable () -> Bool = { false }
    ) throws -> PhotoLibrary {
        let base = Self.base(of: folder)
        // The index is read while the folder is listed and sorted, on another core: over 100,000
        // photos each takes a tenth of a second.
        let indexed = Loaded<PhotoLibrary>()
        let reading = DispatchGroup()
        if let index, earlier == nil {
            DispatchQueue.global(qos: .userInitiated).async(group: reading) { indexed.value = index.load() }
        }
        var candidates: [Candidate] = []
        let listed = try listing(folder, stopping: stopping)
        // Stopped while listing: nothing is looked at, so nothing needs sorting.
        for (name, isRegular) in stopping() ? [] : listed.sorted(by: { $0.name < $1.name }) {
            guard let (stem, type) = FileNames.splitExtension(name), extensions.contains(type), !stem.hasPrefix(".")
            else { continue }
            candidates.append(Candidate(name: name, id: PhotoID(stem), isRegular: isRegular))
        }
        // A stop asked for meanwhile does not wait for the index: nothing more will be looked at. What
        // the other thread still reads goes with the box it holds.
        let known = stopping() ? earlier : earlier ?? reading.waiting(for: indexed)
        let findings = look(at: candidates, in: base, earlier: known, stopping: stopping)

        var seen = Set<PhotoID>(minimumCapacity: candidates.count)
        var photos: [Photo] = []
        photos.reserveCapacity(candidates.count)
        var skipped: [(path: String, reason: String)] = []
        var skippedFiles: [String: (stamp: FileStamp, reason: String)] = [:]
        for (candidate, finding) in zip(candidates, findings) {
            // A scan stopped part-way ends with the files looked at before the first one that was not.
            guard let finding else { break }
            // Two files for one id: the first usable one in name order is the photo.
            guard !seen.contains(candidate.id) else { continue }
            switch finding {
            case .photo(let photo):
                seen.insert(candidate.id)
                photos.append(photo)
            case .skipped(let reason, let stamp):
                skipped.append((FileNames.printable(path(of: candidate.name, in: base)), reason))
                if let stamp { skippedFiles[candidate.name] = (stamp, reason) }
            }
        }
        guard !photos.isEmpty || allowingEmpty else {
            let names = skipped.map { "\(($0.path as NSString).lastPathComponent): \($0.reason)" }
            throw LoadError.noPhotos(folder, skipped: names)
        }
        var library = PhotoLibrary(photos: photos)
        library.skipped = skipped
        library.skippedFiles = skippedFiles
        library.folder = folder
        // A scan cut short is not all of the folder. An index that cannot be written (a full disk, a
        // read-only cache) is no loss: the next start reads those headers again.
        if let index, !stopping() { try? index.save(library, unlessSameAs: known) }
        return library
    }

    /// What another thread reads for the caller, taken only through `DispatchGroup.waiting(for:)`:
    /// the wait orders the write before the read.
    fileprivate final class Loaded<Value>: @unchecked Sendable {
        var value: Value?
    }

    /// The folder as its photos' paths begin: absolute, without `.` or `..`.
    static func base(of folder: String) -> String { URL(fileURLWithPath: folder).standardizedFileURL.path }

    /// The path of the file `name` in `base` (`base(of:)`): plain string work, not NSString's or URL's,
    /// for a folder may hold 100,000 photos.
    static func path(of name: String, in base: String) -> String {
        base.hasSuffix("/") ? base + name : base + "/" + name
    }

    /// Whether `path` is that of `name` in `base` (`path(of:in:)`), byte for byte, without making it.
    static func isPath(_ path: String, of name: String, in base: String) -> Bool {
        let (p, n) = (path.utf8, name.utf8)
        let prefix = base.hasSuffix("/") ? base.utf8.count : base.utf8.count + 1
        return p.count == prefix + n.count && p.starts(with: base.utf8) && p.suffix(n.count).elementsEqual(n)
            && (prefix == base.utf8.count || p.dropFirst(base.utf8.count).first == UInt8(ascii: "/"))
    }

    /// The folder being scanned: its path as the photos' paths begin (`base(of:)`), and the folder
    /// opened, each file then named relative to it; `fd` is -1 where it could not be opened.
    private struct Folder: Sendable {
        var base: String
        var fd: Int32
    }

    /// A file the listing named with a photo's extension. Its path is made only for what is kept (a
    /// photo read, a file skipped): a warm start takes most photos with the path the index made.
    private struct Candidate: Sendable {
        var name: String
        var id: PhotoID
        /// The folder's entry is a regular file, not a link to one (`listing`).
        var isRegular: Bool

        func path(in folder: Folder) -> String { PhotoLibrary.path(of: name, in: folder.base) }

        /// `body` of the folder and the file's name in it: its name in the open folder, else `AT_FDCWD`
        /// and its whole path (the `*at` system calls).
        func withName<R>(in folder: Folder, _ body: (Int32, UnsafePointer<CChar>) -> R) -> R {
            folder.fd >= 0
                ? FileNames.withPath(name) { body(folder.fd, $0) }
                : FileNames.withPath(path(in: folder)) { body(AT_FDCWD, $0) }
        }
    }

    /// What looking at one file found.
    private enum Finding: Sendable {
        case photo(Photo)
        /// Why it is left out, and what it was when looked at (nil when it could not be `stat`ed).
        case skipped(String, FileStamp?)
    }

    /// Each candidate looked at (nil for those not reached once `stopping` said so), in their order.
    /// A large folder is looked at on every core: reading 100,000 headers is system calls, most of a
    /// start-up's time (BENCHMARKS.md, "100,000 photos").
    private static func look(
        at candidates: [Candidate], in base: String, earlier: PhotoLibrary?,
        stopping: @escaping @Sendable () -> Bool
    ) -> [Finding?] {
        // Each file is named relative to the folder, opened once: the kernel then looks up one name per
        // file rather than walking the whole path (a twentieth of a warm start's samples under `perf`,
        // over 100,000 photos). Where the folder cannot be opened, by the whole path.
        let folder = Folder(base: base, fd: FileNames.withPath(base) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) })
        defer { if folder.fd >= 0 { close(folder.fd) } }
        var findings = [Finding?](repeating: nil, count: candidates.count)
        let chunk = 512
        let chunks = (candidates.count + chunk - 1) / chunk
        findings.withUnsafeMutableBufferPointer { out in
            // Each chunk writes its own slots, so the threads never touch the same one.
            nonisolated(unsafe) let out = out
            let lookAtChunk: @Sendable (Int) -> Void = { k in
                for i in k * chunk..<min(candidates.count, (k + 1) * chunk) {
                    if stopping() { return }
                    out[i] = look(at: candidates[i], in: folder, earlier: earlier)
                }
            }
            if chunks > 1 {
                DispatchQueue.concurrentPerform(iterations: chunks, execute: lookAtChunk)
            } else {
                (0..<chunks).forEach(lookAtChunk)
            }
        }
        return findings
    }

    /// One file: the photo as the last scan read it where the file has not changed, else its header.
    private static func look(at candidate: Candidate, in folder: Folder, earlier: PhotoLibrary?) -> Finding {
        let id = candidate.id
        // A first scan has nothing to keep: a regular file is opened at once (`read`).
        if earlier == nil && candidate.isRegular { return read(candidate, in: folder, stamped: nil) }
        var info = stat()
        guard candidate.withName(in: folder, { fstatat($0, $1, &info, 0) }) == 0 else {
            return .skipped(unstattable(candidate.path(in: folder)), nil)
        }
        let modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
        let bytes = Int(info.st_size)
        // A rescan keeps what it read of a file that has not changed (a thousand headers are not
        // read again because one photo was added).
        if let known = earlier?.photo(for: id), known.modified == modified, known.bytes == bytes,
            isPath(known.path, of: candidate.name, in: folder.base)
        {
            return .photo(known)
        }
        let stamp = FileStamp(info)
        // Skipped before and unchanged since: skipped again, unread.
        if let before = earlier?.skippedFiles[candidate.name], before.stamp == stamp {
            return .skipped(before.reason, stamp)
        }
        // A FIFO, socket or device with a photo's name is never opened for reading: `open` of a
        // FIFO would wait for a writer, forever (`RegularFile`).
        if let kind = RegularFile.kind(info.st_mode) { return .skipped("not a regular file (\(kind))", stamp) }
        return read(candidate, in: folder, stamped: stamp)
    }

    /// A regular file's header, read from the file opened once: the open file says what it is and when
    /// it changed (`fstat`), so a first scan needs no `stat` before it — a fifth system call for each
    /// of 100,000 photos (BENCHMARKS.md, "100,000 photos"). `stamped`: what a `stat` just said, for a
    /// file that then cannot be opened. Without a readable header there is nothing to show (an empty,
    /// unreadable, text or random file): it is skipped. A file whose header is fine but whose data is
    /// damaged stays, and draws as a "can't open" placeholder once decoding fails.
    private static func read(_ candidate: Candidate, in folder: Folder, stamped: FileStamp?) -> Finding {
        let fd = candidate.withName(in: folder) { openat($0, $1, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard fd >= 0 else {
            // Refused by its permissions: remembered by its stamp, which holds them, so the next rescans
            // pass over it until a chmod or chown (or a change) has it read again. Anything else — too
            // many open files, a file gone meanwhile — is tried again at the next rescan.
            let refused = errno == EACCES || errno == EPERM
            let path = candidate.path(in: folder)
            let reason = unstattable(path)
            return .skipped(reason, refused ? stamped ?? stamp(of: path) : nil)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .skipped(unstattable(candidate.path(in: folder)), stamped) }
        let stamp = FileStamp(info)
        // Replaced since it was listed or `stat`ed, by something that must not be read (`RegularFile`).
        if let kind = RegularFile.kind(info.st_mode) { return .skipped("not a regular file (\(kind))", stamp) }
        let header: ImageHeader.Info?
        do {
            header = try ImageHeader.read(descriptor: fd, size: Int(info.st_size))
        } catch {
            return .skipped("cannot read the file (\(error))", stamp)
        }
        guard let header, case let size = header.size else { return .skipped("not a JPEG or PNG image", stamp) }
        return .photo(
            Photo(
                id: candidate.id, path: candidate.path(in: folder), pixelSize: size, modified: stamp.modified,
                bytes: stamp.bytes,
                caption: header.caption))
    }

    /// The file's stamp by `stat`, nil when it cannot be `stat`ed.
    private static func stamp(of path: String) -> FileStamp? {
        var info = stat()
        return FileNames.withPath(path, { stat($0, &info) }) == 0 ? FileStamp(info) : nil
    }

    /// Why `stat` failed on an entry the listing named: a symbolic link to nothing, a loop of them, or
    /// the system's reason.
    static func unstattable(_ path: String) -> String {
        let reason = errno
        var link = stat()
        if reason == ENOENT, FileNames.withPath(path, { lstat($0, &link) }) == 0, (link.st_mode & S_IFMT) == S_IFLNK {
            return "a symbolic link to nothing"
        }
        if reason == ELOOP { return "a loop of symbolic links" }
        return "cannot read the file (\(String(cString: strerror(reason)).lowercased()))"
    }
}

extension DispatchGroup {
    /// `loaded`'s value once this group's work is done.
    fileprivate func waiting<Value>(for loaded: PhotoLibrary.Loaded<Value>) -> Value? {
        wait()
        return loaded.value
    }
}
