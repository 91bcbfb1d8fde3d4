import Foundation
import XCTest

/// `--photos DIR` with real photos and the bad files strangers' folders contain.
final class PhotoFolderTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testBadFilesAreNamedOnceAndTheRunGoesOn() throws {
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let bundled = TesseraProcess.root.appendingPathComponent("Assets/Photos")
        for i in 1...6 {
            let name = String(format: "photo-%02d.jpg", i)
            try FileManager.default.copyItem(
                at: bundled.appendingPathComponent(name), to: photos.appendingPathComponent(name))
        }
        XCTAssertTrue(
            FileManager.default.createFile(atPath: photos.appendingPathComponent("empty.jpg").path, contents: Data()))
        var generator = SystemRandomNumberGenerator()
        let noise = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        XCTAssertTrue(
            FileManager.default.createFile(atPath: photos.appendingPathComponent("noise.png").path, contents: noise))
        try "shopping list".write(to: photos.appendingPathComponent("notes.jpg"), atomically: true, encoding: .utf8)
        let whole = try Data(contentsOf: bundled.appendingPathComponent("photo-07.jpg"))
        XCTAssertTrue(
            FileManager.default.createFile(
                atPath: photos.appendingPathComponent("truncated.jpg").path, contents: whole.prefix(600)))

        let dump = folder.appendingPathComponent("state.json")
        let shot = folder.appendingPathComponent("shot.png")
        let result = try TesseraProcess.run(
            ["--headless", "--photos", photos.path, "--dump-state", dump.path, "--screenshot", shot.path], in: folder)
        XCTAssertEqual(result.exitCode, 0, result.stderr)
        let tiles = try XCTUnwrap(try readJSON(dump)["tiles"] as? [[String: Any]])
        XCTAssertTrue((6...8).contains(tiles.count), "\(tiles.count) tiles")
        for bad in ["empty.jpg", "noise.png", "notes.jpg", "truncated.jpg"] {
            let mentions = result.stderr.components(separatedBy: bad).count - 1
            XCTAssertEqual(mentions, 1, "\(bad) named once in: \(result.stderr)")
        }
        for good in 1...6 {
            XCTAssertFalse(result.stderr.contains(String(format: "photo-%02d", good)), result.stderr)
        }
    }

    /// A missing folder is exit 2; an empty one starts (a kiosk watching a folder that is empty at boot)
    /// and shows "No photos yet" — then, at a rescan, the photos that arrived.
    func testAMissingFolderIsExit2AndAnEmptyOneStartsEmpty() throws {
        let missing = try TesseraProcess.run(["--headless", "--photos", folder.appendingPathComponent("nope").path])
        XCTAssertEqual(missing.exitCode, 2)
        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let dump = folder.appendingPathComponent("empty.json")
        let run = try TesseraProcess.run([
            "--headless", "--photos", empty.path, "--dump-state", dump.path, "--screenshot",
            folder.appendingPathComponent("empty.png").path,
        ])
        XCTAssertEqual(run.exitCode, 0, run.stderr)
        let state = try JSONSerialization.jsonObject(with: Data(contentsOf: dump)) as? [String: Any]
        XCTAssertEqual((state?["tiles"] as? [Any])?.count, 0)
    }
}
