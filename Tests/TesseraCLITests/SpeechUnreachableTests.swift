import Foundation
import XCTest

/// `--speak` with no speech-dispatcher to reach (docs/ACCESSIBILITY.md, "When speech-dispatcher is down"):
/// one line says why and the run goes on silent — a kiosk does not stop for its speech service.
final class SpeechUnreachableTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Nothing listens at `SPEECHD_ADDRESS` (and autospawn cannot start a server there): one line says
    /// why, and the run does everything else it would, exit 0.
    func testWithoutSpeechDispatcherOneLineSaysWhyAndTheRunGoesOn() throws {
        let script = try writeScript(#"{"at": 0, "tap": "photo-02"}, {"at": 0.3, "key": "Return"}"#, in: folder)
        let output = folder.appendingPathComponent("selections.jsonl")
        let result = try TesseraProcess.run(
            ["--headless", "--speak", "--script", script, "--output", output.path], in: folder,
            environment: ["SPEECHD_ADDRESS": "unix_socket:\(folder.path)/nobody.sock"])
        XCTAssertEqual(result.exitCode, 0, result.stderr)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, result.stderr)
        XCTAssertTrue(
            result.stderr.hasPrefix("tessera: --speak: cannot reach speech-dispatcher ("), result.stderr)
        XCTAssertTrue(result.stderr.contains("nobody.sock"), "the reason names the socket: \(result.stderr)")
        XCTAssertTrue(try String(contentsOf: output, encoding: .utf8).contains("photo-02.jpg"))
    }

    /// The config's `speech.enabled` asks as `--speak` does, and the line names the key.
    func testTheConfigTurnsSpeechOnToo() throws {
        let config = folder.appendingPathComponent("speech.json")
        try #"{"speech": {"enabled": true}}"#.write(to: config, atomically: true, encoding: .utf8)
        let result = try TesseraProcess.run(
            ["--headless", "--config", config.path, "--frames", "2"], in: folder,
            environment: ["SPEECHD_ADDRESS": "unix_socket:\(folder.path)/nobody.sock"])
        XCTAssertEqual(result.exitCode, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.hasPrefix("tessera: speech.enabled: cannot reach speech-dispatcher ("), result.stderr)
    }
}
