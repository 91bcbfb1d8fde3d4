import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore

/// `reduceMotion`: photos are at their new places at once and dissolve there — the old place fading
/// out while the new one fades in — instead of flying. The waterfall's case: WaterfallReduceMotionTests.
final class ReduceMotionTests: XCTestCase {
    private var config: Config {
        var c = Config()
        c.reduceMotion = true
        return c
    }

    /// The opacities `id` is drawn with, at each frame, by where.
    private func drawn(_ id: PhotoID, _ sim: Simulation) -> [(frame: Rect, opacity: Double)] {
        sim.drawList().commands.compactMap { command in
            if case .photo(id, let frame, _, let opacity, _) = command { return (frame, opacity) }
            return nil
        }
    }

    func testAPickerPhotoDissolvesIntoTheDock() throws {
        let sim = makeHeroSimulation(.named("picker"), config: config, photos: 24)
        let from = try XCTUnwrap(sim.tile("photo-05")).presented
        sim.tap("photo-05")
        sim.steps(2)
        let tile = try XCTUnwrap(sim.tile("photo-05"))
        XCTAssertEqual(tile.container, "dock")
        assertRect(tile.presented, tile.target, accuracy: 1e-6, "no flight")
        let now = drawn("photo-05", sim)
        XCTAssertTrue(now.contains { $0.frame == from && $0.opacity > 0 && $0.opacity < 1 }, "the grid place fades out")
        XCTAssertTrue(now.contains { $0.frame == tile.presented && $0.opacity < 1 }, "the dock place fades in")
        sim.settle()
        XCTAssertEqual(drawn("photo-05", sim).map(\.opacity), [1])
    }
}
