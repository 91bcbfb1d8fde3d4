import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraCore

final class ConfigWatcherTests: XCTestCase {
    func testReloadsOnEditAndKeepsTheOldConfigOnABadEdit() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try #"{"picker": {"grid": {"rowHeight": 150}}}"#.write(to: file, atomically: true, encoding: .utf8)
        var watcher = ConfigWatcher(path: file.path)
        XCTAssertNil(watcher.poll(), "unchanged")

        let sim = makeSimulation()
        sim.tap("photo-04")
        sim.settle()
        try
            #"{"picker": {"grid": {"rowHeight": 60}}, "springs": {"interactiveSpring": {"response": 0.3, "dampingFraction": 0.7}}}"#
            .write(to: file, atomically: true, encoding: .utf8)
        guard case .reloaded(let config) = watcher.poll() else { return XCTFail("expected a reload") }
        sim.reload(config: config)
        XCTAssertEqual(sim.dump().selection, ["photo-04"], "the model survives a reload")
        sim.step()
        XCTAssertTrue(sim.tile("photo-01")!.moving, "tiles animate to the new layout")
        sim.settle()
        XCTAssertEqual(sim.tile("photo-01")!.presented.height, 60, accuracy: 0.5)

        try #"{"picker": {"grid": {"rowHeigth": 60}}}"#.write(to: file, atomically: true, encoding: .utf8)
        guard case .failed(let message) = watcher.poll() else { return XCTFail("expected a failure") }
        XCTAssertTrue(message.contains("picker.grid.rowHeigth"), message)
        sim.reportConfigError(message)
        XCTAssertEqual(sim.config.picker.grid.rowHeight, 60, "the old config stays in force")
        var list = DrawList()
        sim.draw(into: &list)
        XCTAssertTrue(
            list.commands.contains { if case .text(let s, _, _, _, _, _) = $0 { s == message } else { false } },
            "shown on screen")
    }
}
