import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// File names that are not UTF-8 (a Latin-1 `café` copied from an old camera card) keep their bytes
/// from the command line to the files written and the selection record (issue 44).
final class ByteNameTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// `caf` + Latin-1 é (0xE9), not UTF-8.
    private let cafe: [UInt8] = Array("caf".utf8) + [0xE9]

    private func exists(_ bytes: [UInt8]) -> Bool {
        (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { access($0.baseAddress!, F_OK) } == 0
    }

    func testALatin1PhotoFolderAndScriptAreFoundAndTheSelectionRecordNamesTheRealFile() throws {
        let photos = path(in: folder, cafe)
        XCTAssertEqual(
            (photos.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { mkdir($0.baseAddress!, 0o755) }, 0)
        for name in ["photo-01.jpg", "photo-02.jpg", "photo-03.jpg"] {
            let source = try Data(contentsOf: TesseraProcess.root.appendingPathComponent("Assets/Photos/\(name)"))
            let target = photos + Array("/\(name)".utf8)
            let fd = (target.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
                open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644)
            }
            XCTAssertGreaterThanOrEqual(fd, 0)
            _ = source.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
            close(fd)
        }
        // The script under a Latin-1 name too (`s\xe9.json`).
        let written = try writeScript(#"{"at": 0, "tap": "photo-02"}, {"at": 0.3, "key": "Return"}"#, in: folder)
        let script = path(in: folder, Array("s".utf8) + [0xE9] + Array(".json".utf8))
        XCTAssertEqual(
            (script.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { rename(written, $0.baseAddress!) }, 0
        )
        let dump = Array("d".utf8) + [0xE9] + Array(".json".utf8)
        let run = try SpawnedRun(
            [
                Array("--headless".utf8), Array("--scene".utf8), Array("picker".utf8), Array("--photos".utf8), photos,
                Array("--script".utf8), script, Array("--output".utf8), Array("selections.jsonl".utf8),
                Array("--dump-state".utf8), dump,
            ], in: folder)
        XCTAssertEqual(run.exit(within: 60), 0, run.stderr)
        XCTAssertTrue(exists(path(in: folder, dump)), "--dump-state wrote the name it was given")
        let record = try Data(contentsOf: folder.appendingPathComponent("selections.jsonl"))
        XCTAssertNotNil(
            record.range(of: Data(photos + Array("/photo-02.jpg\"".utf8))), String(decoding: record, as: UTF8.self))
        XCTAssertNil(record.range(of: Data("missing".utf8)), "the photo is there")
    }
}
