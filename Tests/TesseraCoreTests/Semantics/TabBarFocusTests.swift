import TesseraGeometry
import XCTest

@testable import TesseraCore

/// The tab bar in the keyboard's reach: Tab past the scene's last group reaches it, the arrows move along
/// it, Space switches scene, Tab goes back into the (new) scene; a screen reader sees the focused tab.
final class TabBarFocusTests: XCTestCase {
    private func press(_ keys: Key..., on sim: Simulation) {
        for key in keys {
            sim.handle(.key(key))
            sim.step()
        }
    }

    func testTabReachesTheTabBarAndSpaceSwitchesScene() {
        let sim = makeSimulation()
        press(.tab, on: sim)
        XCTAssertEqual(sim.dump().focus, "photo-01")
        press(.tab, on: sim)
        XCTAssertNil(sim.dump().focus, "the scene let go")
        XCTAssertEqual(sim.semantics().focused?.id, SemanticsID(.tab, "picker"))
        press(.right, .right, on: sim)
        XCTAssertEqual(sim.semantics().focused?.name, "Gallery")
        XCTAssertEqual(sim.currentScene, .named("picker"), "moving along the tabs switches nothing")
        press(.space, on: sim)
        XCTAssertEqual(sim.currentScene, .named("gallery"))
        XCTAssertEqual(sim.semantics().focused?.id, SemanticsID(.tab, "gallery"), "the focus stays on the tab")
        press(.tab, on: sim)
        XCTAssertEqual(sim.dump().focus, "featured-0", "Tab enters the new scene")
        XCTAssertEqual(sim.semantics().focused?.id, SemanticsID(.tile, "featured-0"))
    }

    func testShiftTabFromTheFirstGroupAndEscape() {
        let sim = makeSimulation()
        press(.tab, .backTab, on: sim)
        XCTAssertEqual(sim.semantics().focused?.id, SemanticsID(.tab, "picker"))
        press(.backTab, on: sim)
        XCTAssertEqual(sim.dump().focus, "photo-01", "Shift+Tab from the tab bar: the scene's last group")
        press(.tab, .escape, on: sim)
        XCTAssertNil(sim.semantics().focused)
    }

    func testTheFocusedTabHasARingAndAScreenReaderCanPutTheFocusThere() throws {
        let sim = makeSimulation()
        XCTAssertTrue(sim.perform(.focus, on: SemanticsID(.tab, "waterfall")))
        var list = DrawList()
        sim.draw(into: &list)
        let tab = try XCTUnwrap(sim.semantics().node(SemanticsID(.tab, "waterfall")))
        let rings = list.commands.compactMap { command -> Rect? in
            if case .ring(let frame, _, _, _, _) = command { return frame }
            return nil
        }
        XCTAssertEqual(rings.count, 1)
        XCTAssertTrue(rings[0].contains(tab.frame), "\(rings[0]) around \(tab.frame)")
        XCTAssertTrue(sim.perform(.focus, on: SemanticsID(.tile, "photo-02")))
        XCTAssertEqual(sim.semantics().focused?.id, SemanticsID(.tile, "photo-02"))
    }

    func testALockedKioskHasNoTabBarToReach() {
        let sim = makeSimulation()
        var kiosk = KioskConfig()
        kiosk.lockScene = .named("picker")
        sim.kiosk = Simulation.KioskMode(kiosk)
        press(.tab, .tab, on: sim)
        XCTAssertEqual(sim.dump().focus, "photo-01", "round the scene's own groups")
    }
}
