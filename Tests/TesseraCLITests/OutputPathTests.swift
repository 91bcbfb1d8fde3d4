import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// Requested writes: a device, FIFO or symlink is written through, never replaced by a plain file, and
/// a write that fails is exit 2 naming the flag.
final class OutputPathTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func fileType(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    /// A private copy of `/dev/full` (character device 1, 7): every write fails with ENOSPC.
    private func fullDevice() throws -> String {
        let path = folder.appendingPathComponent("full").path
        guard mknod(path, S_IFCHR | 0o666, dev_t((1 << 8) | 7)) == 0 else {
            throw XCTSkip("cannot make a device node here (needs root and CAP_MKNOD)")
        }
        return path
    }

    func testAFailedWriteOfAnyRequestedOutputIsExit2NamingTheFlagAndTheDeviceStays() throws {
        let full = try fullDevice()
        for flag in ["--trace", "--profile-json", "--dump-state", "--screenshot"] {
            let result = try TesseraProcess.run(["--headless", "--frames", "5", flag, full], in: folder)
            XCTAssertEqual(result.exitCode, 2, "\(flag): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains("\(flag) \(full): no space left on device"), "\(flag): \(result.stderr)")
            XCTAssertEqual(fileType(full), S_IFCHR, "\(flag) left the device a device")
        }
    }

    func testASymlinkIsFollowedAndStaysALink() throws {
        let target = folder.appendingPathComponent("real-dump.json")
        let link = folder.appendingPathComponent("dump.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real-dump.json")
        let result = try TesseraProcess.run(["--headless", "--frames", "5", "--dump-state", link.path], in: folder)
        XCTAssertEqual(result.exitCode, 0, result.stderr)
        XCTAssertEqual(fileType(link.path), S_IFLNK)
        XCTAssertEqual(try readJSON(target)["step"] as? Int, 5)
    }

    func testAFIFOWithAReaderIsWrittenThroughAndOneWithoutIsAnErrorNotAHang() throws {
        let fifo = folder.appendingPathComponent("profile.fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let result = try TesseraProcess.run(["--headless", "--frames", "5", "--trace", fifo], in: folder)
        XCTAssertEqual(result.exitCode, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("--trace \(fifo): a FIFO with no reader"), result.stderr)

        let received = ReceivedData()
        let reading = Thread {
            if let handle = FileHandle(forReadingAtPath: fifo) { received.set(handle.readDataToEndOfFile()) }
        }
        reading.start()
        let written = try TesseraProcess.run(
            ["--headless", "--frames", "5", "--profile-json", fifo], in: folder)
        while !reading.isFinished { usleep(1000) }
        XCTAssertEqual(written.exitCode, 0, written.stderr)
        XCTAssertEqual(fileType(fifo), S_IFIFO)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: received.get()) as? [String: Any])
        XCTAssertEqual(object["steps"] as? Int, 5)
    }
}

/// What the reading thread got, handed to the test's thread under a lock.
private final class ReceivedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ new: Data) { lock.withLock { data = new } }
    func get() -> Data { lock.withLock { data } }
}
