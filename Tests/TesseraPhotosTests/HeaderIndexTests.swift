import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraPhotos

final class HeaderIndexTests: XCTestCase {
    private static let bundledPhoto = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Assets/Photos/photo-01.jpg").standardizedFileURL

    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("header-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    /// A folder of two copies of the bundled photo, `a.jpg` and `b.jpg`.
    private func photoFolder() throws -> URL {
        let folder = scratch.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["a.jpg", "b.jpg"] {
            try FileManager.default.copyItem(at: Self.bundledPhoto, to: folder.appendingPathComponent(name))
        }
        return folder
    }

    func testAnIndexReadsBackWhatItHoldsAndNothingElse() throws {
        let folder = "/srv/photos"
        // A Latin-1 name (`caf\xE9.jpg`), a caption, none, and a photo whose size is not known.
        let latin1 = FileNames.string(fromBytes: Array("caf".utf8) + [0xE9] + Array(".jpg".utf8))
        let photos = [
            Photo(
                id: PhotoID(String(latin1.dropLast(4))), path: folder + "/" + latin1, pixelSize: Size(4000, 3000),
                modified: 1_765_000_000_123_456_789, bytes: 2_400_000, caption: "Boats in the harbour at dusk"),
            Photo(id: "plain", path: folder + "/plain.png", pixelSize: Size(640, 480), modified: 1, bytes: 2),
            Photo(id: "unknown", path: folder + "/unknown.jpeg", modified: 3, bytes: 4, caption: ""),
            // A name beginning with a combining mark: one character with the `/` before it, to String.
            Photo(id: "\u{31E}x", path: folder + "/\u{31E}x.jpg", pixelSize: Size(1, 1), modified: 5, bytes: 6),
        ]
        let data = HeaderIndex.encode(photos, folder: folder)
        XCTAssertEqual(HeaderIndex.decode(data, folder: folder), photos)

        // Whole or nothing: every shorter file, a byte more, another folder's, another format's.
        for length in 0..<data.count {
            XCTAssertNil(HeaderIndex.decode(data.prefix(length), folder: folder), "cut to \(length) bytes")
        }
        XCTAssertNil(HeaderIndex.decode(data + [0], folder: folder))
        XCTAssertNil(HeaderIndex.decode(data, folder: "/srv/other"))
        var wrongMagic = data
        wrongMagic[0] ^= 1
        XCTAssertNil(HeaderIndex.decode(wrongMagic, folder: folder))
        // A count larger than the bytes could hold is refused before anything is made room for.
        var huge = HeaderIndex.encode([], folder: folder)
        huge.replaceSubrange((huge.count - 4)..., with: [0xFF, 0xFF, 0xFF, 0xFF])
        XCTAssertNil(HeaderIndex.decode(huge, folder: folder))
        // A name without a photo's extension, or with a slash or a NUL in it, is not one of the
        // folder's photos.
        let notes = HeaderIndex.encode([Photo(id: "notes", path: folder + "/notes.txt")], folder: folder)
        XCTAssertNil(HeaderIndex.decode(notes, folder: folder))
        let named = HeaderIndex.encode([Photo(id: "ab", path: folder + "/ab.jpg")], folder: folder)
        let at = try XCTUnwrap(named.firstRange(of: Data("ab.jpg".utf8))).lowerBound
        for byte in [UInt8(ascii: "/"), 0] {
            var bad = named
            bad[at + 1] = byte
            XCTAssertNil(HeaderIndex.decode(bad, folder: folder), "a name with byte \(byte)")
        }
        XCTAssertNotNil(HeaderIndex.decode(named, folder: folder))
    }

    /// A start takes the headers of unchanged files from the index without reading them, reads a file
    /// that changed, and rewrites the index only when it learned something.
    func testAStartTakesUnchangedHeadersFromTheIndexAndReadsChangedOnes() throws {
        let folder = try photoFolder()
        let index = HeaderIndex(folder: folder.path, cache: scratch.appendingPathComponent("cache").path)
        let first = try PhotoLibrary.scanning(folder: folder.path, index: index)
        let real = try XCTUnwrap(ImageHeader.pixelSize(ofFileAt: Self.bundledPhoto.path))
        XCTAssertEqual(first.photos.map(\.pixelSize), [real, real])
        XCTAssertEqual(index.load()?.photos, first.photos, "the first scan wrote the index")
        let attributes = try FileManager.default.attributesOfItem(atPath: index.path)
        XCTAssertEqual(attributes[.posixPermissions] as? Int, 0o600)

        // An index saying `a` is 7×5: a start that takes it from there has not read `a`'s header.
        var planted = first.photos
        planted[0].pixelSize = Size(7, 5)
        try HeaderIndex.encode(planted, folder: index.folder).write(to: URL(fileURLWithPath: index.path))
        let inode = try inode(of: index.path)
        let second = try PhotoLibrary.scanning(folder: folder.path, index: index)
        XCTAssertEqual(second.photos.map(\.pixelSize), [Size(7, 5), real])
        XCTAssertEqual(try self.inode(of: index.path), inode, "nothing new: the index is not rewritten")

        // `b` changes (a new time of modification): read again, and the index holds what was read.
        let b = folder.appendingPathComponent("b.jpg")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: b.path)
        let third = try PhotoLibrary.scanning(folder: folder.path, index: index)
        XCTAssertEqual(third.photo(for: "b")?.modified, 1_000_000 * 1_000_000_000)
        XCTAssertEqual(index.load()?.photos, third.photos)
        XCTAssertNotEqual(try self.inode(of: index.path), inode)
    }

    /// The index is a cache: a scan whose index cannot be written, or that is stopped, is the same scan,
    /// and a stopped one writes nothing.
    func testAnIndexThatCannotBeWrittenOrAStoppedScanLeavesTheScanAsItIs() throws {
        let folder = try photoFolder()
        // The cache's folder is a file: nothing can be made under it.
        let blocked = scratch.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocked)
        let unwritable = HeaderIndex(folder: folder.path, cache: blocked.path)
        XCTAssertEqual(try PhotoLibrary.scanning(folder: folder.path, index: unwritable).ids, ["a", "b"])

        let index = HeaderIndex(folder: folder.path, cache: scratch.appendingPathComponent("cache").path)
        XCTAssertEqual(
            try PhotoLibrary.scanning(folder: folder.path, allowingEmpty: true, index: index) { true }.ids, [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: index.path), "a stopped scan writes no index")
    }

    /// A symbolic link planted where the index goes is replaced by the index, not written through.
    func testALinkPlantedAtTheIndexIsReplacedNotFollowed() throws {
        let folder = try photoFolder()
        let index = HeaderIndex(folder: folder.path, cache: scratch.appendingPathComponent("cache").path)
        let victim = scratch.appendingPathComponent("victim")
        try Data("keep me".utf8).write(to: victim)
        try FileManager.default.createDirectory(
            atPath: (index.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: index.path, withDestinationPath: victim.path)

        _ = try PhotoLibrary.scanning(folder: folder.path, index: index)
        XCTAssertEqual(try Data(contentsOf: victim), Data("keep me".utf8))
        let type = try FileManager.default.attributesOfItem(atPath: index.path)[.type] as? FileAttributeType
        XCTAssertEqual(type, .typeRegular)
        XCTAssertEqual(index.load()?.ids, ["a", "b"])
    }

    private func inode(of path: String) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
    }
}
