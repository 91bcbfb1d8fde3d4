import TesseraGeometry
import XCTest

@testable import TesseraCore

/// The visible range: which tiles a stretch of a container may show, found without looking at the
/// others, never leaving one out.
final class VisibleRangeTests: XCTestCase {
    private func offered(_ range: VisibleRange, _ low: Double, _ high: Double) -> [Int] {
        var positions: [Int] = []
        range.forEachPosition(meeting: low, high) { p in
            positions.append(p)
            return true
        }
        return positions
    }

    private func spans(of frames: [Rect]) -> [(start: Double, length: Double)] {
        frames.map { ($0.y, $0.height) }
    }

    func testAGridIsOneRunAndAScreenfulOffersOnlyItsRows() {
        let grid = AdaptiveGrid(width: 1000, minimumColumnWidth: 90, spacing: 4, rowHeight: 90)
        let frames = (0..<20000).map(grid.frame(at:))
        let range = VisibleRange(spans: spans(of: frames))
        XCTAssertEqual(range.runCount, 1)
        let shown = offered(range, 50_000, 50_700)
        let meeting = frames.indices.filter { frames[$0].minY < 50_700 && frames[$0].maxY > 50_000 }
        XCTAssertTrue(Set(meeting).isSubset(of: shown))
        XCTAssertLessThanOrEqual(shown.count, meeting.count + 2 * grid.columns, "a row either side at most")
    }

    func testASplitMasonryIsOneRunPerColumnAndABalancedOneIsOne() {
        let ratios = (0..<5000).map { 0.5 + Double($0 % 7) / 4 }
        for (distribution, runs) in [(Masonry.Distribution.split, 3), (.balanced, 1)] {
            let masonry = Masonry(
                aspectRatios: ratios, columns: 3, width: 900, padding: 5, spacing: 5, distribution: distribution)
            let range = VisibleRange(spans: spans(of: masonry.frames))
            XCTAssertEqual(range.runCount, runs, "\(distribution)")
            let shown = offered(range, 20_000, 20_800)
            let meeting = masonry.frames.indices.filter {
                masonry.frames[$0].minY < 20_800 && masonry.frames[$0].maxY > 20_000
            }
            XCTAssertTrue(Set(meeting).isSubset(of: shown), "\(distribution)")
            XCTAssertLessThan(shown.count, meeting.count + 20, "\(distribution): what shows and a few either side")
        }
    }

    func testAnyOrderOffersEveryTileThatMeetsTheStretchInAscendingOrder() {
        var random = SeededRandom(seed: 20)
        for _ in 0..<200 {
            let count = Int.random(in: 0..<60, using: &random)
            let spans = (0..<count).map { _ in
                (
                    start: Double.random(in: -500...500, using: &random),
                    length: Double.random(in: 0...300, using: &random)
                )
            }
            let range = VisibleRange(spans: spans)
            let low = Double.random(in: -600...600, using: &random)
            let high = low + Double.random(in: 0...400, using: &random)
            let shown = offered(range, low, high)
            XCTAssertEqual(shown, shown.sorted())
            XCTAssertEqual(Set(shown).count, shown.count, "each at most once")
            let meeting = spans.indices.filter { spans[$0].start <= high && spans[$0].start + spans[$0].length >= low }
            XCTAssertTrue(Set(meeting).isSubset(of: shown))
        }
    }

    func testStoppingEndsTheWalk() {
        let range = VisibleRange(spans: (0..<100).map { (Double($0) * 10, 10) })
        var seen: [Int] = []
        range.forEachPosition(meeting: 0, 1000) { p in
            seen.append(p)
            return seen.count < 3
        }
        XCTAssertEqual(seen, [0, 1, 2])
    }
}
