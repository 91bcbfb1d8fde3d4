import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraCore

final class KioskModeTests: XCTestCase {
    private func kioskSimulation(_ edit: (inout KioskConfig) -> Void = { _ in }) -> Simulation {
        var config = Config()
        config.kiosk.idleResetSeconds = 2
        edit(&config.kiosk)
        let sim = makeSimulation(config: config)
        sim.kiosk = Simulation.KioskMode(config.kiosk)
        return sim
    }

    func testIdleResetDropsTheUnconfirmedSelectionAndReturnsToTheStart() {
        let sim = kioskSimulation()
        sim.tap("photo-03")
        sim.handle(.key(.digit(3)!))
        XCTAssertEqual(sim.currentScene, .named("gallery"))
        sim.steps(Int(1.9 * 120))
        XCTAssertEqual(sim.currentScene, .named("gallery"), "not idle long enough yet")
        sim.steps(Int(0.2 * 120))
        XCTAssertEqual(sim.currentScene, .named("picker"))
        XCTAssertEqual(sim.dump().selection, [])
        XCTAssertEqual(sim.container("grid")?.items.count, 24)
    }

    func testInputKeepsTheKioskAwake() {
        let sim = kioskSimulation()
        sim.tap("photo-03")
        for _ in 0..<5 {
            sim.steps(Int(1.5 * 120))
            sim.handle(.wheel(at: Point(500, 300), dx: 0, dy: -1))
        }
        XCTAssertEqual(sim.dump().selection, ["photo-03"])
    }

    func testOutsideTheKioskNothingResets() {
        var config = Config()
        config.kiosk.idleResetSeconds = 1
        let sim = makeSimulation(config: config)
        sim.tap("photo-03")
        sim.steps(3 * 120)
        XCTAssertEqual(sim.dump().selection, ["photo-03"])
    }

    func testSceneLockHidesTheTabBarAndIgnoresSceneKeys() {
        let sim = kioskSimulation { $0.lockScene = .named("picker") }
        var list = DrawList()
        sim.draw(into: &list)
        XCTAssertFalse(list.commands.contains { if case .text("Gallery", _, _, _, _, _) = $0 { true } else { false } })
        sim.handle(.key(.digit(2)!))
        XCTAssertEqual(sim.currentScene, .named("picker"))
        let unlocked = makeSimulation()
        unlocked.draw(into: &list)
        XCTAssertTrue(list.commands.contains { if case .text("Gallery", _, _, _, _, _) = $0 { true } else { false } })
    }

    func testKeyChords() {
        let chord = KeyChord("Ctrl+Alt+Shift+Q")!
        XCTAssertTrue(chord.matches(.q, modifiers: [.ctrl, .alt, .shift]))
        XCTAssertTrue(chord.matches(Key(name: "q")!, modifiers: [.ctrl, .alt, .shift]))
        XCTAssertFalse(chord.matches(.q, modifiers: [.ctrl, .shift]), "all modifiers needed")
        XCTAssertFalse(chord.matches(.q, modifiers: [.ctrl, .alt, .shift, .gui]), "and no others")
        XCTAssertEqual(KeyChord("Escape")?.modifiers, [])
        XCTAssertNil(KeyChord("Hyper+Q"))
        XCTAssertNil(KeyChord("Ctrl+"))
        // Typed: the key is a `Key`, compared as one; an unknown key name is no chord.
        XCTAssertEqual(chord.key, .q)
        XCTAssertEqual(chord.modifiers, [.ctrl, .alt, .shift])
        XCTAssertTrue(chord.matches(.q, modifiers: [.ctrl, .alt, .shift]))
        XCTAssertFalse(chord.matches(.w, modifiers: [.ctrl, .alt, .shift]))
        XCTAssertNil(KeyChord("Ctrl+NoSuchKey"))
        XCTAssertEqual(KeyChord("shift+ctrl+escape")?.description, "Ctrl+Shift+Escape")
    }
}
