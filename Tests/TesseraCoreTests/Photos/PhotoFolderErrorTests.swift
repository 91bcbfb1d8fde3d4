import Foundation
import XCTest

@testable import TesseraCore

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
        FileManager.default.createFile(atPath: file.path, contents: Data([0xFF, 0xD8]))
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
