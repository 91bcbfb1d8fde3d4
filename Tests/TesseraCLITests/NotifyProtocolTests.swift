import Foundation
import XCTest

/// systemd's notify protocol as `ServiceNotifier` speaks it, against a bound socket that records each
/// sender's pid (`SCM_CREDENTIALS`): only Tessera's own process speaks — the desktop appearance probes
/// it runs inherit no `NOTIFY_SOCKET` — and a reload that fails says so (issue 45).
final class NotifyProtocolTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Stand-ins for gdbus, busctl and gsettings that note they ran and, given a `$NOTIFY_SOCKET`, send
    /// `ERRNO=2` to it (as `busctl` did under cage).
    private func fakeProbes() throws -> URL {
        let tools = folder.appendingPathComponent("tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        for name in ["gdbus", "busctl", "gsettings"] {
            let script = """
                #!/bin/sh
                touch "\(folder.path)/ran-\(name)"
                if [ -n "$NOTIFY_SOCKET" ]; then
                    /usr/bin/python3 -c 'import os, socket; socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM).sendto(b"ERRNO=2", os.environ["NOTIFY_SOCKET"])'
                fi
                exit 1
                """
            let url = tools.appendingPathComponent(name)
            try script.write(to: url, atomically: true, encoding: .utf8)
            chmod(url.path, 0o755)
        }
        return tools
    }

    func testOnlyTheMainProcessSendsToTheNotifySocket() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("no python3") }
        let display = try VirtualDisplay(width: 800, height: 600)
        let tools = try fakeProbes()
        let listener = try NotifyListener(path: folder.appendingPathComponent("notify").path)
        let path = "\(tools.path):" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let process = try launch(
            ["--window", "640x480"],
            environment: display.environment.merging(
                ["NOTIFY_SOCKET": listener.path, "WATCHDOG_USEC": "1000000", "PATH": path],
                uniquingKeysWith: { $1 }))
        XCTAssertNotNil(listener.wait(for: "READY=1", upTo: 15), "READY=1")
        _ = listener.count(of: "WATCHDOG=1", during: 1)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        _ = listener.count(of: "STOPPING=1", during: 0.3)
        let ran = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("ran-") }
        XCTAssertFalse(ran.isEmpty, "the appearance probes ran")
        XCTAssertFalse(listener.received.contains { $0.contains("ERRNO=") }, "no child spoke")
        XCTAssertFalse(listener.senders.isEmpty)
        XCTAssertTrue(
            listener.received.first?.hasPrefix("EXTEND_TIMEOUT_USEC=") == true,
            "more start time asked for before the photo folder is scanned")
        XCTAssertEqual(Set(listener.senders), [process.processIdentifier], "every message from the main process")
    }

    func testABrokenReloadSaysItFailedKeepsTheConfigAndWritesOneLine() throws {
        let display = try VirtualDisplay(width: 800, height: 600)
        let config = folder.appendingPathComponent("config.json")
        try FileManager.default.copyItem(
            at: TesseraProcess.root.appendingPathComponent("Configs/default.json"), to: config)
        let listener = try NotifyListener(path: folder.appendingPathComponent("notify").path)
        let stderr = folder.appendingPathComponent("stderr.txt")
        let process = try launch(
            ["--window", "640x480", "--config", config.path],
            environment: display.environment.merging(["NOTIFY_SOCKET": listener.path], uniquingKeysWith: { $1 }),
            stderr: stderr)
        XCTAssertNotNil(listener.wait(for: "READY=1", upTo: 15), "READY=1")
        // The same size and modification time: only the SIGHUP reads it again (the poll sees no change).
        let attributes = try FileManager.default.attributesOfItem(atPath: config.path)
        let size = try XCTUnwrap(attributes[.size] as? NSNumber).intValue
        let broken = "{\"theme\": " + String(repeating: " ", count: size - 10)
        let handle = try FileHandle(forWritingTo: config)
        try handle.write(contentsOf: Data(broken.utf8))
        try handle.close()
        try FileManager.default.setAttributes(
            [.modificationDate: attributes[.modificationDate]!], ofItemAtPath: config.path)
        kill(process.processIdentifier, SIGHUP)
        XCTAssertNotNil(listener.wait(for: "RELOADING=1", upTo: 3), "RELOADING=1")
        let answer = try XCTUnwrap(listener.wait(for: "READY=1", upTo: 3), "READY=1: the reload is over")
        XCTAssertTrue(answer.contains("STATUS=Config reload failed, keeping the previous config: "), answer)
        XCTAssertFalse(answer.contains("Config reloaded"))
        XCTAssertTrue(process.isRunning, "the run goes on with the config it had")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let lines = try String(contentsOf: stderr, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("config not reloaded") }
        XCTAssertEqual(lines.count, 1, "one line on stderr")
        XCTAssertTrue(lines.first?.hasPrefix("tessera: config not reloaded, keeping the previous one: ") == true)
    }

    private func launch(_ arguments: [String], environment: [String: String], stderr: URL? = nil) throws -> Process {
        let process = Process()
        process.executableURL = TesseraProcess.executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = TesseraProcess.environment(merging: environment)
        process.standardOutput = FileHandle.nullDevice
        if let stderr {
            FileManager.default.createFile(atPath: stderr.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: stderr)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        addTeardownBlock { if process.isRunning { process.terminate() } }
        return process
    }
}
