import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore

/// The destinations' must-shows (docs/BEHAVIOUR.md#destinations).
final class DestinationsSceneTests: XCTestCase {
    private func photoCommand(_ list: DrawList, _ placeID: PhotoID) -> (frame: Rect, radius: Double, opacity: Double)? {
        list.photoCommands.first { $0.id == "destinations/\(placeID)" }.map { ($0.frame, $0.radius, $0.opacity) }
    }

    private func shadowAlpha(_ list: DrawList, around frame: Rect) -> UInt8? {
        for command in list.commands {
            if case .shadow(let f, _, _, let color, _) = command, f == frame { return color.a }
        }
        return nil
    }

    func testListLayoutRadiusAndShadow() {
        let sim = makeDestinations()
        let dump = sim.dump()
        XCTAssertEqual(dump.containers.map(\.id), ["list", "detail"], "the detail view's scroll, empty while closed")
        XCTAssertEqual(dump.containers[1].frame, .zero)
        XCTAssertEqual(dump.containers[0].items, samplePlaces().places.map(\.id))
        let top = Chrome(config: ChromeConfig()).contentTop(window: Size(1024, 768))
        XCTAssertEqual(dump.tiles[0].target, Rect(20, top + 20, 984, 492))
        XCTAssertEqual(dump.tiles[1].target, Rect(20, top + 20 + 492 + 20, 984, 492))
        let list = sim.drawList()
        let first = photoCommand(list, "place-1")
        XCTAssertEqual(first?.radius, 10)
        XCTAssertEqual(shadowAlpha(list, around: dump.tiles[0].presented), 84, "black at 33 %")
    }

    func testTapOpensTheDetailAndFadesTheList() throws {
        let sim = makeDestinations()
        sim.tap("place-1")
        sim.steps(2)
        XCTAssertEqual(sim.dump().overlay, OverlayDump(id: "place-1", kind: "detail"))
        XCTAssertTrue(sim.scene.hidesChrome)
        sim.settle()
        XCTAssertTrue(
            sim.isSettled, "an open detail at rest is settled: a scripted run can end, the monkey's check holds")
        XCTAssertLessThan(sim.time, 3)
        let dump = sim.dump()
        XCTAssertEqual(dump.overlay, OverlayDump(id: "place-1", kind: "detail"))
        let hero = try XCTUnwrap(dump.tiles.first { $0.id == "place-1" })
        assertRect(hero.presented, Rect(0, 0, 1024, 512), accuracy: 0.01)
        XCTAssertEqual(hero.layer, "overlay")
        XCTAssertEqual(hero.opacity, 1)
        for tile in dump.tiles where tile.id != "place-1" { XCTAssertEqual(tile.opacity, 0, tile.id.rawValue) }

        let list = sim.drawList()
        XCTAssertEqual(photoCommand(list, "place-1")?.radius, 0, "square in the detail view")
        XCTAssertNil(shadowAlpha(list, around: hero.presented), "no shadow in the detail view")
        // The title and the wrapped details under the image, fully shown.
        var title: Point?
        var details: Rect?
        for command in list.commands {
            if case .text("Place 1", let anchor, _, _, let color, _) = command, color.a == 255 { title = anchor }
            if case .paragraph(let text, let frame, _, let color, _) = command, color.a == 255 {
                XCTAssertTrue(text.hasPrefix("A paragraph about place 1"))
                details = frame
            }
        }
        XCTAssertGreaterThan(try XCTUnwrap(title).y, 512)
        XCTAssertGreaterThan(try XCTUnwrap(details).minY, try XCTUnwrap(title).y)
        XCTAssertEqual(
            details!.height,
            Double(DestinationsLayout.wrappedLineCount(samplePlaces().places[0].details, width: 992, size: 16))
                * DestinationsLayout.lineHeight(16), "as tall as its wrapped lines")
        XCTAssertEqual(details!.minX, 16)
    }

    func testCornerRadiusShadowAndOpacityChangeWithTheFlight() {
        let sim = makeDestinations()
        sim.tap("place-1")
        sim.steps(12)
        let list = sim.drawList()
        let hero = photoCommand(list, "place-1")!
        XCTAssertGreaterThan(hero.radius, 0)
        XCTAssertLessThan(hero.radius, 10)
        let shadow = shadowAlpha(list, around: hero.frame)
        XCTAssertNotNil(shadow)
        XCTAssertLessThan(shadow!, 84)
        let other = sim.tile("place-2")!.opacity
        XCTAssertGreaterThan(other, 0)
        XCTAssertLessThan(other, 1)
    }

    func testCloseButtonAndEscapeBringEverythingBack() throws {
        for close in ["button", "Escape"] {
            let sim = makeDestinations()
            let slot = sim.tile("place-1")!.presented
            sim.tap("place-1")
            sim.settle()
            let scene = try XCTUnwrap(sim.scene as? DestinationsScene)
            XCTAssertEqual(scene.closeButton, Rect(1024 - 16 - 44, 16, 44, 44))
            if close == "button" { sim.click(scene.closeButton.center) } else { sim.key(.escape) }
            sim.steps(4)
            XCTAssertEqual(sim.tile("place-1")?.layer, "flight")
            sim.settle()
            let dump = sim.dump()
            XCTAssertNil(dump.overlay, close)
            for tile in dump.tiles {
                XCTAssertEqual(tile.opacity, 1, "\(tile.id) \(close)")
                XCTAssertEqual(tile.layer, "container")
            }
            assertRect(sim.tile("place-1")!.presented, slot, accuracy: 0.5)
            XCTAssertFalse(sim.scene.hidesChrome)
            XCTAssertEqual(photoCommand(sim.drawList(), "place-1")?.radius, 10)
        }
    }

    func testTheDetailViewIgnoresTapsOutsideItsCloseButton() {
        let sim = makeDestinations()
        sim.tap("place-1")
        sim.settle()
        sim.click(Point(512, 700))  // where the list's second item sits under the detail view
        sim.click(Point(512, 200))  // on the image
        sim.settle()
        XCTAssertEqual(sim.dump().overlay?.id, "place-1")
    }

    func testScrolledItemFliesToTheTopAndBack() throws {
        let sim = makeDestinations()
        sim.scrollDown(notches: 12)  // 576 points
        let slot = try XCTUnwrap(sim.tile("place-2")).presented
        XCTAssertLessThan(slot.minY, 200)
        sim.tap("place-2")
        assertNoJumps(sim, steps: 15)
        sim.key(.escape)  // mid-flight
        assertNoJumps(sim, steps: 15)
        sim.tap("place-2")  // turned round again
        sim.settle()
        assertRect(sim.tile("place-2")!.presented, Rect(0, 0, 1024, 512), accuracy: 0.01)
        sim.key(.escape)
        sim.settle()
        assertRect(sim.tile("place-2")!.presented, slot, accuracy: 0.5)
    }

    /// A place dismissed while another is presented fades with the list and lands without a pop.
    func testDismissedHeroFadesWithTheListWhenAnotherOpens() throws {
        let sim = makeDestinations()
        sim.tap("place-1")
        sim.settle()
        sim.key(.escape)
        sim.steps(40)
        XCTAssertNotNil(sim.scene.revealForTap("place-1"))
        // place-2 is back in view under the returning place-1 (the list is fading in).
        let second = try XCTUnwrap(sim.tile("place-2")).presented
        sim.click(Point(second.midX, min(second.midY, 740)))
        XCTAssertEqual(sim.dump().overlay?.id, "place-2")
        var last = sim.tile("place-1")!.opacity
        for _ in 0..<200 {
            sim.step()
            let now = sim.tile("place-1")!.opacity
            XCTAssertLessThanOrEqual(abs(now - last), 0.2, "no pop in opacity")
            last = now
        }
        sim.settle()
        XCTAssertEqual(sim.tile("place-1")?.layer, "container")
        XCTAssertEqual(sim.tile("place-1")!.opacity, 0, accuracy: 0.01)
        XCTAssertEqual(sim.tile("place-2")?.layer, "overlay")
    }

    func testTitleFadesWithTheList() {
        let sim = makeDestinations()
        func titleAlpha() -> UInt8? {
            for command in sim.drawList().commands {
                if case .text("Destinations", _, _, _, let color, _) = command { return color.a }
            }
            return nil
        }
        XCTAssertEqual(titleAlpha(), 255)
        sim.tap("place-1")
        sim.settle()
        XCTAssertEqual(titleAlpha() ?? 0, 0)
    }

    func testEmptyCatalogIsAnEmptyList() {
        let sim = Simulation(
            config: Config(), photos: sizedPhotos(4), scene: .destinations, window: Size(1024, 768), hz: 120)
        XCTAssertEqual(sim.dump().tiles.count, 0)
        sim.click(Point(500, 300))
        sim.key(.escape)
        sim.settle()
        XCTAssertNil(sim.dump().overlay)
    }

    /// Found by the monkey: a tile still reflowing (after a resize) when its hero takes off keeps a
    /// stale spring while on stage; that must not count as moving once the hero is at rest.
    func testHeroTakenWhileReflowingStillComesToRest() {
        let sim = makeDestinations()
        sim.handle(.resize(Size(1280, 800)))
        sim.step()
        XCTAssertTrue(sim.tile("place-1")!.moving, "reflowing to the new width")
        sim.tap("place-1")
        let tapped = sim.time
        sim.settle()
        XCTAssertTrue(sim.isSettled)
        XCTAssertLessThan(sim.time - tapped, 3)
        XCTAssertFalse(sim.dump().tiles.contains { $0.moving })
        XCTAssertEqual(sim.dump().overlay?.kind, "detail")
    }

    /// Text never covers the flying image: the title and paragraph are drawn before (under) it — on the
    /// way in, on a resize mid-flight and on an interrupted close.
    func testDetailTextIsUnderTheFlyingImage() throws {
        let sim = makeDestinations()
        func assertTextUnderImage(_ moment: String) throws {
            let commands = sim.drawList().commands
            let image = try XCTUnwrap(
                commands.lastIndex { if case .photo = $0 { return true } else { return false } }, moment)
            for (i, command) in commands.enumerated() {
                switch command {
                case .text("Place 1", _, _, _, _, _), .paragraph: XCTAssertLessThan(i, image, moment)
                default: break
                }
            }
        }
        sim.tap("place-1")
        sim.steps(10)
        try assertTextUnderImage("flying in")
        sim.handle(.resize(Size(800, 700)))
        sim.steps(5)
        try assertTextUnderImage("a resize mid-flight")
        sim.settle()
        sim.key(.escape)
        sim.steps(8)
        sim.tap("place-1")
        sim.steps(3)
        try assertTextUnderImage("a close turned round")
    }

    /// The tab bar (with the title) fades out over the first half of the detail view's fade and the close
    /// button in over the second: they never show at once in the same corner.
    func testTheCloseButtonAndTheTabBarNeverShowTogether() throws {
        let sim = makeDestinations()
        sim.tap("place-1")
        for _ in 0..<120 {
            sim.step()
            let commands = sim.drawList().commands
            let cross = commands.contains { if case .cross = $0 { return true } else { return false } }
            let tabs = commands.contains {
                if case .text("Destinations", _, _, TextStyle(size: 13, weight: .bold), _, _) = $0 {
                    return true
                } else {
                    return false
                }
            }
            XCTAssertFalse(cross && tabs, "at \(sim.time)")
        }
        XCTAssertEqual(sim.dump().chromeOpacity, 0)
    }
}
