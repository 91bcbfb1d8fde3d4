import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// Requested writes: a device, FIFO or symlink is written through, never replaced by a plain file, and
/// a write that fails is exit 2 naming the flag.
final class OutputPathTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func fileType(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    /// A private copy of `/dev/full` (character device 1, 7): every write fails with ENOSPC.
    private func fullDevice() throws -> String {
        let path = folder.appendingPathComponent("full").path
        guard mknod(path, S_IFCHR | 0o666, dev_t((1 << 8) | 7)) == 0 else {
            throw XCTSkip("cannot make a device node here (needs root and CAP_MKNOD)")
        }
        return path
    }

    func testAFailedWriteOfAnyRequestedOutputIsExit2NamingTheFlagAndTheDeviceStays() throws {
        let full = try fullDevice()
        for flag in ["--trace", "--profile-json", "--dump-state", "--screenshot"] {
            let result = try TesseraProcess.run(["--headless", "--frames", "5", flag, full], in: folder)
            XCTAssertEqual(result.exitCode, 2, "\(flag): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains("\(flag) \(full): no space left on device"), "\(flag): \(result.stderr)")
            XCTAssertEqual(fileType(full), S_IFCHR, "\(flag) left the device a device")
        }
    }

    func testASymlinkIsFollowedAndStaysALink() throws {
        let target = folder.appendingPathComponent("real-dump.json")
        let link = folder.appendingPathComponent("dump.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real-dump.json")
        let result = try TesseraProcess.run(["--headless", "--frames", "5", "--dump-state", link.path], in: folder)
        XCTAssertEqual(result.exitCode, 0, result.stderr)
        XCTAssertEqual(fileType(link.path), S_IFLNK)
        XCTAssertEqual(try readJSON(target)["step"] as? Int, 5)
    }

    func testAFIFOWithAReaderIsWrittenThroughAndOneWithoutIsAnErrorNotAHang() throws {
        let fifo = folder.appendingPathComponent("profile.fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let result = try TesseraProcess.run(["--headless", "--frames", "5", "--trace", fifo], in: folder)
        XCTAssertEqual(result.exitCode, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("--trace \(fifo): a FIFO with no reader"), result.stderr)

        let received = ReceivedData()
        let reading = Thread {
            if let handle = FileHandle(forReadingAtPath: fifo) { received.set(handle.readDataToEndOfFile()) }
        }
        reading.start()
        let written = try TesseraProcess.run(
            ["--headless", "--frames", "5", "--profile-json", fifo], in: folder)
        while !reading.isFinished { usleep(1000) }
        XCTAssertEqual(written.exitCode, 0, written.stderr)
        XCTAssertEqual(fileType(fifo), S_IFIFO)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: received.get()) as? [String: Any])
        XCTAssertEqual(object["steps"] as? Int, 5)
    }

    // MARK: Outputs other users can reach (issue 44)

    /// The names the old temporary took (`.NAME.PID.tmp`), planted as links to a victim for the next
    /// thousand PIDs: whichever PID the run gets, its dump must neither follow one nor become one.
    func testLinksPlantedForTheTemporaryNameAreNeverFollowed() throws {
        let victim = folder.appendingPathComponent("victim.txt")
        try Data("precious".utf8).write(to: victim)
        let last =
            Int(
                (try? String(contentsOfFile: "/proc/sys/kernel/ns_last_pid", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? Int(getpid())
        for pid in (last + 1)...(last + 1000) {
            symlink(victim.path, folder.appendingPathComponent(".dump.json.\(pid).tmp").path)
        }
        let dump = folder.appendingPathComponent("dump.json")
        let result = try TesseraProcess.run(["--headless", "--frames", "5", "--dump-state", "dump.json"], in: folder)
        XCTAssertEqual(result.exitCode, 0, result.stderr)
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "precious")
        XCTAssertEqual(fileType(dump.path), S_IFREG, "the dump is a file of its own, not a planted link")
        XCTAssertEqual(try readJSON(dump)["step"] as? Int, 5)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".dump") }
        XCTAssertEqual(left.count, 1000, "only the planted links, no temporary of our own left")
    }

    func testAnOutputFIFOWithoutAReaderIsALineNotAHang() throws {
        let fifo = folder.appendingPathComponent("selections.fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let run = try SpawnedRun(["--headless", "--frames", "5", "--output", fifo], in: folder)
        XCTAssertEqual(run.exit(within: 20), 2, "blocked in open(): \(run.stderr)")
        XCTAssertEqual(run.stderr, "tessera: --output \(fifo): a FIFO with no reader\n")
    }

    /// Killed mid-way (SIGKILL: no handler runs), a run leaves the previous trace as it was.
    func testATraceKilledMidwayLeavesThePreviousTraceWhole() throws {
        let trace = folder.appendingPathComponent("trace.json")
        let previous = Data(#"{"traceEvents": []}"#.utf8)
        try previous.write(to: trace)
        let run = try SpawnedRun(
            ["--headless", "--frames", "100000000", "--render-every", "1000", "--trace", "trace.json"], in: folder)
        // Running once its temporary is there, beside the trace.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline,
            !((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains(where: {
                $0.hasPrefix(".trace.json.")
            })
        {
            usleep(1000)
        }
        usleep(300_000)
        kill(run.pid, SIGKILL)
        XCTAssertEqual(run.exit(within: 20), 128 + SIGKILL)
        XCTAssertEqual(try Data(contentsOf: trace), previous)
    }

    /// A run that fails after its trace was started leaves the old trace and no temporary of its own.
    func testARunThatFailsLeavesNoTemporaryBehind() throws {
        let script = try writeScript(#"{"at": 0.1, "tap": "no-such-photo"}"#, in: folder)
        let result = try TesseraProcess.run(["--headless", "--script", script, "--trace", "trace.json"], in: folder)
        XCTAssertEqual(result.exitCode, 2, result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["script.json"])
    }

    /// As a user who may not write the folder (root may write anywhere): the system's reason, for every
    /// output, and a loop of links refused alike.
    func testAFailedOutputSaysTheSystemsReason() throws {
        let closed = folder.appendingPathComponent("closed")
        try FileManager.default.createDirectory(at: closed, withIntermediateDirectories: true)
        chmod(closed.path, 0o555)
        chmod(folder.path, 0o755)
        // The unprivileged user must reach the build: a checkout under a private folder (mktemp -d's 0700)
        // hides it, and then there is nothing of Tessera's to test.
        let reach = try TesseraProcess.run(
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", "/bin/sh", "-c", "test -x \"$0\" && cd \"$1\"",
                TesseraProcess.executable.path, folder.path,
            ],
            in: folder, program: URL(fileURLWithPath: "/usr/bin/setpriv"))
        guard reach.exitCode == 0 else { throw XCTSkip("an unprivileged user cannot reach this build's folder") }
        for flag in ["--dump-state", "--trace", "--profile-json", "--screenshot"] {
            let path = closed.appendingPathComponent("out.json").path
            let result = try TesseraProcess.run(
                [
                    "--reuid=65534", "--regid=65534", "--clear-groups", TesseraProcess.executable.path, "--headless",
                    "--frames", "5", flag, path,
                ],
                in: folder, program: URL(fileURLWithPath: "/usr/bin/setpriv"))
            guard !result.stderr.contains("setpriv:") else { throw XCTSkip("setpriv cannot drop privileges here") }
            XCTAssertEqual(result.exitCode, 2, "\(flag): \(result.stderr)")
            XCTAssertEqual(result.stderr, "tessera: \(flag) \(path): permission denied\n")
        }
        symlink("loop-b", folder.appendingPathComponent("loop-a").path)
        symlink("loop-a", folder.appendingPathComponent("loop-b").path)
        for flag in ["--dump-state", "--trace", "--profile-json"] {
            let result = try TesseraProcess.run(["--headless", "--frames", "5", flag, "loop-a"], in: folder)
            XCTAssertEqual(result.exitCode, 2, "\(flag): \(result.stderr)")
            XCTAssertEqual(result.stderr, "tessera: \(flag) loop-a: too many levels of symbolic links\n")
            XCTAssertEqual(fileType(folder.appendingPathComponent("loop-a").path), S_IFLNK)
        }
    }
}

/// What the reading thread got, handed to the test's thread under a lock.
private final class ReceivedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ new: Data) { lock.withLock { data = new } }
    func get() -> Data { lock.withLock { data } }
}
