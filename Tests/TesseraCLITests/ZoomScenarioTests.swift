import Foundation
import XCTest

/// Zoom and swipe to dismiss end to end through `tessera --headless --script`: the touch steps reach the fullscreen photo
/// through the finger event path, and the dump shows zoom, pan, dismiss, indicators and the chrome.
final class ZoomScenarioTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func dump(_ name: String) throws -> [String: Any] { try readJSON(folder.appendingPathComponent(name)) }

    private func overlay(_ name: String) throws -> [String: Any] {
        try XCTUnwrap(try dump(name)["overlay"] as? [String: Any], name)
    }

    func testPinchDoubleTapAndSwipeThroughAScript() throws {
        // photo-13 is 800×800: fit is (128, 0, 768, 768) in 1024×768.
        try HeroScenario.run(
            "waterfall",
            """
            {"at": 0.0, "tap": "photo-13"},
            {"at": 1.5, "pinch": {"center": [600, 300], "from": 100, "to": 300, "seconds": 0.4}},
            {"at": 2.5, "dump": "pinched.json"},
            {"at": 3.0, "doubleTap": [600, 300]},
            {"at": 4.0, "dump": "fit.json"},
            {"at": 4.5, "drag": {"from": [500, 300], "to": [500, 450], "seconds": 0.5, "hold": 0.5, "touch": true}},
            {"at": 5.3, "dump": "swiping.json"},
            {"at": 8.0, "dump": "home.json"}
            """, in: folder, extra: HeroScenario.fast)
        let pinched = try overlay("pinched.json")
        XCTAssertEqual(pinched["zoom"] as? Double ?? 0, 3, accuracy: 1e-3)
        let pan = try XCTUnwrap(pinched["pan"] as? [Double])
        // About (600, 300): the centre (512, 384) moves to 600 + (512 − 600)·3, 300 + (384 − 300)·3.
        XCTAssertEqual(pan[0], 600 - 88 * 3 - 512, accuracy: 0.01)
        XCTAssertEqual(pan[1], 300 + 84 * 3 - 384, accuracy: 0.01)
        let tile = try XCTUnwrap(HeroScenario.tile("photo-13", in: try dump("pinched.json")))
        let presented = try HeroScenario.rect(tile["presented"])
        XCTAssertEqual(presented[2], 768 * 3, accuracy: 0.01, "presented is the zoomed frame")

        XCTAssertEqual(try overlay("fit.json")["zoom"] as? Double, 1, "the double tap zoomed out")

        let swiping = try dump("swiping.json")
        XCTAssertEqual((swiping["overlay"] as? [String: Any])?["dismiss"] as? Double ?? 0, 0.5, accuracy: 1e-3)
        XCTAssertEqual(swiping["chromeOpacity"] as? Double ?? 0, 0.5, accuracy: 1e-3)

        let home = try dump("home.json")
        XCTAssertTrue(home["overlay"] is NSNull, "150 pt is past the threshold: dismissed")
        XCTAssertEqual(home["chromeOpacity"] as? Double, 1)
        let waterfall = try XCTUnwrap((home["containers"] as? [[String: Any]])?.first)
        XCTAssertNil(waterfall["indicator"], "the waterfall draws no indicator (`showsIndicators: false`)")
    }
}
