import Foundation
import XCTest

/// A run ends cleanly on SIGTERM/SIGINT, and never ends silently holding a selection it could not write.
final class SignalAndSelectionFailureTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func writeScript(_ steps: String) throws -> String { try TesseraCLITests.writeScript(steps, in: folder) }

    func testASelectionThatCannotBeWrittenEndsTheRunWithExit4AndALine() throws {
        let script = try writeScript(#"{"at": 0, "tap": "photo-02"}, {"at": 0.3, "key": "Return"}"#)
        let result = try TesseraProcess.run(["--headless", "--script", script, "--output", "/dev/full"], in: folder)
        XCTAssertEqual(result.exitCode, 4, result.stderr)
        XCTAssertTrue(result.stderr.contains("--output /dev/full: cannot write the selection"), result.stderr)
        XCTAssertTrue(result.stderr.contains("not written"), result.stderr)
    }

    func testAStdoutWhoseReaderHasGoneIsAFailedWriteNotSIGPIPE() throws {
        let script = try writeScript(#"{"at": 0, "tap": "photo-02"}, {"at": 0.3, "key": "Return"}"#)
        let process = Process()
        process.executableURL = TesseraProcess.executable
        process.arguments = ["--headless", "--script", script]
        process.currentDirectoryURL = folder
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try out.fileHandleForReading.close()
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "not killed by SIGPIPE")
        XCTAssertEqual(process.terminationStatus, 4, stderr)
        XCTAssertTrue(stderr.contains("broken pipe"), stderr)
    }

    func testSIGTERMEndsARunAsAQuitDoesWritingItsOutputs() throws {
        for signal in [SIGTERM, SIGINT] {
            let script = try writeScript(#"{"at": 0, "tap": "photo-04"}, {"at": 0.2, "key": "Return"}"#)
            let output = folder.appendingPathComponent("selections-\(signal).jsonl")
            let dump = folder.appendingPathComponent("dump-\(signal).json")
            let profile = folder.appendingPathComponent("profile-\(signal).json")
            let trace = folder.appendingPathComponent("trace-\(signal).json")
            let process = Process()
            process.executableURL = TesseraProcess.executable
            process.arguments = [
                "--headless", "--script", script, "--output", output.path, "--frames", "100000000",
                "--render-every", "1000", "--dump-state", dump.path, "--profile-json", profile.path, "--trace",
                trace.path,
            ]
            process.currentDirectoryURL = folder
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The confirmed line shows the run is inside its loop (the handlers are installed first thing).
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline, (try? Data(contentsOf: output))?.isEmpty ?? true { usleep(1000) }
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .exit, "signal \(signal)")
            XCTAssertEqual(process.terminationStatus, 0, "signal \(signal)")
            XCTAssertEqual(try readJSON(dump)["selection"] as? [String], [])
            XCTAssertNotNil(try readJSON(profile)["frames"])
            XCTAssertNotNil(try readJSON(trace)["traceEvents"])
        }
    }
}

/// `systemctl stop` sends SIGTERM: a kiosk, which ignores its close button, still ends cleanly.
final class KioskSignalTests: XCTestCase {
    func testAKioskEndsOnSIGTERMWritingItsDump() throws {
        let display = try VirtualDisplay(width: 800, height: 600)
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dump = folder.appendingPathComponent("kiosk.json")
        let profile = folder.appendingPathComponent("profile.json")
        let started = try display.launch(
            ["--kiosk", "--dump-state", dump.path, "--profile-json", profile.path], in: folder)
        let kiosk = try XCTUnwrap(started, "the kiosk did not start")
        kill(kiosk.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(20)
        while kiosk.isRunning && Date() < deadline { usleep(10_000) }
        if kiosk.isRunning {
            kill(kiosk.processIdentifier, SIGKILL)
            kiosk.waitUntilExit()
            return XCTFail("the kiosk ignored SIGTERM")
        }
        XCTAssertEqual(kiosk.terminationReason, .exit)
        XCTAssertEqual(kiosk.terminationStatus, 0)
        XCTAssertEqual(try readJSON(dump)["window"] as? [Double], [800, 600])
        XCTAssertNotNil(try readJSON(profile)["frames"])
    }
}
