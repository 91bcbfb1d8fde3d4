import Foundation
import XCTest

/// A Wayland compositor with no input seat (weston's headless backend has no devices), where SDL 2.26
/// would crash at start-up: Tessera says why and exits 3, or goes through Xwayland when there is one.
final class SeatlessWaylandTests: XCTestCase {
    private static let session = TesseraProcess.root.appendingPathComponent("Tools/weston-session")

    func testWaylandAloneIsAClearErrorAndXwaylandIsTheWayRound() throws {
        for tool in ["/usr/bin/weston", "/usr/bin/Xwayland"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is not installed (make test installs weston and xwayland)")
        }
        // The cage fixture's world-readable copy of Tessera, for the session's unprivileged user.
        let stage = try HeadlessCage()
        let runtime = stage.stage.appendingPathComponent("weston-runtime")

        let alone = try Self.run(
            runtime, xwayland: false, ["env", "SDL_VIDEODRIVER=wayland", stage.executable.path, "--frames", "60"])
        XCTAssertEqual(alone.status, 3, alone.errors)
        XCTAssertTrue(alone.errors.contains("no input seat (wl_seat)"), alone.errors)
        XCTAssertFalse(alone.errors.contains("crashed"), alone.errors)

        // Left to choose, it takes weston's Xwayland and runs to the end.
        let profile = runtime.appendingPathComponent("profile.json")
        let through = try Self.run(
            runtime, xwayland: true,
            [stage.executable.path, "--kiosk", "--frames", "120", "--profile-json", profile.path])
        XCTAssertEqual(through.status, 0, through.errors)
        let renderer = try readJSON(profile)["renderer"] as? String ?? ""
        XCTAssertEqual(renderer, "software (MIT-SHM)", "through Xwayland, in shared memory")
    }

    /// Runs `command` in a weston session; its exit status and what it wrote on stderr.
    private static func run(_ runtime: URL, xwayland: Bool, _ command: [String]) throws -> (
        status: Int32, errors: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [session.path, runtime.path] + (xwayland ? ["--xwayland"] : []) + ["--"] + command
        process.environment = ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
