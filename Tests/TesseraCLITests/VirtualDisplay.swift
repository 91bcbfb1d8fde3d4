import Foundation
import TesseraTestSupport
import XCTest

/// A private X server (`XvfbServer`) for the tests that run `tessera` in a real window. A test on a
/// machine without Xvfb is skipped, not failed.
final class VirtualDisplay {
    /// The `DISPLAY` value, e.g. `:83`.
    var name: String { server.name }
    private let server: XvfbServer

    init(width: Int, height: Int) throws {
        guard let server = try XvfbServer(width: width, height: height) else { throw XCTSkip("Xvfb is not installed") }
        self.server = server
    }

    /// What a window opened in this display needs in its environment.
    var environment: [String: String] { ["DISPLAY": name, "SDL_VIDEODRIVER": "x11"] }

    /// Runs `tessera` to the end in this display. A server that is not accepting clients yet answers
    /// with "no usable display" (exit 3): the run is tried again.
    func run(_ arguments: [String], in folder: URL) throws -> TesseraProcess.Result {
        var result = TesseraProcess.Result(exitCode: -1, stdout: "", stderr: "")
        for _ in 0..<50 {
            result = try TesseraProcess.run(arguments, in: folder, environment: environment)
            if result.exitCode != 3 { break }
            usleep(100_000)
        }
        return result
    }

    /// Starts `tessera` in this display and leaves it running (a kiosk), once it has stayed up
    /// `settle` seconds; nil if it never did.
    func launch(_ arguments: [String], in folder: URL, settle: Double = 1.5) throws -> Process? {
        for _ in 0..<50 {
            let process = Process()
            process.executableURL = TesseraProcess.executable
            process.arguments = arguments
            process.currentDirectoryURL = folder
            process.environment = TesseraProcess.environment(merging: environment)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32(settle * 1_000_000))
            if process.isRunning { return process }
            // Not accepting clients yet (exit 3): try again.
            guard process.terminationStatus == 3 else { return nil }
        }
        return nil
    }
}
