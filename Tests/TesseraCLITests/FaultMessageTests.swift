import Foundation
import XCTest

/// Failures that used to be silent or to name the wrong reason: each one line, the right reason, exit 2.
final class FaultMessageTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testPhotosGivenAFileSaysItIsAFile() throws {
        let file = folder.appendingPathComponent("photo.jpg")
        try FileManager.default.copyItem(
            at: TesseraProcess.root.appendingPathComponent("Assets/Photos/photo-01.jpg"), to: file)
        let result = try TesseraProcess.run(["--headless", "--photos", file.path], in: folder)
        XCTAssertEqual(result.exitCode, 2)
        XCTAssertEqual(result.stderr, "tessera: photo folder \(file.path): is a file, not a folder\n")
    }

    func testMonkeyDumpsGivenAFileIsExit2InOneLine() throws {
        let file = folder.appendingPathComponent("dumps")
        XCTAssertTrue(FileManager.default.createFile(atPath: file.path, contents: Data("x".utf8)))
        let result = try TesseraProcess.run(
            ["--headless", "--monkey", "1", "--frames", "10", "--monkey-dumps", file.path], in: folder)
        XCTAssertEqual(result.exitCode, 2)
        XCTAssertEqual(result.stderr, "tessera: --monkey-dumps \(file.path): is a file, not a folder\n")
    }

    func testAFlagGivenAsAValueIsAnError() throws {
        let result = try TesseraProcess.run(["--output", "--headless"], in: folder)
        XCTAssertEqual(result.exitCode, 2)
        XCTAssertTrue(result.stderr.contains(#"--output needs a value, got the flag "--headless""#), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("--headless").path))
    }

    func testAConfigOutOfRangeIsExit2NamingTheKeyAndRange() throws {
        let config = folder.appendingPathComponent("tabs.json")
        try #"{"tabBar": {"fontSize": -5}}"#.write(to: config, atomically: true, encoding: .utf8)
        let result = try TesseraProcess.run(["--headless", "--config", config.path], in: folder)
        XCTAssertEqual(result.exitCode, 2)
        XCTAssertEqual(
            result.stderr, "tessera: config \(config.path): tabBar.fontSize: must be from 1 to 200, got -5\n")
        let zero = try TesseraProcess.run(["--headless", "--config", "/dev/zero"], in: folder)
        XCTAssertEqual(zero.exitCode, 2)
        XCTAssertTrue(zero.stderr.contains("is a device"), zero.stderr)
    }

    func testWithoutADisplayTheFirstLineIsTesserasOwn() throws {
        let result = try TesseraProcess.run(
            ["--frames", "1"], in: folder,
            unset: ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "XDG_RUNTIME_DIR"])
        XCTAssertEqual(result.exitCode, 3, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("tessera: no usable display"), result.stderr)
        XCTAssertTrue(result.stderr.contains("--headless"), result.stderr)
    }

    /// A storm resizes the window again and again; every size makes a new renderer and texture cache.
    func testADamagedPhotoIsNamedOnceInAStorm() throws {
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let bundled = TesseraProcess.root.appendingPathComponent("Assets/Photos")
        for i in 1...3 {
            let name = String(format: "photo-%02d.jpg", i)
            try FileManager.default.copyItem(
                at: bundled.appendingPathComponent(name), to: photos.appendingPathComponent(name))
        }
        let whole = try Data(contentsOf: bundled.appendingPathComponent("photo-07.jpg"))
        XCTAssertTrue(
            FileManager.default.createFile(
                atPath: photos.appendingPathComponent("damaged.jpg").path, contents: whole.prefix(600)))
        let result = try TesseraProcess.run(
            ["--headless", "--scene", "waterfall", "--photos", photos.path, "--monkey", "3", "--frames", "1200"],
            in: folder)
        XCTAssertEqual(result.exitCode, 0, result.stderr)
        XCTAssertEqual(result.stderr.components(separatedBy: "damaged.jpg").count - 1, 1, result.stderr)
    }

    /// An id from a script holding a newline and an ANSI escape, and one of 20,000 characters: each
    /// error is one line, escaped, cut (issue 44).
    func testIdsInErrorsAreOneEscapedLineOfBoundedLength() throws {
        let script = try writeScript(#"{"at": 0, "tap": "a\nforged line\u001b[31m\u202e"}"#, in: folder)
        let result = try TesseraProcess.run(["--headless", "--script", script], in: folder)
        XCTAssertEqual(result.exitCode, 2, result.stderr)
        XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
        XCTAssertFalse(result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E }, result.stderr)
        XCTAssertTrue(result.stderr.contains(#"a\nforged line\e[31m\u{202E}"#), result.stderr)

        let long = try writeScript(#"{"at": 0, "tap": "\#(String(repeating: "x", count: 20_000))"}"#, in: folder)
        let cut = try TesseraProcess.run(["--headless", "--script", long], in: folder)
        XCTAssertEqual(cut.exitCode, 2, String(cut.stderr.prefix(300)))
        XCTAssertEqual(cut.stderr.filter { $0 == "\n" }.count, 1)
        XCTAssertLessThan(cut.stderr.count, 1200, String(cut.stderr.prefix(300)))
        XCTAssertTrue(cut.stderr.contains("more characters cut)"), String(cut.stderr.suffix(100)))
    }
}
