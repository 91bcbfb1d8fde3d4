import XCTest

@testable import TesseraRaster

/// The corner squares saved from under a shape and blended back over it (`CornerSquares`), in a
/// canvas: what was under shows outside the arc, the shape inside, and nothing outside what shows
/// changes.
final class CornerSquaresTests: XCTestCase {
    private let under: UInt32 = 0xFFC8_1414
    private let shape: UInt32 = 0xFF10_C010

    /// A `radius`-rounded shape over `frame`, drawn square into a canvas of `under` between `save` and
    /// `restore`: cut to what shows, or over the whole frame when `unclipped` (the corner squares may be
    /// drawn past what shows).
    private func cutShape(
        _ frame: PixelRect, radius r: Int, visible: PixelRect, canvasWidth: Int = 120, unclipped: Bool = false
    ) throws -> CanvasFixture {
        let fixture = CanvasFixture(width: canvasWidth, height: 100, filling: under)
        let grid = RoundedRectGrid(destination: frame, radius: r)
        var squares = CornerSquares()
        squares.prepare(radius: grid.radius)
        XCTAssertTrue(
            squares.save(
                radius: grid.radius, visible: visible, bounds: fixture.canvas.bounds, squares: grid.cornerSquare,
                from: fixture.canvas))
        // The shape drawn square, cut only by what shows.
        let body = unclipped ? frame : frame.intersection(visible)
        for y in body.y0..<body.y1 { (fixture.canvas.row(y) + body.x0).update(repeating: shape, count: body.width) }
        squares.restore(into: fixture.canvas)
        return fixture
    }

    func testWhatWasUnderShowsOutsideTheArcAndTheShapeInside() throws {
        let frame = PixelRect(x0: 10, y0: 10, x1: 90, y1: 70)
        let p = try cutShape(frame, radius: 16, visible: PixelRect(x0: 0, y0: 0, x1: 120, y1: 100))
        XCTAssertEqual(p[10, 10], under, "the outer corner")
        XCTAssertEqual(p[89, 69], under)
        XCTAssertEqual(p[50, 40], shape, "the middle")
        XCTAssertEqual(p[14, 30], shape, "inside the arc's square, past the curve")
        XCTAssertEqual(p[9, 40], under, "left of the shape")
        // A pixel on the arc is a blend of both, opaque.
        let arc = CornerCoverage(radius: 16)
        let partial = (0..<16).first { arc.at(0, $0, $0) > 40 && arc.at(0, $0, $0) < 215 }!
        let mixed = p[10 + partial, 10 + partial]
        XCTAssertNotEqual(mixed, under)
        XCTAssertNotEqual(mixed, shape)
        XCTAssertEqual(mixed >> 24, 0xFF)
    }

    /// The corner squares are drawn whole; outside what shows they come back exactly as they were.
    func testNothingPastWhatShowsChanges() throws {
        let frame = PixelRect(x0: 20, y0: 20, x1: 141, y1: 80)
        let visible = PixelRect(x0: 0, y0: 0, x1: 130, y1: 100)
        let p = try cutShape(frame, radius: 20, visible: visible, canvasWidth: 160)
        for y in 0..<100 {
            for x in 130..<160 where p[x, y] != under {
                return XCTFail("\(x),\(y) past what shows is \(String(p[x, y], radix: 16))")
            }
        }
        XCTAssertEqual(p[21, 21], under)
        XCTAssertEqual(p[60, 50], shape)
    }

    /// What shows begins inside the top-left corner's square and ends inside the bottom-right one's:
    /// inside it every corner pixel is what the whole shape gives there, and outside it the shape, drawn
    /// there too (the corner squares are drawn unclipped), leaves nothing of itself.
    func testWhatShowsCutsThroughTheCornerSquaresAsTheWholeShapeDoes() throws {
        let frame = PixelRect(x0: 10, y0: 10, x1: 90, y1: 70)
        let everything = PixelRect(x0: 0, y0: 0, x1: 120, y1: 100)
        let visible = PixelRect(x0: 17, y0: 13, x1: 85, y1: 62)
        let whole = try cutShape(frame, radius: 16, visible: everything)
        let cut = try cutShape(frame, radius: 16, visible: visible, unclipped: true)
        let squares = RoundedRectGrid(destination: frame, radius: 16)
        for index in 0..<4 {
            let square = squares.cornerSquare(index)
            for y in square.y..<(square.y + square.h) {
                for x in square.x..<(square.x + square.w) {
                    let shows = x >= visible.x0 && x < visible.x1 && y >= visible.y0 && y < visible.y1
                    // Past what shows, what the shape was drawn over comes back exactly.
                    let expected = shows ? whole[x, y] : under
                    guard cut[x, y] == expected else {
                        let (got, wanted) = (String(cut[x, y], radix: 16), String(expected, radix: 16))
                        return XCTFail("\(x),\(y) is \(got), not \(wanted)")
                    }
                }
            }
        }
    }

    /// With nothing drawn between, blending back gives what was there, bit for bit.
    func testSavingAndRestoringAloneChangesNothing() {
        let fixture = CanvasFixture(width: 64, height: 64)
        fixture.fillWithNoise()
        let before = fixture.words
        let grid = RoundedRectGrid(destination: PixelRect(x0: -5, y0: 3, x1: 50, y1: 70), radius: 12)
        var squares = CornerSquares()
        squares.prepare(radius: 12)
        XCTAssertTrue(
            squares.save(
                radius: 12, visible: fixture.canvas.bounds, bounds: fixture.canvas.bounds, squares: grid.cornerSquare,
                from: fixture.canvas))
        XCTAssertEqual(squares.saved.count, 4)
        squares.restore(into: fixture.canvas)
        XCTAssertEqual(fixture.words, before)
    }

    /// A failed read saves nothing.
    func testAFailedReadSavesNothing() {
        let grid = RoundedRectGrid(destination: PixelRect(x0: 0, y0: 0, x1: 40, y1: 40), radius: 8)
        var squares = CornerSquares()
        squares.prepare(radius: 8)
        var reads = 0
        let bounds = PixelRect(x0: 0, y0: 0, x1: 40, y1: 40)
        XCTAssertFalse(
            squares.save(radius: 8, visible: bounds, bounds: bounds, squares: grid.cornerSquare) { _, _, _ in
                reads += 1
                return reads < 3
            })
        XCTAssertEqual(squares.saved.count, 0)
    }

    func testBlendRoundsAsSDLsBlendModeAndKeepsTheDestinationsAlpha() {
        XCTAssertEqual(CornerSquares.blend(0x80FF_0000, over: 0xFF00_00FF), 0xFF80_007F)
        XCTAssertEqual(CornerSquares.blend(0xFF12_3456, over: 0x0000_0000), 0x0012_3456)
        XCTAssertEqual(CornerSquares.blend(0x0012_3456, over: 0xFFAB_CDEF), 0xFFAB_CDEF)
    }
}
