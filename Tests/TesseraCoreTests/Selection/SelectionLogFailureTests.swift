import Foundation
import XCTest

@testable import TesseraCore

#if canImport(Glibc)
    import Glibc
#endif

/// A selection record is whole or not written: short and failed writes leave the file as it was.
final class SelectionLogFailureTests: XCTestCase {
    private var file: URL!

    override func setUp() {
        file = FileManager.default.temporaryDirectory.appendingPathComponent("selections-\(UUID().uuidString).jsonl")
    }

    override func tearDown() { try? FileManager.default.removeItem(at: file) }

    /// A writer that writes at most `budget` bytes in all, then fails with `code` (a disk filling up).
    private final class FillingDisk {
        var budget: Int
        let code: Int32
        init(budget: Int, code: Int32 = ENOSPC) {
            self.budget = budget
            self.code = code
        }
        func write(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
            guard budget > 0 else {
                errno = code
                return -1
            }
            let n = Glibc.write(fd, bytes, min(count, budget))
            if n > 0 { budget -= n }
            return n
        }
    }

    func testAShortWriteOnAFullDiskIsTruncatedBackAndARetryWritesOneWholeLine() throws {
        try "earlier line\n".write(to: file, atomically: true, encoding: .utf8)
        let disk = FillingDisk(budget: 20)
        var warnings: [String] = []
        let log = try SelectionLog(path: file.path, writer: disk.write, warn: { warnings.append($0) })
        XCTAssertThrowsError(try log.append(photos: ["/p/a.jpg"])) {
            XCTAssertTrue("\($0)".contains("No space left on device"), "\($0)")
        }
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "earlier line\n", "no fragment is left")
        XCTAssertTrue(log.holdsUnwrittenSelection)
        XCTAssertThrowsError(try log.append(photos: ["/p/a.jpg"]))
        XCTAssertEqual(warnings.count, 1, "named once while the failure lasts: \(warnings)")
        XCTAssertTrue(warnings[0].contains("--output \(file.path)"), warnings[0])

        disk.budget = 10_000
        try log.append(photos: ["/p/a.jpg"], time: Date(timeIntervalSince1970: 0))
        XCTAssertFalse(log.holdsUnwrittenSelection)
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines[1], #"{"photos":["/p/a.jpg"],"time":"1970-01-01T00:00:00Z"}"#)
    }

    func testABrokenPipeIsAFailedWriteNotADeadProcess() throws {
        signal(SIGPIPE, SIG_IGN)
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        close(fds[0])  // the reader has gone
        let log = try SelectionLog(
            path: nil, writer: { _, bytes, count in Glibc.write(fds[1], bytes, count) }, warn: { _ in })
        XCTAssertThrowsError(try log.append(photos: ["/p/a.jpg"])) {
            XCTAssertTrue("\($0)".contains("broken pipe"), "\($0)")
        }
        XCTAssertTrue(log.holdsUnwrittenSelection)
        close(fds[1])
    }

    func testADeletedOrReplacedFileIsOpenedAgainByPath() throws {
        let log = try SelectionLog(path: file.path)
        try log.append(photos: ["/p/a.jpg"])
        try FileManager.default.removeItem(at: file)
        try log.append(photos: ["/p/b.jpg"])
        XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).contains("/p/b.jpg"), "written to the path again")

        try "replaced\n".write(to: file, atomically: true, encoding: .utf8)  // a rename over it
        try log.append(photos: ["/p/c.jpg"])
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines[0], "replaced")
        XCTAssertTrue(lines[1].contains("/p/c.jpg"))
    }
}
