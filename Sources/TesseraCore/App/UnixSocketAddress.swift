import Glibc

/// A Unix-domain socket's address in the file system (unix(7)): what `bind` and `connect` take for the
/// control socket (`ControlServer`), its clients (the bench, the tests) and the tests' own listeners.
package struct UnixSocketAddress {
    private var address = sockaddr_un()

    /// Nil when `path` does not fit `sun_path` with its terminating zero (108 bytes): a longer one would
    /// be cut to another path.
    package init?(_ path: String) {
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: bytes) }
    }

    /// Calls `body` with the address as bind(2) and connect(2) take it.
    package func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        var address = address
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// A new stream socket connected to `path` (close-on-exec), or nil when nothing accepts there; the
    /// caller closes it.
    package static func connect(to path: String) -> Int32? {
        guard let address = UnixSocketAddress(path) else { return nil }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        guard address.withSockaddr({ Glibc.connect(fd, $0, $1) }) == 0 else {
            close(fd)
            return nil
        }
        return fd
    }
}
