import Foundation
import TesseraCore
import XCTest

/// `--control PATH` driving a running window (Xvfb) through `Tools/tessera-control`'s protocol: taps,
/// a dump, a screenshot, a malformed request that changes nothing, the socket's mode, a client that
/// never reads, and the socket gone at exit (issue 45).
final class ControlSocketTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A connection to the control socket: one JSON line out, one back.
    private final class Client {
        let fd: Int32
        private var pending: [UInt8] = []

        init(path: String) throws {
            guard let fd = UnixSocketAddress.connect(to: path) else {
                throw ImageComparison.ComparisonError("cannot connect to \(path)")
            }
            self.fd = fd
        }

        deinit { close(fd) }

        func send(_ line: String) {
            let bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }

        /// The next answer line, as JSON, within `seconds`.
        func answer(within seconds: Double = 10) throws -> [String: Any] {
            let deadline = Date().addingTimeInterval(seconds)
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while !pending.contains(10) {
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let left = deadline.timeIntervalSinceNow
                guard left > 0, poll(&poller, 1, Int32(left * 1000)) > 0 else {
                    throw ImageComparison.ComparisonError("no answer within \(seconds) s")
                }
                let n = recv(fd, &buffer, buffer.count, 0)
                guard n > 0 else { throw ImageComparison.ComparisonError("the connection closed") }
                pending += buffer[0..<n]
            }
            let newline = pending.firstIndex(of: 10)!
            let line = Data(pending[..<newline])
            pending.removeSubrange(...newline)
            return try XCTUnwrap(JSONSerialization.jsonObject(with: line) as? [String: Any])
        }

        func ask(_ line: String) throws -> [String: Any] {
            send(line)
            return try answer()
        }
    }

    private func launch(_ display: VirtualDisplay, socket: String) throws -> Process {
        let process = try XCTUnwrap(
            try display.launch(["--window", "800x600", "--scene", "picker", "--control", socket], in: folder),
            "the window stays up")
        addTeardownBlock { if process.isRunning { process.terminate() } }
        return process
    }

    func testARunningWindowIsDrivenThroughTheSocket() throws {
        let display = try VirtualDisplay(width: 800, height: 600)
        let socket = folder.appendingPathComponent("control.sock").path
        let process = try launch(display, socket: socket)
        var info = stat()
        XCTAssertEqual(lstat(socket, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFSOCK)
        XCTAssertEqual(info.st_mode & 0o777, 0o600, "owner only")

        let client = try Client(path: socket)
        let before = try XCTUnwrap(try client.ask(#"{"dump": true}"#)["dump"] as? [String: Any])
        XCTAssertEqual(before["scene"] as? String, "picker")

        // Malformed or impossible requests: an error line each, and the state as it was.
        for bad in [
            "not json", #"{"tap": "no-such-photo"}"#, #"{"scene": "nowhere"}"#, #"{"at": 1, "key": "Escape"}"#, "[1]",
        ] {
            let answer = try client.ask(bad)
            XCTAssertNotNil(answer["error"] as? String, bad)
            XCTAssertNil(answer["ok"], bad)
        }
        let unchanged = try XCTUnwrap(try client.ask(#"{"dump": true}"#)["dump"] as? [String: Any])
        XCTAssertEqual(try Self.state(unchanged), try Self.state(before), "a bad request changes nothing")

        // A tap by id, then a scene switch: both seen in the next dump.
        XCTAssertEqual(try client.ask(#"{"tap": "photo-01"}"#)["ok"] as? Bool, true)
        usleep(300_000)
        let tapped = try XCTUnwrap(try client.ask(#"{"dump": true}"#)["dump"] as? [String: Any])
        XCTAssertNotEqual(try Self.state(tapped), try Self.state(before), "the tap was taken")
        XCTAssertEqual(try client.ask(#"{"scene": "gallery"}"#)["ok"] as? Bool, true)
        let switched = try XCTUnwrap(try client.ask(#"{"dump": true}"#)["dump"] as? [String: Any])
        XCTAssertEqual(switched["scene"] as? String, "gallery")

        // A screenshot of the window as it is.
        let shot = folder.appendingPathComponent("now.png")
        XCTAssertEqual(try client.ask(#"{"screenshot": "\#(shot.path)"}"#)["ok"] as? Bool, true)
        let pixels = try ImageComparison.load(shot.path)
        XCTAssertEqual(pixels.width, 800)
        XCTAssertGreaterThan(colourfulShare(pixels), 0.1, "photos on screen")

        // A second client is served while the first stays connected.
        let second = try Client(path: socket)
        XCTAssertEqual(try second.ask(#"{"reload": true}"#)["ok"] as? Bool, true)

        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: socket), "the socket is removed at exit")
    }

    /// A dump without its clock (`time`, `step`: real time moves on between two requests).
    private static func state(_ dump: [String: Any]) throws -> Data {
        var state = dump
        state["time"] = nil
        state["step"] = nil
        return try JSONSerialization.data(withJSONObject: state, options: .sortedKeys)
    }

    func testAClientThatNeverReadsDoesNotBlockTheWindow() throws {
        let display = try VirtualDisplay(width: 800, height: 600)
        let socket = folder.appendingPathComponent("control.sock").path
        let process = try launch(display, socket: socket)
        let greedy = try Client(path: socket)
        // Dumps it never reads: more than a socket buffer holds, then more than may wait unanswered.
        for _ in 0..<40 { greedy.send(#"{"dump": true}"#) }
        usleep(500_000)
        for _ in 0..<400 { greedy.send(#"{"dump": true}"#) }
        let other = try Client(path: socket)
        let started = Date()
        XCTAssertEqual(try other.ask(#"{"key": "Escape"}"#)["ok"] as? Bool, true)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "others are still answered")
        XCTAssertTrue(process.isRunning)
        // The greedy client was dropped: what it gets ends.
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let n = recv(greedy.fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            total += n
        }
        XCTAssertLessThan(Date(), deadline, "the connection was closed")
        XCTAssertGreaterThan(total, 0)
    }

    func testAPathThatIsNotASocketIsRefused() throws {
        let display = try VirtualDisplay(width: 800, height: 600)
        let file = folder.appendingPathComponent("precious.txt")
        try "keep me".write(to: file, atomically: true, encoding: .utf8)
        let result = try display.run(["--window", "640x480", "--control", file.path, "--frames", "10"], in: folder)
        XCTAssertEqual(result.exitCode, 2)
        XCTAssertEqual(
            result.stderr, "tessera: --control \(file.path): exists and is not a socket; not replacing it\n")
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "keep me")
    }
}
