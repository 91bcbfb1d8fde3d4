import XCTest

@testable import TesseraCore

final class HeroTransitionTests: XCTestCase {
    private let slotStyle = HeroTransition.Style(cornerRadius: 10, shadow: 1)
    private let overlayStyle = HeroTransition.Style(cornerRadius: 0, shadow: 0)

    private func settle(_ hero: inout HeroTransition) {
        for _ in 0..<1200 where !hero.isSettled { hero.step(1.0 / 120) }
    }

    func testCornerAndShadowChangeWithTheFlightBothWays() {
        var hero = HeroTransition(id: "a", slot: slotStyle, spring: .spring)
        XCTAssertEqual(hero.heading, .slot)
        hero.present(style: overlayStyle)
        XCTAssertEqual(hero.heading, .overlay)
        hero.step(0.05)
        XCTAssertLessThan(hero.cornerRadius.value, 10, "changing during the flight, not after it")
        XCTAssertGreaterThan(hero.cornerRadius.value, 0)
        XCTAssertLessThan(hero.shadow.value, 1)
        settle(&hero)
        XCTAssertEqual(hero.cornerRadius.value, 0)
        XCTAssertEqual(hero.shadow.value, 0)
        hero.dismiss(style: slotStyle)
        XCTAssertEqual(hero.heading, .slot)
        settle(&hero)
        XCTAssertEqual(hero.cornerRadius.value, 10)
        XCTAssertEqual(hero.shadow.value, 1)
    }

    func testTurningRoundKeepsTheRadiusWhereItIs() {
        var hero = HeroTransition(id: "a", slot: slotStyle, spring: .spring)
        hero.present(style: overlayStyle)
        for _ in 0..<10 { hero.step(1.0 / 120) }
        let radius = hero.cornerRadius.value
        let velocity = hero.cornerRadius.velocity
        hero.dismiss(style: slotStyle)
        XCTAssertEqual(hero.cornerRadius.value, radius)
        XCTAssertEqual(hero.cornerRadius.velocity, velocity, "as fast as it was going")
    }
}
