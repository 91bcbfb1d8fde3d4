import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore

/// `reduceMotion` in the waterfall: a photo dissolves to fullscreen and back instead of flying
/// (ReduceMotionTests has the picker's case).
final class WaterfallReduceMotionTests: XCTestCase {
    private var config: Config {
        var c = Config()
        c.reduceMotion = true
        return c
    }

    /// The opacities `id` is drawn with, at each frame, by where.
    private func drawn(_ id: PhotoID, _ sim: Simulation) -> [(frame: Rect, opacity: Double)] {
        sim.drawList().photoCommands.filter { $0.id == id }.map { ($0.frame, $0.opacity) }
    }

    func testAWaterfallPhotoDissolvesToFullscreenAndBack() throws {
        let sim = makeHeroSimulation(.waterfall, config: config)
        let scene = try XCTUnwrap(sim.scene as? WaterfallScene)
        let slot = try XCTUnwrap(sim.tile("photo-01")).presented
        sim.tap("photo-01")
        sim.steps(6)
        let full = scene.fullscreenFrame(of: "photo-01")
        assertRect(try XCTUnwrap(sim.tile("photo-01")).presented, full, accuracy: 1e-6, "no flight: there at once")
        let now = drawn("photo-01", sim)
        let outgoing = try XCTUnwrap(now.first { $0.frame == slot })
        let incoming = try XCTUnwrap(now.first { $0.frame == full })
        XCTAssertGreaterThan(outgoing.opacity, 0)
        XCTAssertLessThan(outgoing.opacity, 1)
        XCTAssertEqual(outgoing.opacity + incoming.opacity, 1, accuracy: 1e-6, "a cross-fade")
        sim.settle()
        XCTAssertEqual(drawn("photo-01", sim).map(\.opacity), [1])
        sim.key(.escape)
        sim.steps(6)
        assertRect(try XCTUnwrap(sim.tile("photo-01")).presented, slot, accuracy: 1e-6, "home at once")
        XCTAssertTrue(drawn("photo-01", sim).contains { $0.frame == full && $0.opacity < 1 }, "the overlay fades out")
        sim.settle()
        XCTAssertNil(sim.overlay)
    }
}
