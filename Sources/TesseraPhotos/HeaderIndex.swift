import Foundation
import TesseraGeometry

/// What the last scan of a photo folder read from its files' headers — each photo's pixel size and
/// caption, with the file's size and time of modification — kept in the user's cache so that the next
/// start `stat`s each file it already knows instead of opening, `fstat`ing, reading and closing it: a
/// start over 100,000 photos makes one system call per photo instead of four (BENCHMARKS.md,
/// "100,000 photos"). One file per folder, `$XDG_CACHE_HOME/tessera/headers/MD5.index`, named by the
/// MD5 of the folder's URI as a thumbnail is by its photo's (`ThumbnailStore`).
///
/// It is a cache, never the truth: a photo is taken from it only where the file's size and time of
/// modification are still those it holds (`PhotoLibrary.scanning`'s `earlier`); an index that cannot be
/// read, is cut short, damaged or names another folder is not used at all; it is written whole or not
/// at all (`UserCache.replace`), and only when a scan found something it did not hold.
///
/// Layout, little-endian: the magic `TSRHDRS1`; the folder's path (u32 length, bytes); the count of
/// photos (u32); then each photo: its file name (u16 length, bytes), modified (i64 nanoseconds since the
/// epoch), bytes (i64), width and height (u32 each, both 0 for none), caption (u16 length + 1, 0 for
/// none; UTF-8). Nothing may follow the last photo.
package struct HeaderIndex: Sendable {
    /// The folder as the scan names its files (`PhotoLibrary.base(of:)`).
    let folder: String
    /// The index file.
    let path: String

    /// The index of `folder` under the cache folder `cache` (`UserCache.root`).
    package init(folder: String, cache: String) {
        self.folder = PhotoLibrary.base(of: folder)
        path = cache + "/tessera/headers/" + MD5.hex(FileURI.of(path: self.folder)) + ".index"
    }

    /// The photos the index holds, as the `earlier` of a scan; nil when there is no usable index.
    package func load() -> PhotoLibrary? {
        guard let data = try? RegularFile.contents(of: path, limit: Self.maxBytes),
            let photos = Self.decode(data, folder: folder)
        else { return nil }
        return PhotoLibrary(photos: photos)
    }

    /// Keeps `library`'s photos as the index, unless they are what `earlier` (the index as loaded)
    /// already holds. Throws when the file cannot be written (a full disk, a read-only cache): the old
    /// index then stays as it was.
    package func save(_ library: PhotoLibrary, unlessSameAs earlier: PhotoLibrary?) throws {
        guard library.photos != earlier?.photos else { return }
        try UserCache.replace(path, with: Self.encode(library.photos, folder: folder))
    }

    /// An index larger than this is not read: 128 MB holds well over a million photos.
    static let maxBytes = 128 << 20
    static let magic = Array("TSRHDRS1".utf8)
    /// The fewest bytes a photo takes: a one-byte name and no caption.
    static let smallestEntry = 2 + 1 + 8 + 8 + 4 + 4 + 2

    static func encode(_ photos: [Photo], folder: String) -> Data {
        var out: [UInt8] = magic
        out.reserveCapacity(64 + photos.count * 64)
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { out += $0 } }
        let folderBytes = FileNames.bytes(folder)
        put(UInt32(folderBytes.count))
        out += folderBytes
        put(UInt32(photos.count))
        for photo in photos {
            let name = FileNames.nameBytes(ofPath: FileNames.bytes(photo.path))
            put(UInt16(name.count))
            out += name
            put(Int64(photo.modified))
            put(Int64(photo.bytes))
            put(UInt32(photo.pixelSize?.width ?? 0))
            put(UInt32(photo.pixelSize?.height ?? 0))
            if let caption = photo.caption {
                let utf8 = Array(caption.utf8.prefix(Int(UInt16.max) - 1))
                put(UInt16(utf8.count + 1))
                out += utf8
            } else {
                put(UInt16(0))
            }
        }
        return Data(out)
    }

    /// The photos in `data` with their paths in `folder`; nil unless it is a whole index of that folder.
    static func decode(_ data: Data, folder: String) -> [Photo]? {
        data.withUnsafeBytes { raw -> [Photo]? in
            var reader = Reader(bytes: raw)
            guard reader.take(magic.count).map({ $0.elementsEqual(magic) }) == true,
                let folderLength = reader.integer(UInt32.self),
                let folderBytes = reader.take(Int(folderLength)),
                folderBytes.elementsEqual(FileNames.bytes(folder)),
                let count = reader.integer(UInt32.self).map(Int.init),
                count <= reader.remaining / smallestEntry
            else { return nil }
            var photos: [Photo] = []
            photos.reserveCapacity(count)
            for _ in 0..<count {
                guard let photo = reader.photo(in: folder) else { return nil }
                photos.append(photo)
            }
            return reader.remaining == 0 ? photos : nil
        }
    }

    /// Reads an index's bytes front to back; every read is nil past the end.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0
        var remaining: Int { bytes.count - offset }

        mutating func take(_ count: Int) -> UnsafeRawBufferPointer? {
            guard count >= 0, count <= remaining else { return nil }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
        }

        mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
            guard let field = take(MemoryLayout<T>.size) else { return nil }
            return T(littleEndian: field.loadUnaligned(as: T.self))
        }

        /// One photo; nil where a field is cut short or out of its range: a name that is empty, holds
        /// a `/` or a NUL, or has no photo's extension; a negative size or time; one side without the
        /// other; a caption that is not UTF-8.
        mutating func photo(in folder: String) -> Photo? {
            guard let nameLength = integer(UInt16.self), nameLength > 0,
                let nameBytes = take(Int(nameLength)),
                !nameBytes.contains(where: { $0 == 0 || $0 == UInt8(ascii: "/") }),
                let modified = integer(Int64.self), modified >= 0,
                let bytes = integer(Int64.self), bytes >= 0,
                let width = integer(UInt32.self), let height = integer(UInt32.self), (width == 0) == (height == 0),
                let captionField = integer(UInt16.self)
            else { return nil }
            var caption: String?
            if captionField > 0 {
                guard let utf8 = take(Int(captionField) - 1), let text = String(validating: utf8, as: UTF8.self)
                else { return nil }
                caption = text
            }
            let name = FileNames.string(fromBytes: nameBytes)
            guard let (stem, type) = FileNames.splitExtension(name), PhotoLibrary.extensions.contains(type) else {
                return nil
            }
            return Photo(
                id: PhotoID(stem), path: PhotoLibrary.path(of: name, in: folder),
                pixelSize: width == 0 ? nil : Size(Double(width), Double(height)), modified: Int(modified),
                bytes: Int(bytes), caption: caption)
        }
    }
}
