import TesseraCore
import TesseraGeometry
import XCTest

@testable import TesseraAccessibility

/// What the bridge tells clients between two trees, and the numbers AT-SPI reads.
final class TreeEventsTests: XCTestCase {
    private func photo(_ key: String, _ frame: Rect, _ states: SemanticsStates = [.visible, .showing, .enabled])
        -> SemanticsNode
    {
        SemanticsNode(id: SemanticsID(.tile, key), role: .image, name: key, states: states, frame: frame)
    }

    private func tree(grid: [SemanticsNode], dock: [SemanticsNode]) -> ServedTree {
        let lists = [
            SemanticsNode(
                id: SemanticsID(.container, "grid"), role: .list, name: "Photos", frame: Rect(0, 0, 800, 400),
                children: grid),
            SemanticsNode(
                id: SemanticsID(.container, "dock"), role: .list, name: "Selection", frame: Rect(0, 400, 800, 200),
                children: dock),
        ]
        return ServedTree(
            SemanticsTree(
                root: SemanticsNode(
                    id: .application, role: .application, name: "Tessera", frame: Rect(0, 0, 800, 600), children: lists)
            ))
    }

    func testAPhotoMovedToTheDockIsRemovedAddedMovedAndSelected() {
        let a = photo("a", Rect(0, 0, 100, 100))
        let b = photo("b", Rect(100, 0, 100, 100))
        let before = tree(grid: [a, b], dock: [])
        let moved = photo("b", Rect(0, 400, 100, 100), [.visible, .showing, .enabled, .selected])
        let after = tree(grid: [a], dock: [moved])
        let events = after.events(from: before)
        let movedID = SemanticsID(.tile, "b")
        XCTAssertEqual(
            events,
            [
                AccessibleEvent(source: SemanticsID(.container, "grid"), kind: .childRemoved(index: 1, child: movedID)),
                AccessibleEvent(source: SemanticsID(.container, "dock"), kind: .childAdded(index: 0, child: movedID)),
                AccessibleEvent(source: movedID, kind: .boundsChanged(Rect(0, 400, 100, 100))),
                AccessibleEvent(source: movedID, kind: .stateChanged("selected", true)),
                AccessibleEvent(source: .application, kind: .visibleDataChanged),
            ])
        XCTAssertEqual(after[movedID]?.parent, SemanticsID(.container, "dock"))
        XCTAssertEqual(after[movedID]?.indexInParent, 0)
    }

    func testFocusMovingIsToldLostThenGainedAndSubPointMovesAreNot() {
        let focusable: SemanticsStates = [.visible, .showing, .enabled, .focusable]
        let before = tree(
            grid: [
                photo("a", Rect(0, 0, 100, 100), focusable.union(.focused)),
                photo("b", Rect(100, 0, 100, 100), focusable),
            ], dock: [])
        let after = tree(
            grid: [
                photo("a", Rect(0.3, 0, 100, 100), focusable),
                photo("b", Rect(100, 0, 100, 100), focusable.union(.focused)),
            ], dock: [])
        XCTAssertEqual(
            after.events(from: before),
            [
                AccessibleEvent(source: SemanticsID(.tile, "a"), kind: .stateChanged("focused", false)),
                AccessibleEvent(source: SemanticsID(.tile, "b"), kind: .stateChanged("focused", true)),
                AccessibleEvent(source: SemanticsID(.tile, "b"), kind: .focus),
            ])
        XCTAssertTrue(after.events(from: after).isEmpty, "the same tree tells nothing")
    }

    func testPathsAreStableAndNeverReused() {
        var paths = ObjectPaths()
        let a = paths.path(of: SemanticsID(.tile, "a"))
        let b = paths.path(of: SemanticsID(.tile, "b"))
        XCTAssertEqual(paths.path(of: .application), "/org/a11y/atspi/accessible/root")
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(paths.path(of: SemanticsID(.tile, "a")), a)
        XCTAssertEqual(paths.id(at: b), SemanticsID(.tile, "b"))
        XCTAssertNil(paths.id(at: "/org/a11y/atspi/accessible/99"))
    }

    func testStatesAndRolesUseAtspisNumbers() {
        // atspi-constants.h: ACTIVE 1, ENABLED 8, FOCUSABLE 11, FOCUSED 12, SELECTABLE 22, SELECTED 23,
        // SENSITIVE 24, SHOWING 25, VISIBLE 30.
        let words = SemanticsStates([
            .active, .enabled, .focusable, .focused, .selectable, .selected, .showing, .visible,
        ])
        .atspiWords
        let expected = [1, 8, 11, 12, 22, 23, 24, 25, 30].reduce(UInt32(0)) { $0 | 1 << UInt32($1) }
        XCTAssertEqual(words, [expected, 0])
        XCTAssertEqual(SemanticsRole.scrollPane.atspiRole, 49)
        XCTAssertEqual(SemanticsRole.listItem.atspiRole, 32)
        XCTAssertEqual(SemanticsRole.button.atspiName, "push button")
    }
}
