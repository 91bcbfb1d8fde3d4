import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `--control PATH`: a Unix stream socket on which a running window takes requests, one JSON object per
/// line, and answers each with one JSON line (`ControlSource` says what a request may be). For a kiosk
/// operator checking a box in the field, and for tests that drive a running window.
///
/// - The socket is made with mode 0600 (the umask is 0177 while it is bound, and it is chmod-ed after):
///   only its owner (and root) may connect. A path that exists and is not a socket is refused, as is a
///   socket another process still listens on; a stale one is replaced. The socket is removed at the end.
/// - One thread of its own does all the socket I/O (`poll(2)`), so a client never holds up the run
///   loop: requests are queued for the loop, which is woken (`wake`, as the folder watcher wakes it) and
///   answers between frames; answers are written without blocking from a bounded buffer. A client that
///   does not read its answers is dropped once `maxPendingBytes` wait for it, or once it has
///   `maxAwaiting` requests unanswered; a line longer than `maxLineBytes` drops its client too; at
///   most `maxClients` are served at once.
package final class ControlServer: @unchecked Sendable {
    package struct Error: Swift.Error, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }

    /// A request as it came: which client, and the line (without its newline).
    package struct Request {
        package var client: Int
        package var line: String
    }

    package static let maxLineBytes = 65536
    package static let maxPendingBytes = 8 << 20
    package static let maxClients = 16
    /// Requests of one client waiting for their answers; a client that sends more without reading is
    /// dropped, its requests unanswered.
    package static let maxAwaiting = 64

    package let path: String
    private let listener: Int32
    /// Written to (one byte) to wake the I/O thread's poll: an answer to send, or the end.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let wakeLoop: @Sendable () -> Void
    private let lock = NSLock()
    private var clients: [Int: Client] = [:]
    private var requests: [Request] = []
    private var nextClient = 0
    private var stopping = false
    private var started = false
    private let finished = DispatchSemaphore(value: 0)

    private struct Client {
        var fd: Int32
        var input: [UInt8] = []
        var output: [UInt8] = []
        /// Requests queued and not yet answered.
        var awaiting = 0
        /// The client sent its last byte: it goes once every answer is out.
        var inputClosed = false
        /// The client is dropped at once (a broken connection, a line or a backlog too long).
        var dropNow = false
    }

    /// Binds and listens at `path`; the I/O thread starts with `start`.
    package init(path: String, wake: @escaping @Sendable () -> Void) throws {
        self.path = path
        wakeLoop = wake
        guard let address = UnixSocketAddress(path) else {
            throw Error(message: "--control \(path): the path is too long for a socket (107 bytes at most)")
        }
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFSOCK else {
                throw Error(message: "--control \(path): exists and is not a socket; not replacing it")
            }
            guard !Self.someoneListens(at: path) else {
                throw Error(message: "--control \(path): another process is listening on this socket")
            }
            unlink(path)
        }
        let fd = socket(
            AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw Error(message: "--control \(path): \(String(cString: strerror(errno)))") }
        // Owner only from the moment the file exists: the umask is process-wide, so it is restored at
        // once (the launch is still single-threaded here but for SDL's and the signals' own).
        let old = umask(0o177)
        let bound = address.withSockaddr { bind(fd, $0, $1) }
        let bindError = errno
        umask(old)
        guard bound == 0, chmod(path, 0o600) == 0, listen(fd, 8) == 0 else {
            let reason = String(cString: strerror(bound == 0 ? errno : bindError))
            close(fd)
            if bound == 0 { unlink(path) }
            throw Error(message: "--control \(path): \(reason)")
        }
        listener = fd
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            close(fd)
            unlink(path)
            throw Error(message: "--control \(path): \(String(cString: strerror(errno)))")
        }
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
        for end in pipeEnds { Self.makeNonBlocking(end) }
    }

    /// Starts the I/O thread.
    package func start() {
        started = true
        let thread = Thread { [self] in
            serve()
            finished.signal()
        }
        thread.name = "tessera-control"
        thread.start()
    }

    /// Ends the I/O thread, closes every connection and removes the socket.
    package func stop() {
        lock.withLock { stopping = true }
        poke()
        if started { finished.wait() }
        close(listener)
        close(wakeRead)
        close(wakeWrite)
        unlink(path)
    }

    /// True while requests wait for the loop.
    package var hasRequests: Bool { lock.withLock { !requests.isEmpty } }

    /// The requests that came since the last call, in order.
    package func takeRequests() -> [Request] {
        lock.withLock {
            defer { requests.removeAll() }
            // A dropped client's requests are not worth the loop's time.
            return requests.filter { clients[$0.client]?.dropNow == false }
        }
    }

    /// Queues `line` (a newline is added) for `client`; a client past `maxPendingBytes` is dropped.
    package func answer(_ client: Int, _ line: String) {
        lock.withLock {
            guard clients[client] != nil else { return }
            clients[client]!.awaiting -= 1
            clients[client]!.output += Array(line.utf8) + [UInt8(ascii: "\n")]
            if clients[client]!.output.count > Self.maxPendingBytes { clients[client]!.dropNow = true }
        }
        poke()
    }

    private func poke() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    // MARK: The I/O thread

    private func serve() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            var fds = [
                pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            var ids: [Int] = []
            let done: Bool = lock.withLock {
                for (id, client) in clients {
                    ids.append(id)
                    let reads = client.inputClosed ? 0 : Int16(POLLIN)
                    fds.append(
                        pollfd(fd: client.fd, events: reads | (client.output.isEmpty ? 0 : Int16(POLLOUT)), revents: 0))
                }
                return stopping
            }
            if done { break }
            guard poll(&fds, nfds_t(fds.count), -1) >= 0 || errno == EINTR else { break }
            if fds[1].revents != 0 { while read(wakeRead, &buffer, buffer.count) > 0 {} }
            if fds[0].revents & Int16(POLLIN) != 0 { acceptClients() }
            var queued = false
            for (index, id) in ids.enumerated() {
                let revents = fds[index + 2].revents
                if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { queued = readFrom(id, &buffer) || queued }
                if revents & Int16(POLLOUT) != 0 { writeTo(id) }
            }
            dropClients()
            if queued { wakeLoop() }
        }
        lock.withLock {
            for client in clients.values { close(client.fd) }
            clients.removeAll()
        }
    }

    private func acceptClients() {
        while true {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { return }
            Self.makeNonBlocking(fd)
            lock.withLock {
                if clients.count >= Self.maxClients {
                    let line = Array(#"{"error": "too many control clients"}"#.utf8) + [10]
                    _ = send(fd, line, line.count, Int32(MSG_NOSIGNAL))
                    close(fd)
                    return
                }
                clients[nextClient] = Client(fd: fd)
                nextClient += 1
            }
        }
    }

    /// Reads what `id` sent; true when a whole request was queued.
    private func readFrom(_ id: Int, _ buffer: inout [UInt8]) -> Bool {
        guard let fd = lock.withLock({ clients[id]?.fd }) else { return false }
        let n = recv(fd, &buffer, buffer.count, 0)
        if n == 0 {
            lock.withLock { clients[id]?.inputClosed = true }
            return false
        }
        if n < 0 && errno != EAGAIN && errno != EINTR {
            lock.withLock { clients[id]?.dropNow = true }
            return false
        }
        guard n > 0 else { return false }
        return lock.withLock {
            guard var client = clients.removeValue(forKey: id) else { return false }  // see `writeTo`
            client.input += buffer[0..<n]
            var queued = false
            while let newline = client.input.firstIndex(of: 10) {
                let line = String(decoding: client.input[..<newline], as: UTF8.self)
                client.input.removeSubrange(...newline)
                requests.append(Request(client: id, line: line))
                client.awaiting += 1
                queued = true
            }
            if client.input.count > Self.maxLineBytes || client.awaiting > Self.maxAwaiting { client.dropNow = true }
            clients[id] = client
            return queued
        }
    }

    private func writeTo(_ id: Int) {
        lock.withLock {
            // Taken out while written, so that trimming its buffer does not copy it (copy on write).
            guard clients[id]?.output.isEmpty == false, var client = clients.removeValue(forKey: id) else { return }
            defer { clients[id] = client }
            let n = client.output.withUnsafeBytes { send(client.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 {
                client.output.removeFirst(n)
            } else if n < 0 && errno != EAGAIN && errno != EINTR {
                client.dropNow = true
            }
        }
    }

    private func dropClients() {
        lock.withLock {
            for (id, client) in clients
            where client.dropNow || (client.inputClosed && client.awaiting <= 0 && client.output.isEmpty) {
                close(client.fd)
                clients[id] = nil
            }
        }
    }

    /// Non-blocking and closed on exec (what `pipe2`/`accept4` would set; Swift's Glibc lacks them).
    private static func makeNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    /// True when a connection to the socket at `path` is accepted (another run still serves it).
    private static func someoneListens(at path: String) -> Bool {
        guard let fd = UnixSocketAddress.connect(to: path) else { return false }
        close(fd)
        return true
    }
}
