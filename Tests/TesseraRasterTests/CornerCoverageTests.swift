import XCTest

@testable import TesseraRaster

/// The arc's coverage of a rounded corner's square (`CornerCoverage`): a quarter disc's area, mirrored
/// onto each corner, and a baked atlas cut to it.
final class CornerCoverageTests: XCTestCase {
    func testCoverageIsTheQuarterDiscMirroredOntoEachCorner() {
        for r in [3, 8, 24] {
            let arc = CornerCoverage(radius: r)
            let area = (0..<r).reduce(0.0) { sum, y in
                sum + (0..<r).reduce(0.0) { $0 + Double(arc.at(0, $1, y)) / 255 }
            }
            XCTAssertEqual(area, Double.pi * Double(r * r) / 4, accuracy: Double(r * r) * 0.01, "r = \(r)")
            // The outer corner is outside the arc (a small radius's arc still reaches into it), the inner
            // one inside.
            XCTAssertEqual(arc.at(0, 0, 0), r >= 8 ? 0 : 4)
            XCTAssertEqual(arc.at(0, r - 1, r - 1), 255)
            for y in 0..<r {
                for x in 0..<r {
                    XCTAssertEqual(arc.at(1, x, y), arc.at(0, r - 1 - x, y))
                    XCTAssertEqual(arc.at(2, x, y), arc.at(0, r - 1 - x, r - 1 - y))
                    XCTAssertEqual(arc.at(3, x, y), arc.at(0, x, r - 1 - y))
                }
            }
        }
    }

    /// A 2r×2r atlas keeps its colours and takes each corner's coverage as alpha, at its slot.
    func testAnAtlasTakesTheCoverageAsAlphaAndKeepsItsColours() {
        let r = 6
        let arc = CornerCoverage(radius: r)
        var pixels = (0..<(4 * r * r)).map { UInt32($0) * 0x0001_0203 & 0x00FF_FFFF | 0x7700_0000 }
        let before = pixels
        arc.cutAtlas(&pixels)
        for index in 0..<4 {
            let slot = CornerSquares.slot(index, radius: r)
            for y in 0..<r {
                for x in 0..<r {
                    let i = (slot.y + y) * 2 * r + slot.x + x
                    XCTAssertEqual(pixels[i] >> 24, UInt32(arc.at(index, x, y)), "corner \(index) at \(x),\(y)")
                    XCTAssertEqual(pixels[i] & 0x00FF_FFFF, before[i] & 0x00FF_FFFF)
                }
            }
        }
    }

    /// The alphas `CornerSquares` gives what it saves are one minus the coverage, corner by corner, in
    /// the atlas's layout, and nothing else.
    func testOutsideAlphasAreOneMinusTheCoverageInTheAtlasLayout() {
        let r = 7
        let coverage = CornerCoverage(radius: r)
        XCTAssertEqual(coverage.outsideAlphas.count, 4 * r * r)
        for index in 0..<4 {
            let slot = CornerSquares.slot(index, radius: r)
            for y in 0..<r {
                for x in 0..<r {
                    let word = coverage.outsideAlphas[(slot.y + y) * 2 * r + slot.x + x]
                    XCTAssertEqual(word, UInt32(255 - coverage.at(index, x, y)) << 24, "corner \(index) at \(x),\(y)")
                }
            }
        }
        XCTAssertEqual(coverage.outsideAlphas[0], 0xFF00_0000, "the outer corner is outside the arc")
    }
}
