import Foundation
import TesseraPhotos
import XCTest

@testable import TesseraCore

/// The waterfall takes in a live folder's changes in one relayout; a presented photo that leaves closes
/// its overlay.
final class WaterfallLiveFolderTests: LiveFolderTestCase {
    func testWaterfallTakesInABurstInOneRelayout() throws {
        let sim = try simulation(.waterfall)
        sim.layOutIfNeeded()
        for i in 0..<20 { try writePhoto(String(format: "burst-%03d", i), width: 300, height: 500) }
        try remove("photo-04")
        let changes = sim.rescanPhotos()
        XCTAssertEqual(changes.added.count, 20)
        XCTAssertEqual(changes.removed, ["photo-04"])
        sim.step()
        let dump = sim.dump()
        assertEachPhotoOnce(dump, sim.photos.ids)
        let items = try XCTUnwrap(dump.containers.first { $0.id == "waterfall" }).items
        XCTAssertEqual(items, sim.photos.ids, "name order")
        settle(sim)
    }

    func testWaterfallPresentedPhotoRemovedClosesItsOverlay() throws {
        let sim = try simulation(.waterfall)
        (sim.scene as! WaterfallScene).apply(.present("photo-02"))
        for _ in 0..<10 { sim.step() }
        XCTAssertEqual(sim.dump().overlay?.id, "photo-02")
        try remove("photo-02")
        sim.rescanPhotos()
        settle(sim)
        XCTAssertNil(sim.dump().overlay)
        assertEachPhotoOnce(sim.dump(), sim.photos.ids)
    }
}
