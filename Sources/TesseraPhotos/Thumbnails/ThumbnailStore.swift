import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The shared thumbnail cache of the freedesktop.org Thumbnail Managing Standard, the one GNOME Files,
/// Thunar and other Linux file managers read and write: `$XDG_CACHE_HOME/thumbnails/` (`~/.cache` when
/// unset or relative, XDG Base Directory Specification), one folder per size (`normal`, `large`,
/// `x-large`, `xx-large`), each thumbnail a PNG named by the MD5 of its file's URI and carrying
/// `Thumb::URI`, `Thumb::MTime` and `Thumb::Size` in `tEXt` chunks.
///
/// - A thumbnail whose `Thumb::MTime` (or `Thumb::Size`) differs from its file's is stale: not used,
///   and replaced when the photo is decoded again.
/// - Thumbnails are written to a temporary file in the same folder and renamed over the old one (a
///   reader never sees half a file), with permissions 0600 in folders made 0700, as the standard asks.
/// - A photo that could not be thumbnailed gets an entry in `fail/tessera-VERSION/`: an empty PNG with
///   its URI and MTime. This program then does not try to make its thumbnail again (it still tries to
///   show the photo itself, which names the reason); a changed file is tried again.
///
/// The store only keeps the files: what is in them — PNG pixels and chunks — is made and read by the
/// SDL backend (libspng), which also checks a thumbnail's size against its size class before any
/// pixel is decoded (a thumbnail is anyone's to write). Every method only touches files; it may be
/// called from any thread. Only regular files are read (`RegularFile`): a FIFO planted in the cache
/// is passed over at once.
package struct ThumbnailStore: Sendable {
    /// `…/thumbnails`.
    let root: String
    /// The `fail/` subfolder this program writes (`fail/tessera-0.1.0`).
    let failFolder: String
    /// The `Software` of the thumbnails it writes (`Tessera 0.1.0`).
    let software: String

    /// The cache at `root`, written by Tessera `version` (the program's own, `tesseraVersion`, which
    /// its callers pass): it names this program's `fail/` folder and its thumbnails' `Software`.
    package init(root: String, version: String) {
        self.root = root
        failFolder = root + "/fail/tessera-" + version
        software = "Tessera " + version
    }

    /// The cache of this user: `$XDG_CACHE_HOME/thumbnails`, or `$HOME/.cache/thumbnails`; nil when
    /// neither says where (no home).
    package static func userCache(
        version: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> ThumbnailStore? {
        UserCache.root(environment: environment).map { ThumbnailStore(root: $0 + "/thumbnails", version: version) }
    }

    /// What the standard records of a source file.
    package struct Source: Equatable, Sendable {
        var path: String
        var uri: String
        /// Modification time, whole seconds since the epoch (`Thumb::MTime`).
        var mtime: Int
        /// Bytes (`Thumb::Size`).
        var size: Int

        /// The file at `path` as it is now; nil when it cannot be stat'ed.
        package init?(path: String) {
            var info = stat()
            guard FileNames.withPath(path, { stat($0, &info) }) == 0 else { return nil }
            self.init(path: path, mtime: Int(info.st_mtim.tv_sec), size: Int(info.st_size))
        }

        init(path: String, mtime: Int, size: Int) {
            self.path = path
            uri = FileURI.of(path: path)
            self.mtime = mtime
            self.size = size
        }

        /// 32 hex digits: the file name's stem.
        var hash: String { MD5.hex(uri) }

        /// True when a thumbnail's chunks describe this file as it is now.
        package func isDescribed(by texts: [String: String]) -> Bool {
            guard texts["Thumb::URI"] == uri, texts["Thumb::MTime"] == String(mtime) else { return false }
            // Thumb::Size is optional; when present it must match too.
            return texts["Thumb::Size"].map { $0 == String(size) } ?? true
        }
    }

    /// The `tEXt` entries of the thumbnail (or failure entry) this program writes for `source`.
    package func textEntries(of source: Source, width: Int?, height: Int?) -> [(String, String)] {
        var entries = [
            ("Thumb::URI", source.uri), ("Thumb::MTime", String(source.mtime)), ("Thumb::Size", String(source.size)),
        ]
        if let width, let height {
            entries += [("Thumb::Image::Width", String(width)), ("Thumb::Image::Height", String(height))]
        }
        entries.append(("Software", software))
        return entries
    }

    /// Where the thumbnail of `source` at `size` lives (whether or not it exists).
    func path(of source: Source, size: ThumbnailSize) -> String {
        root + "/" + size.folder + "/" + source.hash + ".png"
    }

    /// The most bytes a thumbnail file may have: a 1024×1024 RGBA picture stored uncompressed, and
    /// its chunks. Anything larger is not a thumbnail of this standard, and is not read.
    static let maxThumbnailBytes = 1024 * 1024 * 4 + 1024 + (1 << 20)

    /// The bytes of the thumbnail file of `source` at `size`, nil when there is none (or it is not a
    /// regular file, or larger than any thumbnail can be).
    package func thumbnail(of source: Source, size: ThumbnailSize) -> Data? {
        try? RegularFile.contents(of: path(of: source, size: size), limit: Self.maxThumbnailBytes)
    }

    /// Writes `png` (the standard's chunks already in it) as the thumbnail of `source` at `size`:
    /// temporary file, 0600, renamed into place.
    package func store(_ png: Data, for source: Source, size: ThumbnailSize) throws {
        try UserCache.replace(path(of: source, size: size), with: png)
    }

    /// The bytes of this program's failure entry for `source`, if there is one.
    package func failEntry(of source: Source) -> Data? {
        try? RegularFile.contents(of: failPath(of: source), limit: 1 << 20)
    }

    /// Records that `source` could not be thumbnailed: `png` is an empty picture with its URI and MTime.
    package func storeFailEntry(_ png: Data, for source: Source) throws {
        try UserCache.replace(failPath(of: source), with: png)
    }

    func failPath(of source: Source) -> String { failFolder + "/" + source.hash + ".png" }
}
