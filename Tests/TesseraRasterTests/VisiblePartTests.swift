import XCTest

@testable import TesseraRaster

/// The part of an oversized scaled copy that shows (`VisiblePart`).
final class VisiblePartTests: XCTestCase {
    private let target = PixelRect(x0: 0, y0: 0, x1: 1024, y1: 768)

    func testOnlyAScaledCopyLargerThanTheTargetAndReachingOutsideIsOversized() {
        let tall = IntRect(x: 0, y: -2000, w: 504, h: 5_510_401)
        XCTAssertTrue(
            VisiblePart.isOversized(source: IntRect(x: 0, y: 0, w: 6, h: 65535), destination: tall, target: target))
        XCTAssertFalse(
            VisiblePart.isOversized(
                source: IntRect(x: 0, y: 0, w: 504, h: 5_510_401), destination: tall, target: target),
            "a 1:1 copy is clipped, not scaled")
        XCTAssertFalse(
            VisiblePart.isOversized(
                source: IntRect(x: 0, y: 0, w: 6, h: 6), destination: IntRect(x: -10, y: 0, w: 100, h: 100),
                target: target),
            "reaching outside, but small")
        XCTAssertFalse(
            VisiblePart.isOversized(
                source: IntRect(x: 0, y: 0, w: 6, h: 6), destination: IntRect(x: 0, y: 0, w: 1024, h: 768),
                target: target),
            "inside")
    }

    /// The texels chosen cover the part that shows, lie inside the source, and map onto pixels that
    /// cover the part; a destination edge inside the part stays put.
    func testTheTexelsChosenCoverThePartThatShows() throws {
        let source = IntRect(x: 3, y: 5, w: 6, h: 65535)
        let destination = IntRect(x: 100, y: -900_000, w: 504, h: 5_510_401)
        for part in [
            PixelRect(x0: 0, y0: 0, x1: 1024, y1: 768), PixelRect(x0: 120, y0: 10, x1: 130, y1: 11),
            PixelRect(x0: 0, y0: -900_010, x1: 1024, y1: -899_000),
        ] {
            let (texels, pixels) = try XCTUnwrap(
                VisiblePart.coveringPart(source: source, destination: destination, part: part))
            XCTAssertGreaterThanOrEqual(texels.x, source.x)
            XCTAssertGreaterThanOrEqual(texels.y, source.y)
            XCTAssertLessThanOrEqual(texels.x + texels.w, source.x + source.w)
            XCTAssertLessThanOrEqual(texels.y + texels.h, source.y + source.h)
            let shown = part.intersection(
                PixelRect(
                    x0: destination.x, y0: destination.y, x1: destination.x + destination.w,
                    y1: destination.y + destination.h))
            let drawn = PixelRect(x0: pixels.x, y0: pixels.y, x1: pixels.x + pixels.w, y1: pixels.y + pixels.h)
            XCTAssertEqual(drawn.intersection(shown), shown, "\(part)")
            if part.y0 < destination.y { XCTAssertEqual(pixels.y, destination.y, "the top edge stays") }
            XCTAssertLessThan(pixels.h, 2 * (shown.height + 2 * 84_007), "\(part): a texel or so past the part")
        }
        XCTAssertNil(
            VisiblePart.coveringPart(
                source: source, destination: destination, part: PixelRect(x0: 0, y0: 5_000_000, x1: 10, y1: 5_000_010)))
    }
}
