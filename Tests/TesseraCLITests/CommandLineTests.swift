import Foundation
import XCTest

/// Flags, exit codes and one-line errors (docs/REFERENCE.md#tessera-flags): 0 ok, 2 bad usage/config/script/photos,
/// 3 no display (suggesting --headless).
final class CommandLineTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    private func assertFails(
        _ args: [String], code: Int32, mentions text: String, environment: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let result = try TesseraProcess.run(args, in: folder, environment: environment)
        XCTAssertEqual(result.exitCode, code, result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains(text), "stderr: \(result.stderr)", file: file, line: line)
        XCTAssertEqual(
            result.stderr.split(separator: "\n").count, 1, "one line: \(result.stderr)", file: file, line: line)
    }

    func testHelpAndVersion() throws {
        let help = try TesseraProcess.run(["--help"])
        XCTAssertEqual(help.exitCode, 0)
        for flag in [
            "--scene", "--headless", "--script", "--frames", "--screenshot", "--dump-state", "--window", "--hz",
            "--render-every",
        ] {
            XCTAssertTrue(help.stdout.contains(flag), flag)
        }
        XCTAssertEqual(try TesseraProcess.run(["--version"]).exitCode, 0)
    }

    func testBadUsageIsExit2NamingTheFlag() throws {
        try assertFails(["--bogus"], code: 2, mentions: "--bogus")
        try assertFails(["--headless", "--window", "0x10"], code: 2, mentions: "--window")
        try assertFails(["--headless", "--scene", "nowhere"], code: 2, mentions: "--scene")
        try assertFails(
            ["--headless", "--photos", folder.appendingPathComponent("missing").path], code: 2, mentions: "not found")
    }

    func testBadConfigNamesTheKey() throws {
        let config = try write("bad.json", #"{"picker": {"grid": {"rowHieght": 3}}}"#)
        try assertFails(["--headless", "--config", config], code: 2, mentions: "picker.grid.rowHieght")
        // A folder where a file belongs is a clear error, not a crash.
        try assertFails(["--headless", "--config", folder.path], code: 2, mentions: "cannot read")
        try assertFails(["--headless", "--script", folder.path], code: 2, mentions: "cannot read")
        // Outputs to a place that cannot take them: exit 2 naming the flag and why.
        try assertFails(["--headless", "--dump-state", folder.path], code: 2, mentions: "--dump-state")
        try assertFails(["--headless", "--screenshot", folder.path], code: 2, mentions: "is a directory")
        let dumpToFolder = try write("dump.json", #"{"steps": [{"at": 0, "dump": "\#(folder.path)"}]}"#)
        try assertFails(["--headless", "--script", dumpToFolder], code: 2, mentions: "dump \(folder.path)")
    }

    func testBadScriptNamesTheStep() throws {
        let unknown = try write("unknown.json", #"{"steps": [{"at": 0, "tap": "photo-01"}, {"at": 0.1, "fly": 1}]}"#)
        try assertFails(["--headless", "--script", unknown], code: 2, mentions: "step 1")
        let truncated = try write("truncated.json", #"{"steps": [{"at": 0, "ta"#)
        try assertFails(["--headless", "--script", truncated], code: 2, mentions: "not valid JSON")
        let key = try write("key.json", #"{"steps": [{"at": 0, "key": "NotAKeyAtAll"}]}"#)
        try assertFails(["--headless", "--script", key], code: 2, mentions: "step 0")
        let tap = try write("tap.json", #"{"steps": [{"at": 0, "tap": "photo-999"}]}"#)
        try assertFails(["--headless", "--script", tap], code: 2, mentions: "step 0")
    }

    func testNoDisplayIsExit3SuggestingHeadless() throws {
        try assertFails(
            ["--frames", "1"], code: 3, mentions: "--headless",
            environment: ["SDL_VIDEODRIVER": "x11", "DISPLAY": ":97"])
    }

    /// With no display at all SDL would quietly fall back to its offscreen driver; that is exit 3 too.
    func testNoDisplayAtAllIsExit3() throws {
        let result = try TesseraProcess.run(
            ["--frames", "1"], in: folder, unset: ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"])
        XCTAssertEqual(result.exitCode, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("--headless"), result.stderr)
    }

    func testRunsFromAnyDirectory() throws {
        let dump = folder.appendingPathComponent("state.json")
        let result = try TesseraProcess.run(
            ["--headless", "--frames", "2", "--dump-state", dump.path], in: URL(fileURLWithPath: "/"))
        XCTAssertEqual(result.exitCode, 0, result.stderr)
        let state = try readJSON(dump)
        XCTAssertEqual(state["step"] as? Int, 2)
        XCTAssertEqual((state["tiles"] as? [Any])?.count, 24, "the bundled photos were found")
    }
}
