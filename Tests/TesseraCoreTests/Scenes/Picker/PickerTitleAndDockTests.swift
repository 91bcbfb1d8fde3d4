import TesseraGeometry
import XCTest

@testable import TesseraCore
@testable import TesseraPhotos

/// The picker article's details: the "Photos" title is the first row inside the grid's `ScrollView`
/// (it scrolls away with the photos), and a dock cell is `.frame(height: 100)` at its image's ideal width.
final class PickerTitleAndDockTests: XCTestCase {
    func testTheTitleScrollsWithTheGrid() throws {
        let sim = makeHeroSimulation(.picker, photos: 80)
        let rest = try XCTUnwrap(sim.dump().title)
        XCTAssertEqual(rest.text, "Photos")
        XCTAssertEqual(rest.frame, Rect(16, 16, 992, 48), "at rest: the header's first row")
        // A drag up the grid: the title moves with the photos, by exactly the grid's offset.
        sim.drag(from: Point(500, 500), to: Point(500, 460), seconds: 0.3, hold: 0.1)
        let offset = try XCTUnwrap(sim.container("grid")).offset.y
        XCTAssertEqual(offset, 40, accuracy: 1e-9)
        let scrolled = try XCTUnwrap(sim.dump().title)
        XCTAssertEqual(scrolled.frame.minY, 16 - offset, accuracy: 1e-9)
        let photo = try XCTUnwrap(sim.tile("photo-01"))
        XCTAssertEqual(photo.presented.minY - scrolled.frame.minY, 48, accuracy: 1e-6, "the photos stay under it")
        // Drawn clipped to the grid, in the rounded heavy face.
        var list = DrawList()
        sim.draw(into: &list)
        let title = list.commands.compactMap { command -> (TextStyle, Rect?, Point)? in
            if case .text("Photos", let anchor, _, let style, _, let clip) = command { return (style, clip, anchor) }
            return nil
        }.first
        XCTAssertEqual(title?.0, TextStyle(size: 30, weight: .heavy, design: .rounded))
        XCTAssertEqual(title?.1, sim.scene.field.windowClip(of: .grid))
        XCTAssertEqual(try XCTUnwrap(title?.2).y, scrolled.frame.midY, accuracy: 1e-9)
    }

    func testOtherScenesTitlesStayInTheBand() throws {
        let sim = makeHeroSimulation(.named("waterfall"))
        XCTAssertEqual(sim.dump().title, SceneTitle(text: "Waterfall", frame: Rect(16, 16, 992, 48)))
    }

    func testDockTilesAreTheirPhotosAspectRatioWide() throws {
        // Photos 1…3 are 960×640, 720×1080 and 800×800.
        let sim = makeHeroSimulation(.picker, photos: 24)
        for id: PhotoID in ["photo-01", "photo-02", "photo-03"] { sim.tap(id) }
        sim.settle()
        let widths = try ["photo-01", "photo-02", "photo-03"].map { try XCTUnwrap(sim.tile($0)).presented.width }
        XCTAssertEqual(widths[0], 150, accuracy: 1e-6)
        XCTAssertEqual(widths[1], 100 * 720 / 1080, accuracy: 1e-6)
        XCTAssertEqual(widths[2], 100, accuracy: 1e-6)
        let frames = try ["photo-01", "photo-02", "photo-03"].map { try XCTUnwrap(sim.tile($0)).presented }
        XCTAssertEqual(frames[1].minX - frames[0].maxX, 8, accuracy: 1e-6, "spacing 8 between cells")
        XCTAssertEqual(frames.map(\.height), [100, 100, 100])
        let dock = try XCTUnwrap(sim.container("dock"))
        XCTAssertEqual(dock.contentSize.width, 150 + 66.6667 + 100 + 16, accuracy: 1e-3)
    }

    /// On a resize mid-flight the dock's panel travels with its photos on their spring, rather than
    /// jumping ahead of them: the photos stay inside the panel every step.
    func testTheDockPanelMovesWithItsPhotosOnAResize() throws {
        let sim = makeHeroSimulation(.picker, photos: 24)
        sim.tap("photo-03")
        sim.settle()
        sim.handle(.resize(Size(1024, 500)))
        var panels: [Rect] = []
        for _ in 0..<60 {
            sim.step()
            var list = DrawList()
            sim.draw(into: &list)
            let panel = try XCTUnwrap(
                list.commands.compactMap { command -> Rect? in
                    if case .fill(let r, 8, Config().theme.panel, nil) = command { return r }
                    return nil
                }.first)
            let photo = try XCTUnwrap(sim.tile("photo-03")).presented
            XCTAssertEqual(photo.minY - panel.minY, 16, accuracy: 0.5, "the photo rides in the panel")
            panels.append(panel)
        }
        XCTAssertLessThan(panels[0].minY, 620, "it does not jump")
        XCTAssertGreaterThan(panels[0].minY, 500 - 16 - 132)
        XCTAssertEqual(try XCTUnwrap(panels.last).minY, 500 - 16 - 132, accuracy: 0.01)
    }

    /// A folder with no photos yet: the picker says so, and fills as photos arrive.
    func testAnEmptyFolderSaysNoPhotosYetAndFills() throws {
        let sim = Simulation(
            config: Config(), photos: PhotoLibrary(photos: []), scene: .picker, window: Size(1024, 768), hz: 120)
        var list = DrawList()
        sim.draw(into: &list)
        XCTAssertTrue(
            list.commands.contains { if case .text(EmptyState.text, _, _, _, _, _) = $0 { true } else { false } })
        XCTAssertEqual(sim.dump().tiles.count, 0)
        sim.scene.photosChanged(
            PhotoChanges(added: sizedPhotos(3).photos, removed: [], replaced: []), library: sizedPhotos(3))
        sim.settle()
        XCTAssertEqual(sim.dump().containers.first?.items, ["photo-01", "photo-02", "photo-03"])
        sim.draw(into: &list)
        XCTAssertFalse(
            list.commands.contains { if case .text(EmptyState.text, _, _, _, _, _) = $0 { true } else { false } })
    }
}

/// A scripted `tap` on a tile scrolled out of view scrolls it in first (the least scroll, at once) and
/// then taps it: it is not lost, and it taps nothing else.
final class ScriptedTapOutOfViewTests: XCTestCase {
    func testATapOnATileBelowTheGridsViewScrollsItInAndSelectsIt() throws {
        let sim = makeHeroSimulation(.picker, photos: 80)
        let far = try XCTUnwrap(sim.tile("photo-80"))
        XCTAssertFalse(far.visible || far.presented.maxY <= 604, "starts below the grid's view")
        let script = Script(steps: [Script.Step(at: 0.1, action: .tap("photo-80"))])
        let loop = try FrameLoop(writingFiles: sim, sink: NullSink(), timing: .simulated, script: script)
        try loop.run()
        XCTAssertEqual(sim.dump().selection, ["photo-80"], "the tap landed on it")
        let grid = try XCTUnwrap(sim.container("grid"))
        XCTAssertGreaterThan(grid.offset.y, 0, "the grid scrolled to show it")
    }
}
