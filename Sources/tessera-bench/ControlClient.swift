import Foundation
import TesseraCore

/// One connection to a window's control socket (`tessera --control PATH`): a request is one JSON object
/// on a line, and the window answers each with one line, `{"ok": true}` or `{"error": "..."}`.
final class ControlClient {
    private let fd: Int32
    /// Bytes read past the last answer's newline.
    private var pending: [UInt8] = []

    init(path: String) throws {
        guard UnixSocketAddress(path) != nil else {
            throw BenchError("the control socket's path is too long: \(path)")
        }
        guard let fd = UnixSocketAddress.connect(to: path) else {
            throw BenchError("cannot connect to the control socket \(path)")
        }
        self.fd = fd
    }

    deinit { close(fd) }

    /// Sends `request` (one JSON object, no newline) and returns the answer line's object, read within
    /// `seconds`.
    func ask(_ request: String, within seconds: Double = 10) throws -> [String: Any] {
        let bytes = Array((request + "\n").utf8)
        var sent = 0
        while sent < bytes.count {
            // MSG_NOSIGNAL: a window that went away is an error here, not a SIGPIPE ending the bench.
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw BenchError("the control socket closed while sending \(request)") }
            sent += n
        }
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while !pending.contains(10) {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let left = deadline.timeIntervalSinceNow
            guard left > 0, poll(&poller, 1, Int32(left * 1000)) > 0 else {
                throw BenchError("no answer to \(request) within \(seconds) s")
            }
            let n = recv(fd, &buffer, buffer.count, 0)
            guard n > 0 else { throw BenchError("the control socket closed before answering \(request)") }
            pending += buffer[0..<n]
        }
        let newline = pending.firstIndex(of: 10)!
        let line = Data(pending[..<newline])
        pending.removeSubrange(...newline)
        guard let answer = try? JSONSerialization.jsonObject(with: line) as? [String: Any] else {
            throw BenchError("the answer to \(request) is not a JSON object: \(String(decoding: line, as: UTF8.self))")
        }
        return answer
    }
}
