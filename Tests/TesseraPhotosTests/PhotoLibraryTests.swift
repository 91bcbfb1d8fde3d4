import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraPhotos

final class PhotoLibraryTests: XCTestCase {
    /// A bundled camera-like JPEG.
    private static let bundledPhoto = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Assets/Photos/photo-01.jpg").standardizedFileURL

    /// A new empty folder under the temporary directory, named from `prefix`.
    private func temporaryFolder(_ prefix: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The renderer's per-frame question: a photo's pixel size by id, the same as the photo's own.
    func testPixelSizeIsThePhotosOwnAndNilWhenUnknownOrAbsent() {
        let library = PhotoLibrary(photos: [
            Photo(id: "wide", path: "/p/wide.jpg", pixelSize: Size(4000, 3000)),
            Photo(id: "unread", path: "/p/unread.jpg"),
        ])
        XCTAssertEqual(library.pixelSize(of: "wide"), Size(4000, 3000))
        XCTAssertEqual(library.pixelSize(of: "wide"), library.photo(for: "wide")?.pixelSize)
        XCTAssertNil(library.pixelSize(of: "unread"), "a header that could not be read")
        XCTAssertNil(library.pixelSize(of: "gone"), "no such photo")
    }

    /// A folder large enough to be looked at on several threads gives what a file-by-file scan gives:
    /// name order, junk skipped in place, the first usable file of an id, and a stop that keeps the
    /// files before it.
    func testALargeFolderScansInNameOrderWithDuplicatesAndJunkAsAlways() throws {
        let folder = try temporaryFolder("large")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = Self.bundledPhoto
        let count = 1_300
        for i in 0..<count {
            try FileManager.default.linkItem(
                at: photo, to: folder.appendingPathComponent(String(format: "p%05d.jpg", i)))
        }
        // Junk in the middle of a later chunk, and an id whose first file (in name order) is junk.
        try Data("not a photo".utf8).write(to: folder.appendingPathComponent("p00900.JPEG"))
        try Data("not a photo".utf8).write(to: folder.appendingPathComponent("p01100.jpeg"))
        try Data("no".utf8).write(to: folder.appendingPathComponent("notes.txt"))

        let library = try PhotoLibrary.scanning(folder: folder.path)
        XCTAssertEqual(library.ids, (0..<count).map { PhotoID(String(format: "p%05d", $0)) })
        XCTAssertEqual(library.photo(for: "p01100")?.path, folder.appendingPathComponent("p01100.jpg").path)
        XCTAssertEqual(library.photo(for: "p00900")?.pixelSize, library.photo(for: "p00000")?.pixelSize)
        XCTAssertEqual(library.skipped.map { ($0.path as NSString).lastPathComponent }, ["p00900.JPEG", "p01100.jpeg"])

        // A stop part-way: the files before the first one not looked at, in order, and nothing after.
        let asked = Counter()
        let stopped = try PhotoLibrary.scanning(folder: folder.path, allowingEmpty: true) { asked.next() > 700 }
        XCTAssertLessThan(stopped.ids.count, count)
        XCTAssertEqual(stopped.ids, Array(library.ids.prefix(stopped.ids.count)))

        // A stop asked for while the folder is listed ends the listing within 1,024 names, and the scan
        // looks at nothing (a SIGTERM during the listing of 100,000 names).
        XCTAssertEqual(try PhotoLibrary.listing(folder.path).count, count + 3)
        XCTAssertEqual(try PhotoLibrary.listing(folder.path, stopping: { true }).count, 1024)
        XCTAssertEqual(try PhotoLibrary.scanning(folder: folder.path, allowingEmpty: true) { true }.ids, [])
    }

    /// A first scan opens a regular file at once and reads its time and size from the open file; a
    /// link is looked at through `stat` first. Either way the photo is the one a rescan finds unchanged
    /// and keeps, and a FIFO named like a photo is never opened.
    func testAFirstScanStampsFilesAsARescanDoes() throws {
        let folder = try temporaryFolder("stamps")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = Self.bundledPhoto
        try FileManager.default.copyItem(at: photo, to: folder.appendingPathComponent("copy.jpg"))
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("link.jpg"), withDestinationURL: photo)
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("pipe.jpg").path, 0o600), 0)

        let first = try PhotoLibrary.scanning(folder: folder.path)
        XCTAssertEqual(first.ids, ["copy", "link"])
        XCTAssertEqual(first.skipped.map(\.reason), ["not a regular file (a FIFO)"])
        for id: PhotoID in ["copy", "link"] {
            let found = try XCTUnwrap(first.photo(for: id))
            // The link's photo is the file it names (a copy has the same bytes).
            let attributes = try FileManager.default.attributesOfItem(atPath: photo.path)
            XCTAssertEqual(found.bytes, attributes[.size] as? Int)
            XCTAssertGreaterThan(found.modified, 0)
            XCTAssertEqual(found.pixelSize, ImageHeader.pixelSize(ofFileAt: photo.path))
        }
        let again = try PhotoLibrary.scanning(folder: folder.path, earlier: first)
        XCTAssertEqual(again.photos, first.photos, "unchanged: kept as the first scan read them")
    }

    /// A photo kept from an earlier scan or the header index is the candidate's only where its path is
    /// the candidate's name in the folder, byte for byte: not a folder that begins the same.
    func testAPathIsANamesInAFolderByteForByte() {
        XCTAssertTrue(PhotoLibrary.isPath("/a/b/x.jpg", of: "x.jpg", in: "/a/b"))
        XCTAssertTrue(PhotoLibrary.isPath("/x.jpg", of: "x.jpg", in: "/"))
        XCTAssertFalse(PhotoLibrary.isPath("/a/bc/x.jpg", of: "x.jpg", in: "/a/b"))
        XCTAssertFalse(PhotoLibrary.isPath("/a/bxx.jpg", of: "x.jpg", in: "/a/b"))
        XCTAssertFalse(PhotoLibrary.isPath("/a/b/x.png", of: "x.jpg", in: "/a/b"))
        // The same letter composed and decomposed: equal as Swift strings, other files to the system.
        XCTAssertFalse(PhotoLibrary.isPath("/a/b/caf\u{E9}.jpg", of: "cafe\u{301}.jpg", in: "/a/b"))
        for name in ["x.jpg", "caf\u{E9}.jpg"] {
            XCTAssertTrue(PhotoLibrary.isPath(PhotoLibrary.path(of: name, in: "/a/b"), of: name, in: "/a/b"))
        }
    }

    /// A name is what follows the path's last `/`, by byte: a name beginning with a combining mark is one
    /// character with that `/` to String and NSString, and `lastPathComponent` keeps the wrong bytes.
    func testAPathsNameIsCutAtItsLastSlashByByte() {
        func name(_ path: String) -> String {
            FileNames.string(fromBytes: FileNames.nameBytes(ofPath: FileNames.bytes(path)))
        }
        XCTAssertEqual(name("/a/b/x.jpg"), "x.jpg")
        XCTAssertEqual(name("x.jpg"), "x.jpg", "no folder")
        XCTAssertEqual(name("/a/b/\u{31E}x.jpg"), "\u{31E}x.jpg")
        XCTAssertEqual(name("/a/b/"), "", "a folder's path names no file")
    }

    func testARenderersLibraryFindsTheImagesToDrawWithoutTakingThemForPhotos() {
        var library = PhotoLibrary(photos: [
            Photo(id: "a", path: "/p/a.jpg", pixelSize: Size(400, 300)),
            Photo(id: "b", path: "/p/b.jpg"),
        ])
        let images = [
            Photo(id: "place-1", path: "/assets/place-1.jpg", pixelSize: Size(800, 600)),
            Photo(id: "a", path: "/assets/a.jpg"),
        ]
        var drawable = library.drawing(images)
        XCTAssertEqual(drawable.ids, ["a", "b"], "images are drawn, not listed")
        XCTAssertEqual(drawable.path(for: "place-1"), "/assets/place-1.jpg")
        XCTAssertEqual(drawable.pixelSize(of: "place-1"), Size(800, 600))
        XCTAssertEqual(drawable.photo(for: "place-1")?.path, "/assets/place-1.jpg")
        XCTAssertEqual(drawable.path(for: "a"), "/p/a.jpg", "a photo keeps its id")
        XCTAssertNil(library.path(for: "place-1"), "the library it came from is unchanged")
        // A folder change keeps the images.
        let changes = PhotoChanges(added: [Photo(id: "c", path: "/p/c.jpg")], removed: ["b"])
        drawable.apply(changes)
        library.apply(changes)
        XCTAssertEqual(drawable.ids, ["a", "c"])
        XCTAssertEqual(drawable.path(for: "place-1"), "/assets/place-1.jpg")
        XCTAssertNil(drawable.path(for: "b"))
    }

    func testAFileNamesExtensionIsAfterItsLastDotAndNotALeadingOne() {
        XCTAssertEqual(FileNames.splitExtension("photo.JPG")?.stem, "photo")
        XCTAssertEqual(FileNames.splitExtension("photo.JPG")?.type, "jpg")
        XCTAssertEqual(FileNames.splitExtension("a.b.png")?.stem, "a.b")
        XCTAssertEqual(FileNames.splitExtension("caf\u{10FFE9}.jpeg")?.stem, "caf\u{10FFE9}")
        XCTAssertNil(FileNames.splitExtension(".jpg"), "a hidden name")
        XCTAssertNil(FileNames.splitExtension("photo"))
        XCTAssertNil(FileNames.splitExtension("photo."))
    }
}

/// Counts calls from any thread.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}
