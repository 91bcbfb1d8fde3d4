import XCTest

@testable import TesseraSDL

final class WaylandSeatTests: XCTestCase {
    /// Without a seat, Wayland leaves the list and X11 stays when there is an X display to reach.
    func testASeatlessCompositorLeavesX11WhenThereIsAnXDisplay() {
        XCTAssertEqual(
            WaylandSeat.driversWithoutWayland(["wayland", "x11", "kmsdrm", "offscreen"], xDisplay: ":0"),
            ["x11", "kmsdrm", "offscreen"])
        XCTAssertEqual(WaylandSeat.driversWithoutWayland(["x11", "wayland"], xDisplay: ":1"), ["x11"])
    }

    /// Nothing else can show a window: no X display, or the user asked for Wayland alone.
    func testASeatlessCompositorWithNothingElseToUseIsAnError() {
        XCTAssertNil(WaylandSeat.driversWithoutWayland(["wayland", "x11", "offscreen"], xDisplay: nil))
        XCTAssertNil(WaylandSeat.driversWithoutWayland(["wayland", "x11"], xDisplay: ""))
        XCTAssertNil(WaylandSeat.driversWithoutWayland(["wayland"], xDisplay: ":0"))
    }
}
