import Foundation
import TesseraPhotos
import XCTest

@testable import TesseraCore

/// The picker takes in a live folder's changes: added photos join the grid in name order, removed ones
/// leave the grid or the dock.
final class PickerLiveFolderTests: LiveFolderTestCase {
    private func picker(_ sim: Simulation) -> PickerScene { sim.scene as! PickerScene }

    func testPickerTakesInAnAddedPhotoInNameOrderAndTheOthersAnimateAside() throws {
        let sim = try simulation(.picker)
        sim.layOutIfNeeded()
        let before = sim.dump()
        try writePhoto("photo-03")
        let changes = sim.rescanPhotos()
        XCTAssertEqual(changes.added.map(\.id), ["photo-03"])
        sim.step()
        let after = sim.dump()
        let grid = try XCTUnwrap(after.containers.first { $0.id == "grid" })
        XCTAssertEqual(Array(grid.items.prefix(3)), ["photo-02", "photo-03", "photo-04"])
        assertEachPhotoOnce(after, sim.photos.ids)
        // The new one appears in its slot; those after it move on springs (matched-geometry reflow).
        let added = try XCTUnwrap(after.tiles.first { $0.id == "photo-03" })
        XCTAssertFalse(added.moving)
        let shifted = try XCTUnwrap(after.tiles.first { $0.id == "photo-04" })
        XCTAssertTrue(shifted.moving)
        XCTAssertNotEqual(shifted.target, before.tiles.first { $0.id == "photo-04" }?.target)
        settle(sim)
        XCTAssertTrue(sim.dump().tiles.allSatisfy { !$0.moving })
    }

    func testPickerRemovedPhotoLeavesAndTheRestCloseTheGap() throws {
        let sim = try simulation(.picker)
        sim.layOutIfNeeded()
        let slotOfFirst = sim.dump().tiles.first { $0.id == "photo-02" }?.target
        try remove("photo-02")
        sim.rescanPhotos()
        sim.step()
        let after = sim.dump()
        assertEachPhotoOnce(after, sim.photos.ids)
        XCTAssertNil(after.tiles.first { $0.id == "photo-02" })
        let next = try XCTUnwrap(after.tiles.first { $0.id == "photo-04" })
        XCTAssertEqual(next.target, slotOfFirst, "the next photo takes the gap")
        XCTAssertTrue(next.moving)
    }

    func testASelectedPhotoRemovedLeavesTheDock() throws {
        let sim = try simulation(.picker)
        picker(sim).apply(.select("photo-06"))
        picker(sim).apply(.select("photo-08"))
        settle(sim)
        XCTAssertEqual(sim.dump().selection, ["photo-06", "photo-08"])
        try remove("photo-06")
        sim.rescanPhotos()
        // Said once, by the host: the simulation hands the line over and writes nothing itself.
        XCTAssertEqual(sim.takeNotices(), ["photo-06 was removed from the photo folder and left the selection"])
        XCTAssertEqual(sim.takeNotices(), [])
        sim.step()
        let after = sim.dump()
        XCTAssertEqual(after.selection, ["photo-08"])
        assertEachPhotoOnce(after, sim.photos.ids)
        settle(sim)
    }

    func testAConfirmedSelectionNamesAFileGoneBeforeTheRescan() throws {
        let output = folder.appendingPathComponent("selection.jsonl").path
        let sim = try simulation(.picker)
        sim.selections = try SelectionLog(path: output)
        picker(sim).apply(.select("photo-06"))
        picker(sim).apply(.select("photo-08"))
        try remove("photo-06")
        picker(sim).apply(.confirm)
        let line = try String(contentsOfFile: output, encoding: .utf8)
        let record = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let gone = folder.appendingPathComponent("photo-06.png").standardizedFileURL.path
        XCTAssertEqual(record["missing"] as? [String], [gone])
    }
}
