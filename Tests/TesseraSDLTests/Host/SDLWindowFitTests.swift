import XCTest

@testable import TesseraSDL

/// The size a window asks for, cut to the display's usable area side by side.
final class SDLWindowFitTests: XCTestCase {
    func testEachSideIsCutOnItsOwn() {
        XCTAssertTrue(SDLWindow.fitting((2048, 1536), in: (1920, 1080)) == (1920, 1080))
        XCTAssertTrue(SDLWindow.fitting((800, 1536), in: (1920, 1080)) == (800, 1080))
        XCTAssertTrue(SDLWindow.fitting((800, 600), in: (1920, 1080)) == (800, 600))
        XCTAssertTrue(SDLWindow.fitting((800, 600), in: nil) == (800, 600))
    }
}
