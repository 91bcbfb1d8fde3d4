import Foundation
import XCTest

/// A folder that lives in a real window: the kiosk under Xvfb follows its photo folder by itself — a
/// photo copied in appears, one deleted leaves — with no script and no restart (needs Xvfb, which
/// `make test` installs).
final class LiveFolderWindowTests: XCTestCase {
    func testKioskTakesInAPhotoCopiedInAndOneDeleted() throws {
        guard let xvfb = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first(where: FileManager.default.isExecutableFile)
        else { throw XCTSkip("Xvfb is not installed") }
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
        let display = ":\(80 + Int(getpid() % 9))"
        let server = Process()
        server.executableURL = URL(fileURLWithPath: xvfb)
        server.arguments = [display, "-screen", "0", "1024x768x24", "-nolisten", "tcp"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        let dump = folder.appendingPathComponent("dump.json")
        var app: Process?
        // The server takes a moment to accept clients: a run that finds no display (exit 3) is tried again.
        for _ in 0..<50 {
            let process = Process()
            process.executableURL = TesseraProcess.executable
            process.arguments = ["--kiosk", "--photos", photos.path, "--dump-state", dump.path]
            process.currentDirectoryURL = folder
            var env = ProcessInfo.processInfo.environment
            env["DISPLAY"] = display
            env["SDL_VIDEODRIVER"] = "x11"
            env["XDG_CACHE_HOME"] = testCache.path
            process.environment = env
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(1_500_000)
            if process.isRunning {
                app = process
                break
            }
        }
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
