import XCTest

@testable import TesseraCore

final class HeroTransitionTests: XCTestCase {
    private let slotStyle = HeroTransition.Style(cornerRadius: 10, shadow: 1)
    private let overlayStyle = HeroTransition.Style(cornerRadius: 0, shadow: 0)
    private let slot = Rect(20, 500, 300, 150)  // unscrolled space
    private let overlay = Rect(0, 0, 1000, 500)  // window points

    private func settle(_ hero: inout HeroTransition, limit: Int = 1200) {
        for _ in 0..<limit where !hero.isSettled { hero.step(1.0 / 120) }
    }

    func testPresentsFromTheScrolledSlotAndLandsOnTheOverlay() {
        let offset = Point(0, 300)
        var hero = HeroTransition(id: "a", tileFrame: AnimatedRect(slot), slot: slotStyle, spring: .spring)
        XCTAssertEqual(hero.presented(containerOffset: offset), Rect(20, 200, 300, 150))
        hero.present(in: overlay, style: overlayStyle, containerOffset: offset)
        XCTAssertEqual(hero.presented(containerOffset: offset), Rect(20, 200, 300, 150), "no jump on take-off")
        XCTAssertEqual(hero.heading, .overlay)
        hero.step(0.05)
        XCTAssertLessThan(hero.cornerRadius.value, 10)
        XCTAssertLessThan(hero.shadow.value, 1)
        settle(&hero)
        // The container scrolls meanwhile: the overlay does not care.
        XCTAssertEqual(hero.presented(containerOffset: Point(0, 999)), overlay)
        XCTAssertEqual(hero.cornerRadius.value, 0)
        XCTAssertFalse(hero.hasLanded, "resting in the overlay is not landing")
    }

    func testTurningRoundKeepsPositionAndVelocity() {
        let offset = Point(0, 300)
        var hero = HeroTransition(id: "a", tileFrame: AnimatedRect(slot), slot: slotStyle, spring: .spring)
        hero.present(in: overlay, style: overlayStyle, containerOffset: offset)
        for _ in 0..<10 { hero.step(1.0 / 120) }
        let before = hero.presented(containerOffset: offset)
        let velocity = hero.velocity(containerVelocity: .zero)
        hero.dismiss(to: slot, style: slotStyle, containerOffset: offset)
        XCTAssertEqual(hero.heading, .slot)
        assertRect(hero.presented(containerOffset: offset), before, accuracy: 1e-9)
        assertRect(hero.velocity(containerVelocity: .zero), velocity, accuracy: 1e-9)
        hero.present(in: overlay, style: overlayStyle, containerOffset: offset)
        assertRect(hero.presented(containerOffset: offset), before, accuracy: 1e-9)
    }

    func testFlyingHomeFollowsAScrollingSlotExactly() {
        var hero = HeroTransition(id: "a", tileFrame: AnimatedRect(slot), slot: slotStyle, spring: .spring)
        hero.present(in: overlay, style: overlayStyle, containerOffset: .zero)
        settle(&hero)
        hero.dismiss(to: slot, style: slotStyle, containerOffset: .zero)
        var offset = Point.zero
        for _ in 0..<1200 where !hero.isSettled {
            offset.y += 1.5  // the container scrolls under the flight
            hero.step(1.0 / 120)
        }
        XCTAssertTrue(hero.hasLanded)
        XCTAssertEqual(hero.presented(containerOffset: offset), slot.offsetBy(dx: 0, dy: -offset.y))
        XCTAssertEqual(hero.frame.presented, slot, "handed back in unscrolled space")
        XCTAssertEqual(hero.cornerRadius.value, 10)
        XCTAssertEqual(hero.shadow.value, 1)
    }

    func testRetargetFollowsAMovedOverlay() {
        var hero = HeroTransition(id: "a", tileFrame: AnimatedRect(slot), slot: slotStyle, spring: .spring)
        hero.present(in: overlay, style: overlayStyle, containerOffset: .zero)
        for _ in 0..<20 { hero.step(1.0 / 120) }
        let moved = Rect(0, 0, 800, 400)
        let before = hero.presented(containerOffset: .zero)
        hero.retarget(moved)
        XCTAssertEqual(hero.presented(containerOffset: .zero), before)
        settle(&hero)
        XCTAssertEqual(hero.presented(containerOffset: .zero), moved)
    }
}
