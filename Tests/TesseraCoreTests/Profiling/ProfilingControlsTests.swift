import XCTest

@testable import TesseraCore

final class ProfilingControlsTests: XCTestCase {
    func testF3TogglesTheHUDAndF4SlowMotion() {
        var controls = ProfilingControls(showsHUD: false, slowMotion: false, slowMotionFactor: 0.1)
        XCTAssertTrue(controls.handle(.key("F3")))
        XCTAssertTrue(controls.showsHUD)
        XCTAssertEqual(controls.timeScale, 1)
        XCTAssertTrue(controls.handle(.key("F4")))
        XCTAssertEqual(controls.timeScale, 0.1)
        XCTAssertTrue(controls.handle(.key("F4")))
        XCTAssertEqual(controls.timeScale, 1)
    }

    func testOtherEventsPassThrough() {
        var controls = ProfilingControls(showsHUD: true, slowMotion: false, slowMotionFactor: 0.1)
        XCTAssertFalse(controls.handle(.key("1")))
        XCTAssertFalse(controls.handle(.key("Return")))
        XCTAssertFalse(controls.handle(.pointerDown(Point(1, 1), time: 0)))
        XCTAssertTrue(controls.showsHUD)
    }
}
