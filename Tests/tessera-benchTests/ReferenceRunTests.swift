import XCTest

@testable import tessera_bench

/// How a reference picker's run (Qt Quick's, Slint's) is read: its `settled frames N` and `frames N`
/// lines on stderr, and what the toggles added. Stand-in scripts, no Qt or Slint.
final class ReferenceRunTests: XCTestCase {
    private func shell(_ script: String) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        return process
    }

    /// Frames are counted from the `settled` line to the last; other lines on stderr are passed over. The
    /// references print their last line and then quit, still running as it is read.
    func testARunIsReadFromSettledToTheEnd() throws {
        let reading = try XCTUnwrap(
            ReferenceRun.read(
                shell(
                    "echo 'a warning 3' >&2; echo 'settled frames 12' >&2; sleep 0.2; echo 'frames 72' >&2; sleep 0.2"),
                serverPID: nil, seconds: 5))
        XCTAssertEqual(reading.frames, 60)
        XCTAssertGreaterThanOrEqual(reading.cpu, 0)
        XCTAssertNil(reading.server, "no X server's figure without its process")
    }

    /// A run that failed (its exit status) or never said it settled measured nothing.
    func testAFailedRunIsNoReading() throws {
        XCTAssertNil(
            try ReferenceRun.read(
                shell("echo 'settled frames 1' >&2; echo 'frames 9' >&2; exit 1"), serverPID: nil, seconds: 5))
        XCTAssertNil(try ReferenceRun.read(shell("echo 'frames 9' >&2"), serverPID: nil, seconds: 5))
    }

    /// The toggled run less the still one, per frame the toggles added and per second of the window.
    func testWhatTheTogglesAdded() {
        let animated = ReferenceRun.animated(
            moving: .init(cpu: 2.0, server: 0.6, frames: 482), resting: .init(cpu: 0.4, server: 0.2, frames: 2),
            seconds: 8)
        XCTAssertEqual(animated.cpuMsPerFrame, 1.6 * 1000 / 480, accuracy: 1e-9)
        XCTAssertEqual(animated.framesPerSecond, 60, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(animated.serverMsPerFrame), 0.4 * 1000 / 480, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(animated.boxMsPerSecond), 250, accuracy: 1e-9)
    }

    /// Slint's toggled run counts its frames in one run and is read for its CPU and the X server's in
    /// another with no counter, whose frames (none counted) do not enter.
    func testSlintsFramesComeFromTheCountedRunAndItsCPUFromTheUncountedOne() throws {
        let animated = SlintReference.animated(
            counted: .init(cpu: 2.0, server: 0.9, frames: 482), uncounted: .init(cpu: 2.1, server: 0.6, frames: 0),
            resting: .init(cpu: 0.5, server: 0.2, frames: 2), seconds: 8)
        XCTAssertEqual(animated.cpuMsPerFrame, 1.6 * 1000 / 480, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(animated.serverMsPerFrame), 0.4 * 1000 / 480, accuracy: 1e-9)
        XCTAssertEqual(animated.framesPerSecond, 60, accuracy: 1e-9)
    }

    /// Slint's reference runs with `.build/slint-venv`'s Python where that has the packages.
    func testSlintsReferencePrefersTheRepositorysVenv() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bench-slint-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let bin = root.appendingPathComponent(".build/slint-venv/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let python = bin.appendingPathComponent("python")
        // Stands in for `python -c "import slint, PIL, Xlib; …print(version('slint'))"`.
        try "#!/bin/sh\necho 9.8.7\n".write(to: python, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: python.path)
        let reference = try XCTUnwrap(SlintReference(seconds: 10, root: root))
        XCTAssertEqual(reference.python, python.path)
        XCTAssertEqual(reference.runtimeName, "Slint 9.8.7 software")
        XCTAssertEqual(reference.settle, 2)
    }
}
