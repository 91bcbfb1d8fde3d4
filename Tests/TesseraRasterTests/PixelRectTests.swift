import TesseraGeometry
import XCTest

@testable import TesseraRaster

/// Where a photo's pixels go (`PixelRect(placing:)`): a tile that only moves keeps its size in pixels,
/// and never leaves the pixels its frame touches.
final class PixelRectTests: XCTestCase {
    func testASlidingTileKeepsItsSizeWhereEdgeRoundingWouldWobble() {
        // The picker's columns at 1024×768 are 82.909 points wide.
        var snappedWidths = Set<Int>()
        for step in 0..<100 {
            for scale in [1.0, 1.5, 2.0] {
                let frame = Rect(16 + Double(step) * 0.137, 64 + Double(step) * 0.29, 82.909, 150.45)
                let placed = PixelRect(placing: frame, pixelsPerPoint: scale)
                XCTAssertEqual(placed.width, PixelRect.round(82.909 * scale), "step \(step) scale \(scale)")
                XCTAssertEqual(placed.height, PixelRect.round(150.45 * scale), "step \(step) scale \(scale)")
                let box = PixelRect(enclosing: frame, pixelsPerPoint: scale)
                XCTAssertEqual(placed.intersection(box), placed, "inside what the frame touches, step \(step)")
                // Centred on the frame to within a pixel.
                XCTAssertEqual(Double(placed.x0 + placed.x1) / 2, frame.midX * scale, accuracy: 1)
                XCTAssertEqual(Double(placed.y0 + placed.y1) / 2, frame.midY * scale, accuracy: 1)
                if scale == 1 { snappedWidths.insert(PixelRect(snapping: frame, pixelsPerPoint: 1).width) }
            }
        }
        XCTAssertEqual(snappedWidths, [82, 83], "rounding each edge changes the width as it slides")
    }

    func testWholePointFramesLandWhereTheirEdgesDo() {
        for frame in [Rect(10, 20, 83, 150), Rect(0, 0, 1, 1), Rect(-5, 3, 40, 2)] {
            XCTAssertEqual(
                PixelRect(placing: frame, pixelsPerPoint: 1), PixelRect(snapping: frame, pixelsPerPoint: 1))
            XCTAssertEqual(
                PixelRect(placing: frame, pixelsPerPoint: 2), PixelRect(snapping: frame, pixelsPerPoint: 2))
        }
    }

    func testEmptyAndNonFiniteFramesStayEmptyWithoutTrapping() {
        XCTAssertTrue(PixelRect(placing: Rect(10, 10, 0.3, 5), pixelsPerPoint: 1).isEmpty)
        XCTAssertTrue(PixelRect(placing: Rect(10, 10, -4, 5), pixelsPerPoint: 1).isEmpty)
        _ = PixelRect(placing: Rect(.nan, .infinity, 1, 1), pixelsPerPoint: 1)
        _ = PixelRect(placing: Rect(0, 0, .infinity, .nan), pixelsPerPoint: 1)
    }
}
