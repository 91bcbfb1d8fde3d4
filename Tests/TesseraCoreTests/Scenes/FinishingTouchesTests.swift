import XCTest

@testable import TesseraCore

/// Finishing touches: tab labels never clipped, the paddle on its row's card area, the
/// destinations detail title above the flying image.
final class FinishingTouchesTests: XCTestCase {
    /// At 390 pt ("Destinations" was clipped) every label fits its segment; wide windows keep equal
    /// segments of `tabBar.segmentWidth`.
    func testTabLabelsAreNeverClipped() {
        for width in [320.0, 390, 500, 1024] {
            let bar = TabBar(config: TabBarConfig(), chrome: ChromeConfig())
            let (segments, fontSize) = bar.layout(window: Size(width, 800))
            for (scene, frame) in segments {
                XCTAssertLessThanOrEqual(
                    TabBar.estimatedWidth(scene.title, size: fontSize), frame.width - 2 + 1e-9,
                    "\(scene) at \(width)")
            }
            let band = Chrome(config: ChromeConfig()).tabRow(window: Size(width, 800))
            XCTAssertLessThanOrEqual(segments.last!.1.maxX, band.maxX + 1e-9)
            XCTAssertGreaterThanOrEqual(segments.first!.1.minX, band.minX - 1e-9)
            if width == 1024 {
                XCTAssertEqual(Set(segments.map(\.1.width)), [104])
                XCTAssertEqual(fontSize, 13)
            }
            if width == 390 { XCTAssertEqual(fontSize, 13, "segments sized to labels: no need to shrink") }
            if width == 320 { XCTAssertLessThan(fontSize, 13, "too narrow even so: the font shrinks") }
        }
    }

    /// The Featured paddle stays centred on the row's card area as the outer view scrolls it under the
    /// header, and goes once that centre is hidden.
    func testPaddleStaysOnItsRowsCardArea() throws {
        let sim = makeGallery(window: Size(390, 844))
        let gallery = try XCTUnwrap(sim.scene as? GalleryScene)
        let row = gallery.viewport(of: GalleryScene.featured)
        let forward = try XCTUnwrap(gallery.paddleFrames().forward)
        XCTAssertEqual(forward.midY, row.midY, accuracy: 1e-9)
        sim.handle(.wheel(at: Point(200, 500), dx: 0, dy: -1))
        sim.settle()
        let scrolledRow = gallery.viewport(of: GalleryScene.featured)
        XCTAssertLessThan(scrolledRow.minY, row.minY, "scrolled up under the header")
        if let moved = gallery.paddleFrames().forward {
            XCTAssertEqual(moved.midY, scrolledRow.midY, accuracy: 1e-9, "moves with the cards")
        } else {
            XCTAssertLessThan(scrolledRow.midY, sim.scene.field.scroll(.gallery).viewport.minY)
        }
    }

    /// The detail title is drawn after (above) the flying image.
    func testDestinationsTitleIsAboveTheFlyingImage() throws {
        let sim = makeHeroSimulation(.destinations)
        sim.tap("place-1")
        sim.steps(10)
        let commands = sim.drawList().commands
        let image = try XCTUnwrap(commands.lastIndex { if case .photo = $0 { return true } else { return false } })
        let title = try XCTUnwrap(
            commands.firstIndex { if case .text("Place 1", _, _, _, _, _) = $0 { return true } else { return false } })
        XCTAssertGreaterThan(title, image)
    }
}
