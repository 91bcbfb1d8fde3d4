import TesseraGeometry
import XCTest

@testable import TesseraCore

/// The semantics tree the scenes publish (docs/ACCESSIBILITY.md): roles, names, places, states, frames
/// that are the presented ones, actions that run the tap's commands, and a cost that follows the screen.
final class SemanticsTreeTests: XCTestCase {
    func testThePickerSaysItsPhotosWithTheirPlacesAndTheTabsWithTheCurrentOneSelected() throws {
        let sim = makeSimulation()
        let tree = sim.semantics()
        XCTAssertEqual(tree.root.role, .application)
        let tabs = try XCTUnwrap(tree.node(.tabList))
        XCTAssertEqual(tabs.children.map(\.name), ["Picker", "Waterfall", "Gallery", "Destinations"])
        XCTAssertEqual(tabs.children.filter { $0.states.contains(.selected) }.map(\.name), ["Picker"])
        let photo = try XCTUnwrap(tree.node(SemanticsID(.tile, "photo-03")))
        XCTAssertEqual(photo.role, .image)
        XCTAssertEqual(photo.name, "photo-03")
        XCTAssertEqual(photo.description, "3 of 24")
        XCTAssertEqual(photo.actions.first, .activate)
        XCTAssertTrue(photo.actions.contains(.select))
        XCTAssertFalse(photo.states.contains(.selected))
        assertRect(photo.frame, try XCTUnwrap(sim.presentedFrame(of: "photo-03")), accuracy: 1e-9)
        XCTAssertEqual(photo.spoken, "photo-03, image, 3 of 24")
    }

    func testASelectedPhotoIsSaidInTheDockWhileItsFrameFollowsTheFlight() throws {
        let sim = makeSimulation()
        XCTAssertTrue(sim.perform(.select, on: SemanticsID(.tile, "photo-05")))
        sim.steps(6)
        let flying = try XCTUnwrap(sim.semantics().node(SemanticsID(.tile, "photo-05")))
        XCTAssertTrue(flying.states.contains(.selected))
        XCTAssertEqual(flying.description, "in the dock, 1 of 1")
        // Mid-flight the node is where the photo is drawn, not where it will land.
        let tile = try XCTUnwrap(sim.tile("photo-05"))
        XCTAssertTrue(tile.moving)
        assertRect(flying.frame, tile.presented, accuracy: 1e-6)
        XCTAssertNotEqual(flying.frame, tile.target)
        let dock = try XCTUnwrap(sim.semantics().node(SemanticsID(.container, "dock")))
        XCTAssertEqual(dock.children.map(\.id.key), ["photo-05"])
    }

    func testActionsRunTheCommandsATapRuns() {
        let sim = makeSimulation()
        XCTAssertTrue(sim.perform(.activate, on: SemanticsID(.tile, "photo-02")))
        XCTAssertEqual(sim.scene.selection, ["photo-02"])
        XCTAssertTrue(sim.perform(.activate, on: SemanticsID(.tile, "photo-02")))
        XCTAssertEqual(sim.scene.selection, [])
        XCTAssertTrue(sim.perform(.activate, on: SemanticsID(.tab, "gallery")))
        XCTAssertEqual(sim.currentScene, .named("gallery"))
        XCTAssertFalse(sim.perform(.activate, on: SemanticsID(.tab, "nowhere")))
        XCTAssertFalse(sim.perform(.zoomIn, on: SemanticsID(.tile, "nothing")))
    }

    func testFocusIsMarkedOnTheFocusedElement() throws {
        let sim = makeSimulation()
        XCTAssertNil(sim.semantics().focused)
        sim.handle(.key(.tab))
        let focused = try XCTUnwrap(sim.semantics().focused)
        XCTAssertEqual(focused.id, SemanticsID(.tile, "photo-01"))
        XCTAssertTrue(sim.perform(.focus, on: SemanticsID(.tile, "photo-04")))
        XCTAssertEqual(sim.semantics().focused?.id, SemanticsID(.tile, "photo-04"))
    }

    /// 20,000 photos must not cost 20,000 nodes: the tree holds what shows, as for 24.
    func testTheTreeHoldsWhatShowsNotTheLibrary() {
        func nodes(_ photos: Int) -> Int {
            let sim = makeSimulation(photos: photos)
            var count = 0
            // SemanticsNode's own walk (node and parent), not Sequence's.
            // swift-format-ignore: ReplaceForEachWithForLoop
            sim.semantics().root.forEach { _, _ in count += 1 }
            return count
        }
        let small = nodes(100)
        XCTAssertEqual(nodes(20_000), small)
        XCTAssertLessThan(small, 60)
        let sim = makeSimulation(photos: 20_000)
        XCTAssertEqual(sim.semantics().node(SemanticsID(.tile, "photo-02"))?.description, "2 of 20000")
    }

    func testTheFullscreenPhotoIsAModalDialogThatPagesAndCloses() throws {
        let sim = Simulation(
            config: Config(), photos: samplePhotos(), scene: .named("waterfall"), window: Size(1024, 768), hz: 120)
        sim.layOutIfNeeded()
        XCTAssertTrue(sim.perform(.open, on: SemanticsID(.tile, "photo-02")))
        sim.settle()
        let dialog = try XCTUnwrap(sim.semantics().root.first { $0.role == .dialog })
        XCTAssertEqual(dialog.name, "photo-02")
        XCTAssertEqual(dialog.description, "photo 2 of 24")
        XCTAssertTrue(dialog.states.contains(.modal))
        XCTAssertNil(sim.semantics().node(.tabList), "the viewer covers the tab bar")
        XCTAssertTrue(sim.perform(.next, on: dialog.id))
        sim.settle()
        XCTAssertEqual(sim.semantics().root.first { $0.role == .dialog }?.name, "photo-03")
        XCTAssertTrue(sim.perform(.zoomIn, on: SemanticsID(.overlay, "photo-03")))
        sim.settle()
        XCTAssertEqual(sim.dump().overlay?.zoom ?? 1, 2, accuracy: 0.01)
        XCTAssertTrue(sim.perform(.close, on: SemanticsID(.overlay, "photo-03")))
        sim.settle()
        XCTAssertNil(sim.semantics().root.first { $0.role == .dialog })
    }

    func testTheDestinationDetailIsADialogWithItsParagraphAsText() throws {
        let sim = Simulation(
            config: Config(), photos: samplePhotos(), scene: .named("destinations"), window: Size(1024, 768), hz: 120,
            assets: shippedAssets)
        sim.layOutIfNeeded()
        let first = try XCTUnwrap(sim.semantics().root.first { $0.role == .listItem })
        XCTAssertEqual(first.description, "1 of 8")
        XCTAssertTrue(sim.perform(.open, on: first.id))
        sim.settle()
        let dialog = try XCTUnwrap(sim.semantics().root.first { $0.role == .dialog })
        XCTAssertEqual(dialog.name, first.name)
        let paragraph = try XCTUnwrap(dialog.first { $0.role == .paragraph })
        XCTAssertFalse(paragraph.text?.isEmpty ?? true)
        let close = try XCTUnwrap(dialog.first { $0.role == .button })
        XCTAssertEqual(close.name, "Close")
        XCTAssertTrue(sim.perform(.activate, on: close.id))
        sim.settle()
        XCTAssertNil(sim.semantics().root.first { $0.role == .dialog })
    }

    func testTheGalleryNamesItsCardsByPalette() throws {
        let sim = makeGallery()
        sim.layOutIfNeeded()
        let featured = try XCTUnwrap(sim.semantics().node(SemanticsID(.container, "featured")))
        XCTAssertEqual(featured.role, .list)
        XCTAssertFalse(featured.children.isEmpty)
        XCTAssertTrue(featured.children.allSatisfy { !$0.name.isEmpty && $0.role == .listItem })
        XCTAssertNotNil(sim.semantics().node(named: "Next", role: .button))
    }

    func testTheDumpListsTheTree() throws {
        let sim = makeSimulation()
        let json = try JSONSerialization.jsonObject(with: sim.dump().jsonData()) as? [String: Any]
        let semantics = try XCTUnwrap(json?["semantics"] as? [String: Any])
        XCTAssertEqual(semantics["role"] as? String, "application")
        let text = String(decoding: try sim.dump().jsonData(), as: UTF8.self)
        XCTAssertTrue(text.contains("\"role\" : \"page tab\""))
        XCTAssertTrue(text.contains("\"description\" : \"3 of 24\""))
    }
}
