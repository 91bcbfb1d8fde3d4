import Foundation
import XCTest

@testable import TesseraCore

/// The control socket itself (`ControlServer`): made owner-only, never over a file that is not a socket,
/// a stale socket replaced, a request in and its answer out, removed at the end.
final class ControlServerTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testTheSocketIsOwnerOnlyAndRemovedAtTheEnd() throws {
        let path = folder.appendingPathComponent("control.sock").path
        let server = try ControlServer(path: path, wake: {})
        server.start()
        var info = stat()
        XCTAssertEqual(lstat(path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFSOCK)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        server.stop()
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testAFileThatIsNotASocketIsRefusedAndKept() throws {
        let path = folder.appendingPathComponent("notes.txt").path
        try "keep".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ControlServer(path: path, wake: {})) { error in
            XCTAssertEqual("\(error)", "--control \(path): exists and is not a socket; not replacing it")
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "keep")
    }

    func testAStaleSocketIsReplacedButALiveOneIsNot() throws {
        let path = folder.appendingPathComponent("control.sock").path
        let first = try ControlServer(path: path, wake: {})
        XCTAssertThrowsError(try ControlServer(path: path, wake: {})) { error in
            XCTAssertEqual("\(error)", "--control \(path): another process is listening on this socket")
        }
        // A socket file left behind by a run that was killed: nobody listens, it is replaced.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        first.start()
        first.stop()
        let stale = try bindOnly(fd, path)
        XCTAssertTrue(stale)
        let second = try ControlServer(path: path, wake: {})
        second.start()
        second.stop()
    }

    func testARequestComesInAndItsAnswerGoesOut() throws {
        let path = folder.appendingPathComponent("control.sock").path
        let woken = expectation(description: "the loop is woken")
        woken.assertForOverFulfill = false
        let server = try ControlServer(path: path, wake: { woken.fulfill() })
        server.start()
        defer { server.stop() }
        let fd = try XCTUnwrap(UnixSocketAddress.connect(to: path), "the server accepts")
        defer { close(fd) }
        let line = Array("{\"dump\": true}\n".utf8)
        XCTAssertEqual(send(fd, line, line.count, 0), line.count)
        wait(for: [woken], timeout: 5)
        let requests = server.takeRequests()
        XCTAssertEqual(requests.map(\.line), [#"{"dump": true}"#])
        server.answer(requests[0].client, #"{"ok": true}"#)
        var buffer = [UInt8](repeating: 0, count: 64)
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&poller, 1, 5000), 1)
        let n = recv(fd, &buffer, buffer.count, 0)
        XCTAssertEqual(String(decoding: buffer[0..<max(0, n)], as: UTF8.self), "{\"ok\": true}\n")
    }

    /// Binds `fd` at `path` without listening (a socket file nobody serves).
    private func bindOnly(_ fd: Int32, _ path: String) throws -> Bool {
        try XCTUnwrap(UnixSocketAddress(path)).withSockaddr { bind(fd, $0, $1) } == 0
    }
}
