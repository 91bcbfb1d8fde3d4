import Foundation
import XCTest

@testable import TesseraCore

#if canImport(Glibc)
    import Glibc
#endif

/// Config files that are not configs: refused by what they are, never a hang or an endless read.
final class ConfigFileFaultTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("config-faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func assertRefused(_ path: String, mentions text: String, pipeWait: Double = 10, line: UInt = #line) {
        XCTAssertThrowsError(try ConfigLoader.load(path: path, pipeWait: pipeWait), line: line) {
            XCTAssertTrue("\($0)".hasPrefix("config \(path): "), "\($0)", line: line)
            XCTAssertTrue("\($0)".contains(text), "\($0)", line: line)
        }
    }

    func testAFIFOWithNoWriterIsRefusedNotWaitedOn() throws {
        let fifo = folder.appendingPathComponent("config.json").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        assertRefused(fifo, mentions: "empty")
    }

    func testADeviceIsRefused() {
        assertRefused("/dev/zero", mentions: "is a device")
    }

    func testAFileOverOneMegabyteIsRefused() throws {
        let big = folder.appendingPathComponent("big.json")
        try Data(repeating: 0x20, count: (1 << 20) + 1).write(to: big)
        assertRefused(big.path, mentions: "larger than 1 MB")
    }

    func testAPipeThatNeverDeliversTimesOut() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        // A writer that stays open and silent, as a stuck `<(…)`.
        assertRefused("/proc/self/fd/\(fds[0])", mentions: "nothing to read", pipeWait: 0)
    }

    func testAPipeIsReadAsItsWriterWrites() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]) }
        let writer = fds[1]
        DispatchQueue.global().async {
            usleep(50_000)
            let text = Array(#"{"tabBar": {"fontSize": 14}}"#.utf8)
            _ = text.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
            close(writer)
        }
        XCTAssertEqual(try ConfigLoader.load(path: "/proc/self/fd/\(fds[0])").tabBar.fontSize, 14)
    }

    func testSIGHUPMakesTheWatcherReadAnUnchangedFile() throws {
        let file = folder.appendingPathComponent("watched.json")
        try #"{"tabBar": {"fontSize": 14}}"#.write(to: file, atomically: true, encoding: .utf8)
        var watcher = ConfigWatcher(path: file.path)
        XCTAssertNil(watcher.poll())
        watcher.forget()
        guard case .reloaded(let config) = watcher.poll() else { return XCTFail("a forced poll reads the file") }
        XCTAssertEqual(config.tabBar.fontSize, 14)
        XCTAssertNil(watcher.poll())
    }

    func testAWatchedConfigReplacedByAFIFOIsABannerNotAHang() throws {
        let file = folder.appendingPathComponent("live.json")
        try #"{"tabBar": {"fontSize": 14}}"#.write(to: file, atomically: true, encoding: .utf8)
        var watcher = ConfigWatcher(path: file.path)
        try FileManager.default.removeItem(at: file)
        XCTAssertEqual(mkfifo(file.path, 0o644), 0)
        guard case .failed(let message) = watcher.poll() else { return XCTFail("a FIFO is not a config") }
        XCTAssertTrue(message.hasPrefix("config \(file.path): "), message)
    }
}
