import XCTest

@testable import TesseraRaster

/// The backdrop blur's pyramid (`BlurPyramid`): halvings by radius, each level half the one above.
final class BlurPyramidTests: XCTestCase {
    func testLevelCountFollowsTheRadius() {
        XCTAssertEqual(BlurPyramid.levelCount(radius: 0), 1)
        XCTAssertEqual(BlurPyramid.levelCount(radius: 4), 2)
        XCTAssertEqual(BlurPyramid.levelCount(radius: 16), 4)
        XCTAssertEqual(BlurPyramid.levelCount(radius: 32), 5)
        XCTAssertEqual(BlurPyramid.levelCount(radius: 10_000), 6)
        XCTAssertEqual(BlurPyramid.levelCount(radius: .nan), 1)
    }

    func testEachLevelIsHalfTheOneAboveRoundedUpAndAtLeastAPixel() {
        XCTAssertEqual(BlurPyramid.halved(PixelSize(width: 1024, height: 768)), PixelSize(width: 512, height: 384))
        XCTAssertEqual(BlurPyramid.halved(PixelSize(width: 333, height: 1)), PixelSize(width: 167, height: 1))
        var size = PixelSize(width: 5, height: 3)
        for _ in 0..<6 { size = BlurPyramid.halved(size) }
        XCTAssertEqual(size, PixelSize(width: 1, height: 1))
    }
}
