import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraCore

/// The kiosk's Done button confirms the dock's selection, as Return does.
final class PickerDoneButtonTests: XCTestCase {
    private var file: URL!

    override func setUp() {
        file = FileManager.default.temporaryDirectory.appendingPathComponent("selections-\(UUID().uuidString).jsonl")
    }

    override func tearDown() { try? FileManager.default.removeItem(at: file) }

    func testDoneButtonConfirms() throws {
        var config = Config()
        config.picker.dock.doneButton = true
        let sim = makeSimulation(config: config)
        sim.selections = try SelectionLog(path: file.path)
        sim.tap("photo-05")
        sim.settle()
        let layout = PickerLayout(config: config.picker, chrome: config.chrome, window: sim.window)
        let button = try XCTUnwrap(layout.doneButton)
        XCTAssertLessThanOrEqual(
            layout.dockViewport.maxX, button.minX, "the row scrolls beside the button, not under it")
        sim.handle(.pointerDown(button.center, time: sim.time))
        sim.handle(.pointerUp(button.center, time: sim.time))
        XCTAssertEqual(sim.dump().selection, [])
        XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).contains("/nonexistent/5.jpg"))
    }
}
