import Foundation

/// A private X server (Xvfb, which `make test` installs) on a display number no other server uses,
/// for the tests that open real windows: the presenter's own (TesseraSDLTests) and the command line's
/// (TesseraCLITests' `VirtualDisplay`). Stopped when the last holder lets go.
package final class XvfbServer {
    /// The `DISPLAY` value, e.g. `:83`.
    package let name: String
    private let server: Process

    /// Starts a `width`×`height`×24 screen and waits until it listens (its socket appears); nil when
    /// Xvfb is not installed. `arguments` go to Xvfb too (`-extension MIT-SHM` turns one off).
    package init?(width: Int, height: Int, arguments: [String] = []) throws {
        guard let xvfb = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first(where: FileManager.default.isExecutableFile)
        else { return nil }
        let first = 80 + Int(getpid() % 40)
        let number = (first..<(first + 40)).first { !FileManager.default.fileExists(atPath: Self.socket($0)) } ?? first
        name = ":\(number)"
        server = Process()
        server.executableURL = URL(fileURLWithPath: xvfb)
        server.arguments = [name, "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"] + arguments
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: Self.socket(number)) { usleep(50_000) }
    }

    deinit {
        server.terminate()
        server.waitUntilExit()
    }

    private static func socket(_ number: Int) -> String { "/tmp/.X11-unix/X\(number)" }
}
