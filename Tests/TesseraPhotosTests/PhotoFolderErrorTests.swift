import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraPhotos

#if canImport(Glibc)
    import Glibc
#endif

/// A photo folder that cannot be used says why, in the system's words.
final class PhotoFolderErrorTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("photo-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        chmod(folder.path, 0o755)
        try? FileManager.default.removeItem(at: folder)
    }

    private func assertRefused(_ path: String, _ expected: PhotoLibrary.LoadError, line: UInt = #line) {
        XCTAssertThrowsError(try PhotoLibrary.scanning(folder: path), line: line) {
            XCTAssertEqual($0 as? PhotoLibrary.LoadError, expected, line: line)
        }
    }

    func testAFileIsNotAFolder() throws {
        let file = folder.appendingPathComponent("photo.jpg")
        XCTAssertTrue(FileManager.default.createFile(atPath: file.path, contents: Data([0xFF, 0xD8])))
        assertRefused(file.path, .notAFolder(file.path))
        XCTAssertEqual("\(PhotoLibrary.LoadError.notAFolder("x"))", "photo folder x: is a file, not a folder")
    }

    func testASymlinkLoopSaysSo() throws {
        let a = folder.appendingPathComponent("a").path
        let b = folder.appendingPathComponent("b").path
        XCTAssertEqual(symlink(b, a), 0)
        XCTAssertEqual(symlink(a, b), 0)
        assertRefused(a, .unreadableFolder(a, reason: "too many levels of symbolic links"))
    }

    func testAFolderWithoutReadPermissionSaysPermissionDenied() throws {
        guard geteuid() != 0 else { throw XCTSkip("root reads every folder") }
        let locked = folder.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        chmod(locked.path, 0o000)
        defer { chmod(locked.path, 0o755) }
        assertRefused(locked.path, .unreadableFolder(locked.path, reason: "permission denied"))
    }

    func testAMissingFolderIsNotFound() {
        assertRefused(
            folder.appendingPathComponent("nope").path, .missingFolder(folder.appendingPathComponent("nope").path))
    }
}

/// Names are bytes, and every message prints them escaped.
final class FileNameTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A PNG header of `width`×`height` in a file named by raw `name` bytes.
    private func write(_ name: [UInt8], width: UInt8 = 40) throws {
        let header: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0, 0, 0, width, 0, 0, 0, 30, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name
        let fd = (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
            open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        XCTAssertGreaterThanOrEqual(fd, 0)
        _ = header.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    func testNamesThatAreNotUTF8RoundTripToTheirBytes() {
        let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
        let name = FileNames.string(fromBytes: latin1)
        XCTAssertEqual(FileNames.bytes(name), latin1)
        XCTAssertEqual(FileNames.printable(name), "caf\\xE9.jpg")
        let utf8 = Array("café.jpg".utf8)
        XCTAssertEqual(FileNames.string(fromBytes: utf8), "café.jpg")
        XCTAssertEqual(FileNames.bytes("café.jpg"), utf8)
        // Overlong and surrogate forms are not UTF-8: kept as bytes.
        for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82]] {
            XCTAssertEqual(FileNames.bytes(FileNames.string(fromBytes: bad)), bad)
        }
    }

    func testControlCharactersArePrintedEscaped() {
        XCTAssertEqual(FileNames.printable("a\nb\u{1B}[2Jc\td\u{7F}"), "a\\nb\\e[2Jc\\td\\x7F")
        XCTAssertEqual(FileNames.printable("back\\slash"), "back\\\\slash")
    }

    func testALatin1NameIsAPhotoNotPermissionDenied() throws {
        try write(Array("caf".utf8) + [0xE9] + Array(".png".utf8))
        let library = try PhotoLibrary.scanning(folder: folder.path)
        XCTAssertEqual(library.photos.count, 1, "\(library.skipped)")
        XCTAssertEqual(library.photos.first?.pixelSize, Size(40, 30))
        let path = try XCTUnwrap(library.photos.first?.path)
        XCTAssertEqual(FileNames.printable(path), FileNames.printable(folder.path) + "/caf\\xE9.png")
        XCTAssertTrue(FileURI.of(path: path).hasSuffix("/caf%E9.png"), "the URI of its bytes, as GLib's")
    }

    func testDanglingSymlinksAndLoopsSayWhatTheyAre() throws {
        try write(Array("good.png".utf8))
        XCTAssertEqual(
            symlink(folder.appendingPathComponent("nowhere").path, folder.appendingPathComponent("gone.jpg").path), 0)
        XCTAssertEqual(symlink("loop-b.jpg", folder.appendingPathComponent("loop-a.jpg").path), 0)
        XCTAssertEqual(symlink("loop-a.jpg", folder.appendingPathComponent("loop-b.jpg").path), 0)
        let library = try PhotoLibrary.scanning(folder: folder.path)
        let reasons = Dictionary(library.skipped.map { (($0.path as NSString).lastPathComponent, $0.reason) }) { a, _ in
            a
        }
        XCTAssertEqual(reasons["gone.jpg"], "a symbolic link to nothing")
        XCTAssertEqual(reasons["loop-a.jpg"], "a loop of symbolic links")
    }

    func testAFolderWhoseEveryFileIsSkippedSaysWhy() throws {
        try Data("shopping list".utf8).write(to: folder.appendingPathComponent("notes.jpg"))
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("pipe.png").path, 0o600), 0)
        XCTAssertThrowsError(try PhotoLibrary.scanning(folder: folder.path)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("no JPEG or PNG photos in "), text)
            XCTAssertTrue(text.contains("2 skipped"), text)
            XCTAssertTrue(text.contains("notes.jpg: not a JPEG or PNG image"), text)
            XCTAssertTrue(text.contains("pipe.png: not a regular file (a FIFO)"), text)
        }
    }
}
