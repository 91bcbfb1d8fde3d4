import Foundation
import XCTest

@testable import TesseraCore

/// The freedesktop.org Thumbnail Managing Standard as `ThumbnailStore` keeps it: names, chunks,
/// freshness, atomic private writes, failure entries.
final class ThumbnailStoreTests: XCTestCase {
    private var folder: URL!
    private var store: ThumbnailStore!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-thumbs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = ThumbnailStore(root: folder.appendingPathComponent("cache/thumbnails").path)
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
            ThumbnailStore.userCache(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/h"])?.root,
            "/x/cache/thumbnails")
        // Unset or relative: $HOME/.cache (XDG Base Directory Specification).
        XCTAssertEqual(ThumbnailStore.userCache(environment: ["HOME": "/h"])?.root, "/h/.cache/thumbnails")
        XCTAssertEqual(
            ThumbnailStore.userCache(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"])?.root, "/h/.cache/thumbnails"
        )
        XCTAssertNil(ThumbnailStore.userCache(environment: [:]))
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

    func testRoundTripCarriesTheStandardsChunks() throws {
        let path = try photo(bytes: 1234)
        try setModificationTime(path, to: 1_700_000_000)
        let source = try XCTUnwrap(ThumbnailStore.Source(path: path))
        try store.store(ThumbnailStore.emptyPNG, for: source, size: .large, photoWidth: 4000, photoHeight: 3000)

        let fresh = try XCTUnwrap(store.fresh(source, size: .large))
        XCTAssertEqual(fresh.photoWidth, 4000)
        XCTAssertEqual(fresh.photoHeight, 3000)
        let texts = try XCTUnwrap(PNGText.read(fresh.png))
        XCTAssertEqual(texts["Thumb::URI"], FileURI.of(path: path))
        XCTAssertEqual(texts["Thumb::MTime"], "1700000000")
        XCTAssertEqual(texts["Thumb::Size"], "1234")
        // The pixels are the PNG given: everything after the chunks is untouched.
        XCTAssertEqual(
            fresh.png.suffix(ThumbnailStore.emptyPNG.count - 33),
            ThumbnailStore.emptyPNG.suffix(ThumbnailStore.emptyPNG.count - 33))
        // Other sizes are separate files.
        XCTAssertNil(store.fresh(source, size: .normal))
    }

    func testWritesArePrivateAndLeaveNoTemporaryFiles() throws {
        let source = try XCTUnwrap(ThumbnailStore.Source(path: try photo()))
        try store.store(ThumbnailStore.emptyPNG, for: source, size: .normal, photoWidth: nil, photoHeight: nil)
        let file = store.path(of: source, size: .normal)
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        let folderAttributes = try FileManager.default.attributesOfItem(atPath: store.root + "/normal")
        XCTAssertEqual((folderAttributes[.posixPermissions] as? NSNumber)?.intValue, 0o700)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: store.root + "/normal"), [source.hash + ".png"])
        // Writing again replaces it (rename over), still one file.
        try store.store(ThumbnailStore.emptyPNG, for: source, size: .normal, photoWidth: 1, photoHeight: 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store.root + "/normal").count, 1)
    }

    func testAChangedModificationTimeMakesItStale() throws {
        let path = try photo()
        try setModificationTime(path, to: 1_600_000_000)
        let before = try XCTUnwrap(ThumbnailStore.Source(path: path))
        try store.store(ThumbnailStore.emptyPNG, for: before, size: .large, photoWidth: nil, photoHeight: nil)
        XCTAssertNotNil(store.fresh(before, size: .large))

        try setModificationTime(path, to: 1_600_000_001)
        let after = try XCTUnwrap(ThumbnailStore.Source(path: path))
        XCTAssertNil(store.fresh(after, size: .large), "MTime differs: stale")
    }

    func testAChangedSizeMakesItStale() throws {
        let path = try photo(bytes: 10)
        try setModificationTime(path, to: 1_600_000_000)
        let before = try XCTUnwrap(ThumbnailStore.Source(path: path))
        try store.store(ThumbnailStore.emptyPNG, for: before, size: .large, photoWidth: nil, photoHeight: nil)
        try Data(repeating: 1, count: 11).write(to: URL(fileURLWithPath: path))
        try setModificationTime(path, to: 1_600_000_000)
        XCTAssertNil(store.fresh(try XCTUnwrap(ThumbnailStore.Source(path: path)), size: .large))
    }

    func testAThumbnailOfAnotherFileIsNotUsed() throws {
        let source = try XCTUnwrap(ThumbnailStore.Source(path: try photo("a.jpg")))
        let other = try XCTUnwrap(ThumbnailStore.Source(path: try photo("b.jpg")))
        try store.store(ThumbnailStore.emptyPNG, for: other, size: .large, photoWidth: nil, photoHeight: nil)
        // Put b's thumbnail where a's belongs: its Thumb::URI names b.
        try FileManager.default.copyItem(
            atPath: store.path(of: other, size: .large), toPath: store.path(of: source, size: .large))
        XCTAssertNil(store.fresh(source, size: .large))
    }

    func testFailuresAreRecordedUnderFailApplicationVersion() throws {
        let path = try photo()
        try setModificationTime(path, to: 1_650_000_000)
        let source = try XCTUnwrap(ThumbnailStore.Source(path: path))
        XCTAssertFalse(store.hasFailed(source))
        try store.recordFailure(source)
        XCTAssertTrue(store.hasFailed(source))
        let entry = store.root + "/fail/tessera-\(Options.version)/" + source.hash + ".png"
        XCTAssertEqual(store.failPath(of: source), entry)
        let texts = try XCTUnwrap(PNGText.read(try Data(contentsOf: URL(fileURLWithPath: entry))))
        XCTAssertEqual(texts["Thumb::URI"], source.uri)
        XCTAssertEqual(texts["Thumb::MTime"], "1650000000")
        // A changed file is tried again.
        try setModificationTime(path, to: 1_650_000_002)
        XCTAssertFalse(store.hasFailed(try XCTUnwrap(ThumbnailStore.Source(path: path))))
    }

    func testAnUnwritableCacheThrowsAndLeavesNothing() throws {
        let readOnly = folder.appendingPathComponent("ro")
        try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: readOnly.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: readOnly.path) }
        guard getuid() != 0 else { throw XCTSkip("root writes anywhere") }
        let store = ThumbnailStore(root: readOnly.appendingPathComponent("thumbnails").path)
        let source = try XCTUnwrap(ThumbnailStore.Source(path: try photo()))
        XCTAssertThrowsError(
            try store.store(ThumbnailStore.emptyPNG, for: source, size: .large, photoWidth: nil, photoHeight: nil))
    }
}

/// `tEXt` chunks and the thumbnail size choice.
final class PNGTextAndSizeTests: XCTestCase {
    func testInsertedChunksReadBackAndCarryValidCRCs() throws {
        let png = try XCTUnwrap(
            PNGText.inserting([("Thumb::URI", "file:///a.png"), ("Thumb::MTime", "5")], into: ThumbnailStore.emptyPNG))
        XCTAssertEqual(PNGText.read(png), ["Thumb::URI": "file:///a.png", "Thumb::MTime": "5"])
        // Walk every chunk and check its CRC over type and data (PNG specification, 5.3).
        let bytes = [UInt8](png)
        var at = 8
        var types: [String] = []
        while at < bytes.count {
            let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            let body = Array(bytes[(at + 4)..<(at + 8 + length)])
            let stored = bytes[(at + 8 + length)..<(at + 12 + length)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            XCTAssertEqual(CRC32.checksum(body), stored)
            types.append(String(decoding: body.prefix(4), as: UTF8.self))
            at += 12 + length
        }
        XCTAssertEqual(types, ["IHDR", "tEXt", "tEXt", "IDAT", "IEND"])
    }

    func testNotAPNGIsRefused() {
        XCTAssertNil(PNGText.read(Data("hello".utf8)))
        XCTAssertNil(PNGText.inserting([("a", "b")], into: Data(repeating: 0, count: 40)))
    }

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
