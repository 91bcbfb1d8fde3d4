import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore

/// The picker's focus targets: its photos are tiles, its Done button a control, whatever the photos
/// are called.
final class PickerFocusTargetTests: XCTestCase {
    /// A photo named like a control is a photo: focus targets are tiles or controls by type, not by a
    /// name no file could have (the Done button was the sentinel id "picker/done" among the photos' ids).
    func testATileNamedLikeAControlIsStillATile() throws {
        var config = Config()
        config.picker.dock.doneButton = true
        let sim = Simulation(
            config: config, photos: PhotoLibrary(photos: [Photo(id: "picker/done", path: "/p.jpg")]),
            scene: .named("picker"), window: Size(1024, 768), hz: 120)
        let scene = try XCTUnwrap(sim.scene as? PickerScene)
        XCTAssertEqual(scene.focusGroups.first, [.tile("picker/done")])
        XCTAssertNotEqual(FocusTarget.tile("picker/done"), PickerScene.doneButton)
        XCTAssertEqual(FocusTarget.tile("picker/done").semanticsID, SemanticsID(.tile, "picker/done"))
        XCTAssertEqual(PickerScene.doneButton.semanticsID, SemanticsID(.control, "picker/done"))
    }
}
