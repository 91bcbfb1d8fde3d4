import Foundation
import XCTest

@testable import TesseraCore

#if canImport(Glibc)
    import Glibc
#endif

/// Two runs on one `--output` (issue 48): a record acknowledged to one writer survives every other
/// writer's failure. Each test replays the issue's interleaving — A measures the file, A's write is slow
/// and then fails, B confirms meanwhile, A rolls back — with two logs opened on the same path (two
/// open file descriptions exclude each other under `flock` as two processes do).
final class SelectionLogNeighbourTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("neighbours-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// Runs B's confirmation on another thread while A's write is held for `hold` seconds, then lets A's
    /// write go on through `then`. B's outcome: whether its record was acknowledged.
    private final class Neighbour: @unchecked Sendable {
        let log: SelectionLog
        private(set) var acknowledged = false
        private let done = DispatchSemaphore(value: 0)
        init(_ log: SelectionLog) { self.log = log }

        func confirm(_ photo: String) {
            Thread.detachNewThread { [self] in
                acknowledged = (try? log.append(photos: [photo])) != nil
                done.signal()
            }
        }
        func wait() { done.wait() }
    }

    private func slowWriter(starting neighbour: Neighbour, hold: Double, then: @escaping SelectionLog.Writer)
        -> SelectionLog.Writer
    {
        var started = false
        return { fd, bytes, count in
            if !started {
                started = true
                neighbour.confirm("/p/b.jpg")
                usleep(useconds_t(hold * 1_000_000))
            }
            return then(fd, bytes, count)
        }
    }

    func testANeighboursFailedWriteLeavesAnAcknowledgedRecordInTheFile() throws {
        let path = folder.appendingPathComponent("selections.jsonl").path
        try "earlier\n".write(toFile: path, atomically: true, encoding: .utf8)
        let b = Neighbour(try SelectionLog(path: path, writer: { Glibc.write($0, $1, $2) }, warn: { _ in }))
        // A writes part of its line, then the disk is full.
        let a = try SelectionLog(
            path: path,
            writer: slowWriter(starting: b, hold: 0.5) { fd, bytes, count in
                errno = ENOSPC
                return -1
            }, warn: { _ in })
        XCTAssertThrowsError(try a.append(photos: ["/p/a.jpg"]))
        b.wait()
        XCTAssertTrue(b.acknowledged, "B waited for A's lock, then wrote")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.first, "earlier")
        XCTAssertEqual(lines.filter { $0.contains("/p/b.jpg") }.count, 1, "B's acknowledged record: \(lines)")
        XCTAssertFalse(lines.contains { $0.contains("/p/a.jpg") }, "A's failed record is gone")
        XCTAssertEqual(lines.count, 2)
    }

    /// The same on a real full file system: a 64 KB tmpfs whose last page holds one more line, not two.
    func testOnAFullTmpfsEveryAcknowledgedRecordStays() throws {
        let mount = folder.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        guard Glibc.mount("tmpfs", mount.path, "tmpfs", 0, "size=64k") == 0 else {
            throw XCTSkip("cannot mount a tmpfs here (\(String(cString: strerror(errno))))")
        }
        defer { umount(mount.path) }
        // Fill the disk but for one page, then a log of 4,020 bytes in that page: one more 54-byte line
        // fits, a second does not.
        let filler = mount.appendingPathComponent("filler").path
        let fd = open(filler, O_WRONLY | O_CREAT, 0o644)
        var chunk = [UInt8](repeating: 0x2E, count: 4096)
        while chunk.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == 4096 {}
        close(fd)
        XCTAssertEqual(truncate(filler, off_t(try fileSize(filler) - 4096)), 0)
        let path = mount.appendingPathComponent("selections.jsonl").path
        try String(repeating: String(repeating: "x", count: 99) + "\n", count: 40).appending(
            String(repeating: "y", count: 19) + "\n"
        ).write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(try fileSize(path), 4020)
        chunk = []

        let b = Neighbour(try SelectionLog(path: path, writer: { Glibc.write($0, $1, $2) }, warn: { _ in }))
        let a = try SelectionLog(
            path: path, writer: slowWriter(starting: b, hold: 0.5) { Glibc.write($0, $1, $2) }, warn: { _ in })
        let time = Date(timeIntervalSince1970: 1_800_000_000)
        let aAcknowledged = (try? a.append(photos: ["/p/a.jpg"], time: time)) != nil
        b.wait()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.hasSuffix("\n"), "no torn line")
        XCTAssertTrue(aAcknowledged || b.acknowledged, "one line fits")
        XCTAssertEqual(text.contains("/p/a.jpg"), aAcknowledged, "A's record is there exactly when acknowledged")
        XCTAssertEqual(text.contains("/p/b.jpg"), b.acknowledged, "B's record is there exactly when acknowledged")
        XCTAssertTrue(text.hasPrefix(String(repeating: "x", count: 99) + "\n"), "earlier lines untouched")
    }

    /// A line torn by a writer that died mid-write is ended, so the next record is a line of its own.
    func testARecordAfterATornLineStartsOnALineOfItsOwn() throws {
        let path = folder.appendingPathComponent("selections.jsonl").path
        try "whole\n{\"photos\":[\"/p/to".write(toFile: path, atomically: true, encoding: .utf8)
        try SelectionLog(path: path).append(photos: ["/p/c.jpg"], time: Date(timeIntervalSince1970: 0))
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        XCTAssertEqual(lines.last, #"{"photos":["/p/c.jpg"],"time":"1970-01-01T00:00:00Z"}"#)
    }

    /// A writer that takes no lock (a shell's `>>`) appended after A's partial line: A cuts nothing.
    func testARollBackNeverCutsBytesItDidNotWrite() throws {
        let path = folder.appendingPathComponent("selections.jsonl").path
        try "earlier\n".write(toFile: path, atomically: true, encoding: .utf8)
        var calls = 0
        let log = try SelectionLog(
            path: path,
            writer: { fd, bytes, count in
                calls += 1
                guard calls == 1 else {
                    errno = EIO
                    return -1
                }
                let n = Glibc.write(fd, bytes, 10)
                let other = open(path, O_WRONLY | O_APPEND)
                _ = "shell\n".withCString { write(other, $0, 6) }
                close(other)
                return n
            }, warn: { _ in })
        XCTAssertThrowsError(try log.append(photos: ["/p/a.jpg"]))
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).hasSuffix("shell\n"))
    }

    private func fileSize(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
}
