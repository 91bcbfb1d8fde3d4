import TesseraGeometry
import XCTest

@testable import TesseraCore

/// Scroll indicators (docs/SCENES.md, "Scroll indicators"): shown while a container scrolls, fading out about
/// half a second after it rests; as long as the visible part of the content, shorter while rubber-banding.
final class ScrollIndicatorTests: XCTestCase {
    private func indicator(_ sim: Simulation, _ id: String) -> Double? { sim.container(id)?.indicator }

    func testShowsWhileScrollingAndFadesAfterRest() throws {
        let sim = makeHeroSimulation(.named("destinations"))
        XCTAssertEqual(indicator(sim, "list"), 0, "none at rest")
        sim.handle(.wheel(at: Point(512, 400), dx: 0, dy: -2))
        sim.steps(3)
        XCTAssertEqual(indicator(sim, "list"), 1)
        let bar = try XCTUnwrap(sim.scene.field.indicatorFrame(of: ContainerID("list")))
        XCTAssertTrue(
            sim.drawList().commands.contains { if case .fill(bar, _, _, _) = $0 { return true } else { return false } })
        // Rests, then half a second, then a quarter-second fade.
        var restedAt: Double?
        while sim.container("list")!.indicator! > 0 && sim.time < 5 {
            sim.step()
            if restedAt == nil, !sim.scene.field.scroll(ContainerID("list")).scroll.isMoving { restedAt = sim.time }
        }
        let rested = try XCTUnwrap(restedAt)
        XCTAssertEqual(sim.time - rested, 0.75, accuracy: 0.02)
        XCTAssertTrue(sim.isSettled, "a faded indicator lets the run rest")
        XCTAssertFalse(
            sim.drawList().commands.contains { if case .fill(bar, _, _, _) = $0 { return true } else { return false } })
    }

    func testLengthIsTheVisibleFractionAndShrinksWhileRubberBanding() throws {
        let sim = makeHeroSimulation(.named("destinations"))
        let scroll = sim.scene.field.scroll(ContainerID("list"))
        let viewport = scroll.viewport.height
        let content = scroll.contentSize.height
        sim.drag(from: Point(512, 400), to: Point(512, 380), seconds: 0.1, hold: 0.1)
        let bar = try XCTUnwrap(sim.scene.field.indicatorFrame(of: ContainerID("list")))
        XCTAssertEqual(bar.height, max(36, (viewport - 6) * viewport / content), accuracy: 0.01)
        XCTAssertEqual(bar.width, 3)
        XCTAssertEqual(bar.maxX, 1024 - 3, accuracy: 0.01, "along the trailing edge")
        // Pulled down past the top: the bar squeezes against it.
        sim.handle(.pointerDown(Point(512, 300), time: sim.time))
        for i in 1...30 {
            sim.step()
            sim.handle(.pointerMove(Point(512, 300 + Double(i) * 10), time: sim.time))
        }
        let squeezed = try XCTUnwrap(sim.scene.field.indicatorFrame(of: ContainerID("list")))
        XCTAssertLessThan(squeezed.height, bar.height - 20)
        XCTAssertGreaterThanOrEqual(squeezed.height, 8)
        XCTAssertEqual(indicator(sim, "list"), 1, "shown while the finger holds it")
        sim.handle(.pointerUp(Point(512, 600), time: sim.time))
        sim.settle()
        XCTAssertEqual(indicator(sim, "list"), 0)
    }

    /// On the picker grid, the gallery's outer scroll and the destinations list; never on the dock or the
    /// gallery's rows (left out of the dump).
    func testWhichContainersHaveOne() {
        let picker = makeHeroSimulation(.named("picker"))
        XCTAssertNotNil(picker.container("grid")?.indicator)
        XCTAssertNil(picker.container("dock")?.indicator)
        // The waterfall article's `ScrollView(showsIndicators: false)`.
        XCTAssertNil(makeHeroSimulation(.named("waterfall")).container("waterfall")?.indicator)
        let gallery = makeGallery()
        for container in gallery.dump().containers {
            XCTAssertEqual(container.indicator != nil, container.id == "gallery", container.id)
        }
        XCTAssertNotNil(makeHeroSimulation(.named("destinations")).container("list")?.indicator)
    }
}
