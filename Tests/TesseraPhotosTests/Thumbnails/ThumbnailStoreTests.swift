import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraPhotos

#if canImport(Glibc)
    import Glibc
#endif

/// The freedesktop.org Thumbnail Managing Standard as `ThumbnailStore` keeps it: names, chunks,
/// freshness, atomic private writes, failure entries.
final class ThumbnailStoreTests: XCTestCase {
    private var folder: URL!
    private var store: ThumbnailStore!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-thumbs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = ThumbnailStore(root: folder.appendingPathComponent("cache/thumbnails").path, version: "9.8.7")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A photo file (any bytes: the store never reads a source's content).
    private func photo(_ name: String = "photo.jpg", bytes: Int = 100) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(repeating: 7, count: bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func setModificationTime(_ path: String, to seconds: Int) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: Double(seconds))], ofItemAtPath: path)
    }

    func testUserCacheFollowsXDGCacheHome() {
        XCTAssertEqual(
            ThumbnailStore.userCache(version: "9.8.7", environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/h"])?.root,
            "/x/cache/thumbnails")
        // Unset or relative: $HOME/.cache (XDG Base Directory Specification).
        XCTAssertEqual(
            ThumbnailStore.userCache(version: "9.8.7", environment: ["HOME": "/h"])?.root, "/h/.cache/thumbnails")
        XCTAssertEqual(
            ThumbnailStore.userCache(version: "9.8.7", environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"])?.root,
            "/h/.cache/thumbnails"
        )
        XCTAssertNil(ThumbnailStore.userCache(version: "9.8.7", environment: [:]))
    }

    func testPathIsSizeFolderAndMD5OfURI() throws {
        let source = ThumbnailStore.Source(path: "/home/jens/photos/me.png", mtime: 1, size: 2)
        XCTAssertEqual(
            store.path(of: source, size: .normal), store.root + "/normal/c6ee772d9e49320e97ec29a7eb5b1697.png")
        XCTAssertEqual(store.path(of: source, size: .large), store.root + "/large/c6ee772d9e49320e97ec29a7eb5b1697.png")
        XCTAssertEqual(
            store.path(of: source, size: .xLarge), store.root + "/x-large/c6ee772d9e49320e97ec29a7eb5b1697.png")
        XCTAssertEqual(
            store.path(of: source, size: .xxLarge), store.root + "/xx-large/c6ee772d9e49320e97ec29a7eb5b1697.png")
    }

    /// Bytes standing for a thumbnail: the store keeps files, it never looks inside them.
    private let png = Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])

    func testWhatIsStoredIsReadBackFromItsSizesFolder() throws {
        let source = try XCTUnwrap(ThumbnailStore.Source(path: try photo()))
        try store.store(png, for: source, size: .large)
        XCTAssertEqual(store.thumbnail(of: source, size: .large), png)
        XCTAssertNil(store.thumbnail(of: source, size: .normal), "other sizes are other files")
    }

    func testWritesArePrivateAndLeaveNoTemporaryFiles() throws {
        let source = try XCTUnwrap(ThumbnailStore.Source(path: try photo()))
        try store.store(png, for: source, size: .normal)
        let file = store.path(of: source, size: .normal)
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        let folderAttributes = try FileManager.default.attributesOfItem(atPath: store.root + "/normal")
        XCTAssertEqual((folderAttributes[.posixPermissions] as? NSNumber)?.intValue, 0o700)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: store.root + "/normal"), [source.hash + ".png"])
        // Writing again replaces it (rename over), still one file.
        try store.store(png + [4], for: source, size: .normal)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store.root + "/normal").count, 1)
        XCTAssertEqual(store.thumbnail(of: source, size: .normal), png + [4])
    }

    func testTheChunksDescribeTheFileAsItIsNow() throws {
        let path = try photo(bytes: 1234)
        try setModificationTime(path, to: 1_700_000_000)
        let source = try XCTUnwrap(ThumbnailStore.Source(path: path))
        let entries = store.textEntries(of: source, width: 4000, height: 3000)
        XCTAssertEqual(
            entries.map(\.0).prefix(5),
            ["Thumb::URI", "Thumb::MTime", "Thumb::Size", "Thumb::Image::Width", "Thumb::Image::Height"])
        let texts = Dictionary(entries, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(texts["Thumb::URI"], FileURI.of(path: path))
        XCTAssertEqual(texts["Thumb::MTime"], "1700000000")
        XCTAssertEqual(texts["Thumb::Size"], "1234")
        XCTAssertEqual(texts["Software"], "Tessera 9.8.7", "the version the store was made with")
        XCTAssertTrue(source.isDescribed(by: texts))
        // Another modification time, another size or another file's URI: stale.
        XCTAssertFalse(source.isDescribed(by: texts.merging(["Thumb::MTime": "1700000001"]) { $1 }))
        XCTAssertFalse(source.isDescribed(by: texts.merging(["Thumb::Size": "1235"]) { $1 }))
        XCTAssertFalse(source.isDescribed(by: texts.merging(["Thumb::URI": "file:///b.jpg"]) { $1 }))
        // Thumb::Size is optional.
        XCTAssertTrue(source.isDescribed(by: texts.filter { $0.key != "Thumb::Size" }))
    }

    func testFailEntriesLiveUnderFailApplicationVersion() throws {
        let source = try XCTUnwrap(ThumbnailStore.Source(path: try photo()))
        XCTAssertNil(store.failEntry(of: source))
        try store.storeFailEntry(png, for: source)
        let entry = store.root + "/fail/tessera-9.8.7/" + source.hash + ".png"
        XCTAssertEqual(store.failPath(of: source), entry)
        XCTAssertEqual(store.failEntry(of: source), png)
    }

    func testAFIFOInTheCacheIsPassedOverAtOnceEvenWithASilentWriter() throws {
        let source = try XCTUnwrap(ThumbnailStore.Source(path: try photo()))
        try store.store(png, for: source, size: .large)
        let path = store.path(of: source, size: .large)
        try FileManager.default.removeItem(atPath: path)
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        // Another program holds it open for writing and writes nothing.
        let writer = open(path, O_RDWR | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(writer, 0)
        defer { close(writer) }
        let read = expectation(description: "the FIFO was passed over")
        let store = self.store!
        let result = Locked<Data?>(png)
        Thread.detachNewThread {
            result.set(store.thumbnail(of: source, size: .large))
            read.fulfill()
        }
        // The harness's limit, not an assertion on time: reading it would wait for the writer.
        wait(for: [read], timeout: 5)
        XCTAssertNil(result.get())
    }

    func testAThumbnailLargerThanAnyThumbnailCanBeIsNotRead() throws {
        let source = try XCTUnwrap(ThumbnailStore.Source(path: try photo()))
        try store.store(Data(count: ThumbnailStore.maxThumbnailBytes + 1), for: source, size: .large)
        XCTAssertNil(store.thumbnail(of: source, size: .large))
    }

    func testAnUnwritableCacheThrowsAndLeavesNothing() throws {
        let readOnly = folder.appendingPathComponent("ro")
        try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: readOnly.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: readOnly.path) }
        guard getuid() != 0 else { throw XCTSkip("root writes anywhere") }
        let store = ThumbnailStore(root: readOnly.appendingPathComponent("thumbnails").path, version: "9.8.7")
        let source = try XCTUnwrap(ThumbnailStore.Source(path: try photo()))
        XCTAssertThrowsError(try store.store(png, for: source, size: .large))
    }
}

/// The thumbnail size choice.
final class ThumbnailSizeTests: XCTestCase {
    func testSmallestSizeCoveringTheTile() {
        XCTAssertEqual(ThumbnailSize.covering(longSide: 100), .normal)
        XCTAssertEqual(ThumbnailSize.covering(longSide: 128), .normal)
        XCTAssertEqual(ThumbnailSize.covering(longSide: 129), .large)
        XCTAssertEqual(ThumbnailSize.covering(longSide: 500), .xLarge)
        XCTAssertEqual(ThumbnailSize.covering(longSide: 700), .xxLarge)
        XCTAssertEqual(ThumbnailSize.covering(longSide: 1024), .xxLarge)
        XCTAssertNil(ThumbnailSize.covering(longSide: 1025), "past xx-large: the photo itself")
    }

    func testAspectFillNeedsTheCroppedSideCovered() {
        // A 4:3 photo filling a 150×150 tile is drawn 200×150: it needs 200 px on its long side.
        XCTAssertEqual(ThumbnailSize.longSideNeeded(toFill: Size(150, 150), photo: Size(4000, 3000)), 200)
        // HiDPI: the same tile at 2 pixels per point.
        XCTAssertEqual(ThumbnailSize.longSideNeeded(toFill: Size(300, 300), photo: Size(4000, 3000)), 400)
        XCTAssertEqual(ThumbnailSize.covering(longSide: 400), .xLarge)
        // Unknown size: the tile's long side.
        XCTAssertEqual(ThumbnailSize.longSideNeeded(toFill: Size(150, 90), photo: nil), 150)
    }
}

/// A value shared with another thread.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func get() -> Value { lock.withLock { value } }
    func set(_ new: Value) { lock.withLock { value = new } }
}
