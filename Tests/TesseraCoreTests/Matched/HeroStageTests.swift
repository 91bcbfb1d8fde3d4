import XCTest

@testable import TesseraCore

final class HeroStageTests: XCTestCase {
    private let style = HeroTransition.Style(cornerRadius: 5, shadow: 0)

    func testPresenceFadesInAndOutWithTheHero() {
        var stage = HeroStage(spring: .spring)
        XCTAssertFalse(stage.isActive)
        XCTAssertNil(stage.overlayID)
        XCTAssertTrue(stage.present("a", slotStyle: style, overlayStyle: style))
        XCTAssertEqual(stage.presented?.id, "a")
        XCTAssertEqual(stage.overlayID, "a")
        stage.step(0.1)
        XCTAssertGreaterThan(stage.opacity, 0)
        XCTAssertLessThan(stage.opacity, 1)
        XCTAssertFalse(stage.present("b", slotStyle: style, overlayStyle: style), "one hero at a time")
        XCTAssertEqual(stage.dismiss(style: style), "a")
        XCTAssertNil(stage.presented)
        XCTAssertEqual(stage.overlayID, "a", "still animating")
        stage.land { _ in false }
        XCTAssertEqual(stage.heroes.count, 1, "not home yet")
        stage.land { $0 == "a" }
        for _ in 0..<600 { stage.step(1.0 / 120) }
        XCTAssertFalse(stage.isActive)
        XCTAssertNil(stage.overlayID)
        XCTAssertEqual(stage.opacity, 0)
        XCTAssertNil(stage.dismiss(style: style))
    }

    func testAHeroFlyingHomeTurnsRoundAndGoesOnTop() {
        var stage = HeroStage(spring: .spring)
        stage.present("a", slotStyle: style, overlayStyle: style)
        stage.dismiss(style: style)
        stage.present("b", slotStyle: style, overlayStyle: style)
        stage.dismiss(style: style)
        XCTAssertEqual(stage.heroes.map(\.id), ["a", "b"])
        stage.present("a", slotStyle: style, overlayStyle: style)
        XCTAssertEqual(stage.heroes.map(\.id), ["b", "a"], "no second trip; the presented one draws last")
        stage.land { _ in true }
        XCTAssertEqual(stage.heroes.map(\.id), ["a"], "a presented hero is not home")
    }
}
