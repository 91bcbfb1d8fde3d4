import TesseraGeometry
import XCTest

@testable import TesseraCore

/// The frame is the window times the scale (docs/USING.md, "Pixel limits"): 16384 pixels a side.
final class CanvasLimitTests: XCTestCase {
    func testAWindowFitsUpTo16384PixelsASide() {
        XCTAssertTrue(CanvasLimit.fits(Size(16384, 16384), scale: 1))
        XCTAssertTrue(CanvasLimit.fits(Size(4096, 3072), scale: 4))
        XCTAssertFalse(CanvasLimit.fits(Size(11600, 11600), scale: 2), "2.15 GB: SDL_FillRect crashed")
        XCTAssertFalse(CanvasLimit.fits(Size(4097, 1), scale: 4))
    }

    func testAResizePastTheLimitIsClampedToIt() {
        XCTAssertEqual(CanvasLimit.clamp(Size(16384, 3), scale: 4), Size(4096, 3))
        XCTAssertEqual(CanvasLimit.clamp(Size(300, 2), scale: 4), Size(300, 2))
        let most = CanvasLimit.clamp(Size(16384, 16384), scale: 3)
        XCTAssertTrue(CanvasLimit.fits(most, scale: 3))
        XCTAssertFalse(CanvasLimit.fits(Size(most.width + 1, 1), scale: 3))
    }
}
