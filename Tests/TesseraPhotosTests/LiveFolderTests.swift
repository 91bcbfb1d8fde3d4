import Foundation
import TesseraGeometry
import TesseraTestSupport
import XCTest

@testable import TesseraPhotos

#if canImport(Glibc)
    import Glibc
#endif

/// A folder that lives (docs/USING.md, "Thumbnails and a live folder"): rescans find added, removed and replaced photos, and
/// the watcher follows the folder. Each test starts with a folder of twelve photos. (The core's tests
/// of scenes taking the changes in have a base of their own, `LiveFolderTestCase`.)
final class LiveFolderTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for i in 1...12 { try writePhoto(String(format: "photo-%02d", i * 2)) }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A photo whose header says `width`×`height` (`HeaderOnlyPNG`).
    private func writePhoto(_ id: String, width: UInt32 = 400, height: UInt32 = 300) throws {
        let bytes = HeaderOnlyPNG.bytes(width: width, height: height)
        try Data(bytes).write(to: folder.appendingPathComponent(id + ".png"))
    }

    private func remove(_ id: String) throws {
        try FileManager.default.removeItem(at: folder.appendingPathComponent(id + ".png"))
    }

    func testChangesFindAddedRemovedAndReplaced() throws {
        var library = try PhotoLibrary.scanning(folder: folder.path)
        try writePhoto("photo-05")
        try remove("photo-10")
        try writePhoto("photo-12", width: 300, height: 600)
        let changes = library.rescan()
        XCTAssertEqual(changes.added.map(\.id), ["photo-05"])
        XCTAssertEqual(changes.removed, ["photo-10"])
        XCTAssertEqual(changes.replaced.map(\.id), ["photo-12"])
        XCTAssertEqual(library.photo(for: "photo-12")?.pixelSize, Size(300, 600))
        XCTAssertTrue(library.rescan().isEmpty, "nothing changed since")
    }

    func testAnEmptiedFolderIsAnEmptyLibraryOnRescan() throws {
        var library = try PhotoLibrary.scanning(folder: folder.path)
        for id in library.ids { try remove(id.rawValue) }
        XCTAssertEqual(library.rescan().removed.count, 12)
        XCTAssertTrue(library.photos.isEmpty)
    }

    /// The watcher's wakes, counted.
    private final class Wakes: @unchecked Sendable {
        let semaphore = DispatchSemaphore(value: 0)
        func fire() { semaphore.signal() }
    }

    /// The watcher's next scan (its photo ids), waiting for it up to the harness's 10 s.
    private func nextScan(_ watcher: FolderWatcher, _ wakes: Wakes, _ label: String) -> [PhotoID]? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            _ = watcher.secondsUntilDue(quiet: 0.05, maxDelay: 0.5)
            if let scan = watcher.takeScan() { return scan.ids }
            _ = wakes.semaphore.wait(timeout: .now() + 0.2)
        }
        XCTFail("\(label): no scan")
        return nil
    }

    func testWatcherScansAPhotoCopiedInOffTheMainThreadAndIgnoresOtherFiles() throws {
        let wakes = Wakes()
        let watcher = try XCTUnwrap(FolderWatcher(folder: folder.path) { wakes.fire() })
        defer { watcher.stop() }
        XCTAssertNil(watcher.secondsUntilDue(quiet: 0.05, maxDelay: 0.5))
        try Data("x".utf8).write(to: folder.appendingPathComponent("selection.jsonl"))
        try writePhoto("photo-99")
        XCTAssertEqual(nextScan(watcher, wakes, "copied in")?.last, "photo-99")
        XCTAssertNil(watcher.takeScan(), "taken once")
        XCTAssertTrue(FolderWatcher.isPhotoName("a.JPG"))
        XCTAssertFalse(FolderWatcher.isPhotoName(".a.jpg.part"))
        XCTAssertFalse(FolderWatcher.isPhotoName("notes.txt"))
    }

    func testAFolderDeletedAndMadeAgainIsFollowed() throws {
        try writePhoto("old")
        let wakes = Wakes()
        let watcher = try XCTUnwrap(FolderWatcher(folder: folder.path) { wakes.fire() })
        defer { watcher.stop() }
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try writePhoto("new")
        var ids = nextScan(watcher, wakes, "made again")
        // The scan that saw the folder empty (or none, while it was gone) may come first.
        if ids == [] { ids = nextScan(watcher, wakes, "the photo in it") }
        XCTAssertEqual(ids, ["new"])
    }

    func testAFolderReplacedByAnotherAndTurnedIntoAFileAndBackIsFollowed() throws {
        try writePhoto("first")
        let wakes = Wakes()
        let watcher = try XCTUnwrap(FolderWatcher(folder: folder.path) { wakes.fire() })
        defer { watcher.stop() }
        // Another folder moved over it (`mv`, as a sync tool replaces a folder).
        let other = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + "-next")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data(try Data(contentsOf: folder.appendingPathComponent("first.png"))).write(
            to: other.appendingPathComponent("second.png"))
        try FileManager.default.removeItem(at: folder)
        XCTAssertEqual(rename(other.path, folder.path), 0)
        XCTAssertEqual(nextScan(watcher, wakes, "replaced"), ["second"])
        // A file where the folder was, then a folder again.
        let saved = try Data(contentsOf: folder.appendingPathComponent("second.png"))
        try FileManager.default.removeItem(at: folder)
        try Data("not a folder".utf8).write(to: folder)
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try saved.write(to: folder.appendingPathComponent("third.png"))
        var ids = nextScan(watcher, wakes, "a folder again")
        if ids == [] { ids = nextScan(watcher, wakes, "the photo in it") }
        XCTAssertEqual(ids, ["third"])
    }

    func testAQueueOverflowMeansRescanEverything() throws {
        let watcher = try XCTUnwrap(FolderWatcher(folder: folder.path) {})
        defer { watcher.stop() }
        // struct inotify_event { wd -1, mask IN_Q_OVERFLOW, cookie 0, len 0 }: no name, no watch.
        var bytes = [UInt8](repeating: 0, count: 16)
        withUnsafeBytes(of: Int32(-1).littleEndian) { for i in 0..<4 { bytes[i] = $0[i] } }
        withUnsafeBytes(of: UInt32(IN_Q_OVERFLOW).littleEndian) { for i in 0..<4 { bytes[4 + i] = $0[i] } }
        let events = FolderWatcher.events(in: bytes, count: 16)
        XCTAssertEqual(events, [FolderWatcher.Event(watch: -1, mask: UInt32(IN_Q_OVERFLOW), name: [])])
        XCTAssertTrue(watcher.needsRescan(events[0]))
        XCTAssertFalse(
            watcher.needsRescan(
                FolderWatcher.Event(watch: 12345, mask: UInt32(IN_CLOSE_WRITE), name: Array("a.jpg".utf8))))
    }

    /// junk.jpg: 64 bytes that are no image, mode 0644 whatever the umask.
    private func writeJunk() throws -> URL {
        let junk = folder.appendingPathComponent("junk.jpg")
        try Data(repeating: 0x41, count: 64).write(to: junk)
        XCTAssertEqual(chmod(junk.path, 0o644), 0)
        return junk
    }

    /// Writes a JPEG header over `file`'s first bytes in place and puts its times back: the same inode,
    /// size and time to the nanosecond, other bytes. Returns its times as they were.
    @discardableResult
    private func giveHeaderKeepingStamp(_ file: URL) throws -> [timespec] {
        var before = stat()
        XCTAssertEqual(stat(file.path, &before), 0)
        let handle = try FileHandle(forWritingTo: file)
        let header: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0, 11, 8, 0, 10, 0, 10, 1, 1, 0x11, 0]
        try handle.write(contentsOf: Data(header + [UInt8](repeating: 0, count: 64 - header.count)))
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, file.path, &times, 0), 0)
        return times
    }

    func testARescanPassesOverSkippedFilesThatDidNotChangeWithoutReadingThem() throws {
        try writePhoto("good")
        let junk = try writeJunk()
        let first = try PhotoLibrary.scanning(folder: folder.path)
        XCTAssertEqual(first.skipped.map(\.reason), ["not a JPEG or PNG image"])
        // A header now, under the same stamp: not read again, so still skipped.
        var times = try giveHeaderKeepingStamp(junk)
        let second = try PhotoLibrary.scanning(folder: folder.path, earlier: first)
        XCTAssertFalse(second.ids.contains("junk"), "unchanged by its stamp: passed over")
        XCTAssertEqual(second.skipped.map(\.reason), ["not a JPEG or PNG image"])
        // Touched: read again, and now it is a photo.
        times[1].tv_sec += 5
        XCTAssertEqual(utimensat(AT_FDCWD, junk.path, &times, 0), 0)
        let third = try PhotoLibrary.scanning(folder: folder.path, earlier: second)
        XCTAssertTrue(third.ids.contains("junk"))
    }

    /// A photo this process could not open (a copy owned by another user, mode 0600) is made readable
    /// with chmod or chown, which leave its time of modification as it was: the rescan the watcher makes
    /// then (IN_ATTRIB) reads it again. The root the tests run as opens any file, so the file here is
    /// skipped for its bytes and changed under the stamp as above, and the chmod is what has it read.
    func testAChmodOrChownHasASkippedFileReadAgain() throws {
        try writePhoto("good")
        let junk = try writeJunk()
        let first = try PhotoLibrary.scanning(folder: folder.path)
        XCTAssertEqual(first.skipped.map(\.reason), ["not a JPEG or PNG image"])
        try giveHeaderKeepingStamp(junk)
        XCTAssertEqual(chmod(junk.path, 0o600), 0)
        let second = try PhotoLibrary.scanning(folder: folder.path, earlier: first)
        XCTAssertTrue(second.ids.contains("junk"), "its mode changed: read again")
        // The same for its owner, which only root may give away.
        guard getuid() == 0 else { throw XCTSkip("chown to another group needs root") }
        try Data(repeating: 0x41, count: 64).write(to: junk)
        let third = try PhotoLibrary.scanning(folder: folder.path, earlier: second)
        XCTAssertFalse(third.ids.contains("junk"))
        try giveHeaderKeepingStamp(junk)
        var info = stat()
        XCTAssertEqual(stat(junk.path, &info), 0)
        XCTAssertEqual(chown(junk.path, info.st_uid, info.st_gid &+ 1), 0)
        let fourth = try PhotoLibrary.scanning(folder: folder.path, earlier: third)
        XCTAssertTrue(fourth.ids.contains("junk"), "its group changed: read again")
    }
}
