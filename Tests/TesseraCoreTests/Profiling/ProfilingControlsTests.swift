import TesseraGeometry
import XCTest

@testable import TesseraCore

final class ProfilingControlsTests: XCTestCase {
    func testF3TogglesTheHUDAndF4SlowMotion() {
        var controls = ProfilingControls(showsHUD: false, slowMotion: false, slowMotionFactor: 0.1)
        XCTAssertTrue(controls.handle(.key(.f3)))
        XCTAssertTrue(controls.showsHUD)
        XCTAssertEqual(controls.timeScale, 1)
        XCTAssertTrue(controls.handle(.key(.f4)))
        XCTAssertEqual(controls.timeScale, 0.1)
        XCTAssertTrue(controls.handle(.key(.f4)))
        XCTAssertEqual(controls.timeScale, 1)
    }

    func testOtherEventsPassThrough() {
        var controls = ProfilingControls(showsHUD: true, slowMotion: false, slowMotionFactor: 0.1)
        XCTAssertFalse(controls.handle(.key(.digit(1)!)))
        XCTAssertFalse(controls.handle(.key(.return)))
        XCTAssertFalse(controls.handle(.pointerDown(Point(1, 1), time: 0)))
        XCTAssertTrue(controls.showsHUD)
    }
}
