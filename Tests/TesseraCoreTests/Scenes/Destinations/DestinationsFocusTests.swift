import TesseraGeometry
import XCTest

@testable import TesseraCore

/// Keyboard focus in the destinations (FocusTests has the other scenes'): the list, and a place opened
/// and closed with the focus kept on it.
final class DestinationsFocusTests: XCTestCase {
    func testDestinationsListAndOpening() throws {
        let sim = makeDestinations()
        try sim.pressKeys(["Tab", "Down", "Down"])
        XCTAssertEqual(sim.dump().focus, "place-3")
        let list = try XCTUnwrap(sim.container("list"))
        XCTAssertGreaterThan(list.offset.y, 0)
        try sim.pressKeys(["Space"], settle: 2)
        XCTAssertEqual(sim.overlay?.id, "place-3")
        try sim.pressKeys(["Escape"], settle: 2)
        XCTAssertNil(sim.overlay)
        XCTAssertEqual(sim.dump().focus, "place-3", "kept through the flight there and back")
    }
}
