import Foundation
import XCTest

/// The shared thumbnail cache from the command line: a run fills `$XDG_CACHE_HOME/thumbnails`, the next
/// one reads it (the profile counts hits and misses), and `--no-thumbnails` or the config key
/// `photos.thumbnails: false` leaves it alone.
final class ThumbnailFlagTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func photosProfile(_ extra: [String], cache: URL) throws -> [String: Any] {
        let json = folder.appendingPathComponent("profile-\(UUID().uuidString).json")
        let result = try TesseraProcess.run(
            ["--headless", "--frames", "1", "--profile-json", json.path] + extra, in: folder,
            environment: ["XDG_CACHE_HOME": cache.path])
        XCTAssertEqual(result.exitCode, 0, result.stderr)
        return try XCTUnwrap(readJSON(json)["photos"] as? [String: Any])
    }

    func testARunFillsTheCacheAndTheNextReadsIt() throws {
        let cache = folder.appendingPathComponent("cache")
        let cold = try photosProfile([], cache: cache)
        XCTAssertEqual(cold["thumbnailHits"] as? Int, 0)
        let misses = try XCTUnwrap(cold["thumbnailMisses"] as? Int)
        XCTAssertGreaterThan(misses, 0)
        let written = try FileManager.default.subpathsOfDirectory(atPath: cache.path + "/thumbnails")
            .filter { $0.hasSuffix(".png") }
        XCTAssertEqual(written.count, misses)
        let folders = ["normal/", "large/", "x-large/", "xx-large/"]
        XCTAssertTrue(written.allSatisfy { file in folders.contains { file.hasPrefix($0) } })
        let warm = try photosProfile([], cache: cache)
        XCTAssertEqual(warm["thumbnailHits"] as? Int, misses)
        XCTAssertEqual(warm["thumbnailMisses"] as? Int, 0)
        XCTAssertEqual(warm["decodeQueue"] as? Int, 0)
    }

    func testNoThumbnailsFlagAndConfigKeyLeaveTheCacheAlone() throws {
        let cache = folder.appendingPathComponent("cache")
        let flagged = try photosProfile(["--no-thumbnails"], cache: cache)
        XCTAssertEqual(flagged["thumbnailHits"] as? Int, 0)
        XCTAssertEqual(flagged["thumbnailMisses"] as? Int, 0)
        XCTAssertGreaterThan(try XCTUnwrap(flagged["directDecodes"] as? Int), 0)
        let config = folder.appendingPathComponent("private.json")
        try #"{"photos": {"thumbnails": false}}"#.write(to: config, atomically: true, encoding: .utf8)
        _ = try photosProfile(["--config", config.path], cache: cache)
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache.path + "/thumbnails"))
    }

    func testUsageNamesTheFlag() throws {
        XCTAssertTrue(try TesseraProcess.run(["--help"]).stdout.contains("--no-thumbnails"))
    }

    func testProfileTableNamesThumbnailsAndTheDecodeQueue() throws {
        let result = try TesseraProcess.run(
            ["--headless", "--frames", "1", "--profile"], in: folder,
            environment: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path])
        XCTAssertTrue(result.stdout.contains("thumbnail hits"), result.stdout)
        XCTAssertTrue(result.stdout.contains("decode queue"), result.stdout)
    }
}
