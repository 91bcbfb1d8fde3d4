import Foundation
import XCTest

/// A window started under X with no session bus leaves none behind (docs/KIOSK.md, "No session bus").
final class SessionBusTests: XCTestCase {
    /// The `dbus-launch --autolaunch` processes running now: each one holds a session bus a client
    /// started for an X display, and outlives that client.
    private func autolaunchedBuses() -> Set<Int32> {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return Set(
            entries.compactMap { entry -> Int32? in
                guard let pid = Int32(entry),
                    let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
                else { return nil }
                let words = line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                guard words.first.map({ $0.hasSuffix("dbus-launch") }) == true, words.contains("--autolaunch")
                else { return nil }
                return pid
            })
    }

    func testAWindowWithoutASessionBusStartsNone() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-launch") else {
            throw XCTSkip("dbus-launch is not installed: nothing could autolaunch a bus")
        }
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A runtime folder of its own with no `bus` in it, and no address: nothing to reach.
        let runtime = folder.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        chmod(runtime.path, 0o700)
        let display = try VirtualDisplay(width: 640, height: 480)
        let before = autolaunchedBuses()
        let result = try TesseraProcess.run(
            ["--frames", "60"], in: folder,
            environment: display.environment.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 },
            unset: ["DBUS_SESSION_BUS_ADDRESS"])
        XCTAssertEqual(result.exitCode, 0, result.stderr)
        // dbus-launch forks the daemon and stays; give a late one time to appear.
        usleep(500_000)
        let started = autolaunchedBuses().subtracting(before)
        for pid in started { kill(pid, SIGTERM) }
        XCTAssertEqual(started, [], "the window autolaunched a session bus")
    }
}
