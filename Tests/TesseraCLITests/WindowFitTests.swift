import Foundation
import XCTest

/// A window fits the display it opens on (docs/REFERENCE.md, "`tessera` flags"): 1024×768 points at
/// `--scale 2` would be 2048×1536 pixels, on a 1920×1080 screen it opens at the screen's size and lays out
/// the 960×540 points that leaves, title, tab bar and dock on screen.
final class WindowFitTests: XCTestCase {
    func testAScaledWindowIsCutToTheDisplayAndLaysOutWhatIsLeft() throws {
        let display = try VirtualDisplay(width: 1920, height: 1080)
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dump = folder.appendingPathComponent("dump.json")
        let app = try XCTUnwrap(
            try display.launch(["--scale", "2", "--window", "1024x768", "--dump-state", dump.path], in: folder))
        kill(app.processIdentifier, SIGTERM)
        app.waitUntilExit()
        XCTAssertEqual(app.terminationStatus, 0)
        let state = try readJSON(dump)
        XCTAssertEqual(state["window"] as? [Double], [960, 540])
        let containers = try XCTUnwrap(state["containers"] as? [[String: Any]])
        let dock = try XCTUnwrap(containers.first { $0["id"] as? String == "dock" }?["frame"] as? [Double])
        XCTAssertLessThanOrEqual(dock[1] + dock[3], 540, "the dock on screen")
    }

    func testAWindowThatFitsIsLeftAsAsked() throws {
        let display = try VirtualDisplay(width: 1920, height: 1080)
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dump = folder.appendingPathComponent("dump.json")
        let app = try XCTUnwrap(try display.launch(["--window", "800x600", "--dump-state", dump.path], in: folder))
        kill(app.processIdentifier, SIGTERM)
        app.waitUntilExit()
        XCTAssertEqual(try readJSON(dump)["window"] as? [Double], [800, 600])
    }
}
