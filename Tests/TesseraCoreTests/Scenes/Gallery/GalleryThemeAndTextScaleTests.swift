import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraCore

/// The gallery under the shared switches: the dark appearance, the text scale, the kiosk's touch targets.
final class GalleryThemeAndTextScaleTests: XCTestCase {
    func testTheSessionCardsSitOnTheDarkBackground() throws {
        var config = Config()
        config.appearance = .dark
        let sim = makeGallery(config: config)
        let card = try XCTUnwrap((sim.scene as? GalleryScene)?.palette(row: 0, card: 0))
        XCTAssertEqual(card.background, Color(0, 0, 0))
    }

    func testTheLabelsFollowTheTextScale() {
        var config = Config()
        config.textScale = 1.5
        let scaled = config.applyingTextScale()
        XCTAssertEqual(scaled.gallery.labelSize, 33)
        XCTAssertEqual(scaled.gallery.labelLineHeight, 42)
    }

    /// Apple's Human Interface Guidelines: "provide ample touch targets", 44 × 44 pt.
    func testTheKioskConfigMakesThePaddlesFortyFourPoints() throws {
        let config = try ConfigLoader.load(path: repositoryResources.resolve("Configs/kiosk.json"))
        XCTAssertGreaterThanOrEqual(config.gallery.paddle.diameter, 44, "paddles")
    }
}

/// A tap on a card the row has scrolled off reveals it: the row and the page scroll.
final class GalleryTapRevealTests: XCTestCase {
    func testATapOnAGalleryCardOffItsRowScrollsTheRowAndThePage() throws {
        let sim = makeGallery(window: Size(1024, 500))
        let gallery = try XCTUnwrap(sim.scene as? GalleryScene)
        let frame = try XCTUnwrap(gallery.revealForTap("swatches-15"))
        let clip = sim.scene.field.windowClip(of: ContainerID("swatches"))
        XCTAssertTrue(clip.contains(frame.center), "\(frame) shows inside \(clip)")
        XCTAssertTrue(sim.scene.field.windowFrame(of: .gallery).contains(frame.center))
    }
}
