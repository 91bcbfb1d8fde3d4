import Foundation
import XCTest

/// A folder that lives in a real window: the kiosk under Xvfb follows its photo folder by itself — a
/// photo copied in appears, one deleted leaves — with no script and no restart (needs Xvfb, which
/// `make test` installs).
final class LiveFolderWindowTests: XCTestCase {
    func testKioskTakesInAPhotoCopiedInAndOneDeleted() throws {
        let display = try VirtualDisplay(width: 1024, height: 768)
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let assets = TesseraProcess.root.appendingPathComponent("Assets/Photos")
        for i in 1...6 {
            let name = String(format: "photo-%02d.jpg", i)
            try FileManager.default.copyItem(
                at: assets.appendingPathComponent(name), to: photos.appendingPathComponent(name))
        }
        let dump = folder.appendingPathComponent("dump.json")
        let app = try display.launch(["--kiosk", "--photos", photos.path, "--dump-state", dump.path], in: folder)
        let running = try XCTUnwrap(app, "the kiosk did not start")
        try FileManager.default.copyItem(
            at: assets.appendingPathComponent("photo-07.jpg"), to: photos.appendingPathComponent("photo-00.jpg"))
        try FileManager.default.removeItem(at: photos.appendingPathComponent("photo-03.jpg"))
        usleep(2_000_000)
        kill(running.processIdentifier, SIGTERM)
        running.waitUntilExit()
        XCTAssertEqual(running.terminationStatus, 0)
        let tiles = try XCTUnwrap(readJSON(dump)["tiles"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        XCTAssertEqual(Set(tiles), ["photo-00", "photo-01", "photo-02", "photo-04", "photo-05", "photo-06"])
    }
}
