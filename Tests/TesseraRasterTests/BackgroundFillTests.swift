import XCTest

@testable import TesseraRaster

/// A damaged part's background less the opaque photos over it: disjoint rectangles covering exactly
/// what no photo covers.
final class BackgroundFillTests: XCTestCase {
    private func uncovered(_ part: PixelRect, _ occluders: [PixelRect]) -> [PixelRect] {
        var fill = BackgroundFill()
        fill.reset()
        for rect in occluders { fill.cover(rect) }
        fill.uncovered(in: part)
        return fill.rects
    }

    /// Every pixel of `part` is in exactly one rectangle or under an occluder, never both.
    private func assertExact(_ part: PixelRect, _ occluders: [PixelRect], line: UInt = #line) {
        let rects = uncovered(part, occluders)
        for y in part.y0..<part.y1 {
            for x in part.x0..<part.x1 {
                let filled = rects.filter { x >= $0.x0 && x < $0.x1 && y >= $0.y0 && y < $0.y1 }.count
                let covered = occluders.contains { x >= $0.x0 && x < $0.x1 && y >= $0.y0 && y < $0.y1 }
                guard filled == (covered ? 0 : 1) else {
                    return XCTFail("pixel (\(x), \(y)): filled \(filled) times, covered \(covered)", line: line)
                }
            }
        }
        for rect in rects where rect.intersection(part) != rect {
            return XCTFail("\(rect) reaches outside the part", line: line)
        }
    }

    func testNothingCoveredFillsThePart() {
        let part = PixelRect(x0: 10, y0: 20, x1: 110, y1: 80)
        XCTAssertEqual(uncovered(part, []), [part])
        XCTAssertEqual(uncovered(part, [PixelRect(x0: 200, y0: 0, x1: 300, y1: 50)]), [part], "an occluder outside")
    }

    func testAWhollyCoveredPartFillsNothing() {
        let part = PixelRect(x0: 10, y0: 20, x1: 110, y1: 80)
        XCTAssertEqual(uncovered(part, [PixelRect(x0: 0, y0: 0, x1: 200, y1: 200)]), [])
    }

    func testAGridOfRoundedTilesLeavesItsGapsAndCorners() {
        // Two rows of three tiles, 80×100 with 10-pixel corners, 12 pixels apart: each tile covers its
        // body strips (top, middle, bottom) as `drawPhoto` blits them.
        var occluders: [PixelRect] = []
        for row in 0..<2 {
            for column in 0..<3 {
                let x = 16 + column * 92
                let y = 60 + row * 112
                occluders.append(PixelRect(x0: x + 10, y0: y, x1: x + 70, y1: y + 10))
                occluders.append(PixelRect(x0: x, y0: y + 10, x1: x + 80, y1: y + 90))
                occluders.append(PixelRect(x0: x + 10, y0: y + 90, x1: x + 70, y1: y + 100))
            }
        }
        let part = PixelRect(x0: 0, y0: 40, x1: 320, y1: 300)
        assertExact(part, occluders)
        let rects = uncovered(part, occluders)
        let filled = rects.reduce(0) { $0 + $1.width * $1.height }
        XCTAssertLessThan(filled, part.width * part.height / 2, "most of the part is under photos")
        // A column of gaps between tiles, the same edges band after band, is one rectangle.
        XCTAssertLessThan(rects.count, 60, "bands continuing each other merge")
    }

    func testOverlappingAndPartlyOutsideOccluders() {
        let part = PixelRect(x0: 0, y0: 0, x1: 64, y1: 48)
        assertExact(
            part,
            [
                PixelRect(x0: -10, y0: 5, x1: 20, y1: 30), PixelRect(x0: 15, y0: 10, x1: 40, y1: 60),
                PixelRect(x0: 30, y0: 0, x1: 35, y1: 48), PixelRect(x0: 50, y0: 40, x1: 80, y1: 44),
            ])
    }

    func testRandomLayoutsAreExact() {
        var seed: UInt32 = 12_345
        func next(_ n: Int) -> Int {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return Int(seed >> 8) % n
        }
        for _ in 0..<40 {
            let part = PixelRect(x0: next(20), y0: next(20), x1: 30 + next(40), y1: 30 + next(40))
            let occluders = (0..<next(8)).map { _ in
                let x = next(70) - 5
                let y = next(70) - 5
                return PixelRect(x0: x, y0: y, x1: x + 1 + next(30), y1: y + 1 + next(30))
            }
            assertExact(part, occluders)
        }
    }
}
