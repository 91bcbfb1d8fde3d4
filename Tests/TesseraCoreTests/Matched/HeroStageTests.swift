import XCTest

@testable import TesseraCore

final class HeroStageTests: XCTestCase {
    private let style = HeroTransition.Style(cornerRadius: 5, shadow: 0)

    func testPresenceFadesInAndOutWithTheHero() {
        var stage = HeroStage(spring: .spring)
        XCTAssertFalse(stage.isActive)
        XCTAssertNil(stage.overlayID)
        XCTAssertTrue(
            stage.present(
                "a", tileFrame: AnimatedRect(Rect(0, 0, 10, 10)), slotStyle: style, overlay: Rect(0, 0, 100, 100),
                overlayStyle: style, containerOffset: .zero))
        XCTAssertEqual(stage.presented?.id, "a")
        XCTAssertEqual(stage.overlayID, "a")
        stage.step(0.1) { _ in XCTFail("not home") }
        XCTAssertGreaterThan(stage.opacity, 0)
        XCTAssertLessThan(stage.opacity, 1)
        // Only one hero at a time in the overlay.
        XCTAssertFalse(
            stage.present(
                "b", tileFrame: AnimatedRect(.zero), slotStyle: style, overlay: .zero, overlayStyle: style,
                containerOffset: .zero))
        XCTAssertEqual(stage.dismiss(to: { _ in Rect(0, 0, 10, 10) }, style: style, containerOffset: .zero), "a")
        XCTAssertNil(stage.presented)
        XCTAssertEqual(stage.overlayID, "a", "still animating")
        var landed: [String] = []
        for _ in 0..<600 { stage.step(1.0 / 120) { landed.append($0.id) } }
        XCTAssertEqual(landed, ["a"])
        XCTAssertFalse(stage.isActive)
        XCTAssertNil(stage.overlayID)
        XCTAssertEqual(stage.opacity, 0)
        XCTAssertNil(stage.dismiss(to: { _ in .zero }, style: style, containerOffset: .zero))
    }

    func testAHeroFlyingHomeTurnsRoundWithoutANewTrip() {
        var stage = HeroStage(spring: .spring)
        stage.present(
            "a", tileFrame: AnimatedRect(Rect(0, 0, 10, 10)), slotStyle: style, overlay: Rect(0, 0, 100, 100),
            overlayStyle: style, containerOffset: .zero)
        for _ in 0..<30 { stage.step(1.0 / 120) { _ in } }
        stage.dismiss(to: { _ in Rect(0, 0, 10, 10) }, style: style, containerOffset: .zero)
        for _ in 0..<5 { stage.step(1.0 / 120) { _ in } }
        let before = stage.hero("a")!.presented(containerOffset: .zero)
        stage.present(
            "a", tileFrame: AnimatedRect(Rect(999, 999, 1, 1)), slotStyle: style, overlay: Rect(0, 0, 100, 100),
            overlayStyle: style, containerOffset: .zero)
        XCTAssertEqual(stage.heroes.count, 1)
        XCTAssertEqual(stage.hero("a")!.presented(containerOffset: .zero), before, "the tile's frame is not read again")
    }
}
