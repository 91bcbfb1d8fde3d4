import XCTest

@testable import TesseraCore

/// Points to pixels: the user's choice, else the compositor's, else what X11 toolkits read.
final class DisplayScaleTests: XCTestCase {
    func testTheUsersChoiceWinsThenTheCompositorThenTheDesktop() {
        XCTAssertEqual(DisplayScale.resolve(flag: 1.5, config: 2, compositor: 2, desktop: 2), 1.5)
        XCTAssertEqual(DisplayScale.resolve(flag: nil, config: 1.25, compositor: 2, desktop: 2), 1.25)
        XCTAssertEqual(DisplayScale.resolve(flag: nil, config: nil, compositor: 2, desktop: 1), 2)
        XCTAssertEqual(DisplayScale.resolve(flag: nil, config: nil, compositor: nil, desktop: 2), 2)
        XCTAssertEqual(DisplayScale.resolve(flag: nil, config: nil, compositor: nil, desktop: nil), 1)
        XCTAssertEqual(DisplayScale.resolve(flag: nil, config: nil, compositor: 9, desktop: nil), 4, "clamped")
    }

    func testX11ToolkitsReadGDKScaleThenQtThenXftDPI() {
        XCTAssertEqual(DisplayScale.desktop(environment: ["GDK_SCALE": "2", "QT_SCALE_FACTOR": "1.5"], xftDPI: 96), 2)
        XCTAssertEqual(DisplayScale.desktop(environment: ["QT_SCALE_FACTOR": "1.5"], xftDPI: 192), 1.5)
        XCTAssertEqual(DisplayScale.desktop(environment: [:], xftDPI: 144), 1.5)
        XCTAssertNil(DisplayScale.desktop(environment: ["GDK_SCALE": "zero"], xftDPI: nil))
    }

    func testXftDPIFromTheResourceDatabase() {
        let text = "Xcursor.size:\t24\nXft.antialias:\t1\nXft.dpi:\t192\nXft.hinting:\t1\n"
        XCTAssertEqual(DisplayScale.xftDPI(fromResources: text), 192)
        XCTAssertNil(DisplayScale.xftDPI(fromResources: "Xft.hinting:\t1\n"))
    }
}
