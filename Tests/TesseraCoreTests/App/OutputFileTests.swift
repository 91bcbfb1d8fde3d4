import Foundation
import XCTest

@testable import TesseraCore

#if canImport(Glibc)
    import Glibc
#endif

final class OutputFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("output-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        chmod(folder.path, 0o755)
        try? FileManager.default.removeItem(at: folder)
    }

    func testARegularFileIsReplacedWholeAndNoTemporaryIsLeft() throws {
        let file = folder.appendingPathComponent("dump.json")
        try Data(repeating: 0x41, count: 10_000).write(to: file)
        try OutputFile.save(Data("short".utf8), to: file.path)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "short")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["dump.json"])
    }

    func testAWritableFileInAFolderWithoutWritePermissionIsWrittenInPlace() throws {
        guard geteuid() != 0 else { throw XCTSkip("root may create files in any folder") }
        let file = folder.appendingPathComponent("profile.json")
        try Data("old".utf8).write(to: file)
        chmod(folder.path, 0o555)
        try OutputFile.save(Data("new".utf8), to: file.path)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "new")
    }

    func testAFolderIsNamedAsSuch() {
        XCTAssertThrowsError(try OutputFile.save(Data(), to: folder.path)) {
            XCTAssertEqual("\($0)", "\(folder.path): is a directory")
        }
    }
}
