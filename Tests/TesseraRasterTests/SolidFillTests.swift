import XCTest

@testable import TesseraRaster

/// Opaque rectangles written into a canvas (`SolidFill`): whole cache lines handed to the streaming
/// fill, the ragged edges stored, together exactly the rectangle.
final class SolidFillTests: XCTestCase {
    private let white: UInt32 = 0xFFFF_FFFF
    private let red: UInt32 = 0xFFC8_1414

    func testColumnsAreCutWhereCacheLinesBeginAndEnd() throws {
        let cut = try XCTUnwrap(SolidFill.lines(of: PixelRect(x0: 5, y0: 7, x1: 65, y1: 10)))
        XCTAssertEqual(cut.lines, PixelRect(x0: 16, y0: 7, x1: 64, y1: 10))
        XCTAssertEqual(cut.left, PixelRect(x0: 5, y0: 7, x1: 16, y1: 10))
        XCTAssertEqual(cut.right, PixelRect(x0: 64, y0: 7, x1: 65, y1: 10))
        let aligned = try XCTUnwrap(SolidFill.lines(of: PixelRect(x0: 32, y0: 0, x1: 64, y1: 1)))
        XCTAssertEqual(aligned.lines, PixelRect(x0: 32, y0: 0, x1: 64, y1: 1))
        XCTAssertNil(aligned.left)
        XCTAssertNil(aligned.right)
        XCTAssertNil(SolidFill.lines(of: PixelRect(x0: 17, y0: 0, x1: 47, y1: 4)), "no whole line from 17 to 47")
    }

    func testACanvasKnowsWhetherItsRowsStartOnCacheLines() {
        XCTAssertTrue(CanvasFixture(width: 64, height: 2).canvas.rowsStartOnCacheLines)
        XCTAssertFalse(CanvasFixture(width: 60, height: 2).canvas.rowsStartOnCacheLines, "a pitch off the lines")
        XCTAssertFalse(CanvasFixture(width: 64, height: 2, offset: 4).canvas.rowsStartOnCacheLines)
    }

    /// Whatever the alignment, the stores and the streamed lines (here written by the test, as SDL's fill
    /// would) cover exactly the rectangle, cut to the canvas; lines are streamed only when the rows
    /// start on them, and rows from `wideRow` on whole.
    func testEveryRectangleIsFilledExactlyWhateverItsAlignment() {
        for onLines in [false, true] {
            for rect in [
                PixelRect(x0: 5, y0: 7, x1: 65, y1: 10), PixelRect(x0: 17, y0: 0, x1: 47, y1: 4),
                PixelRect(x0: 32, y0: 3, x1: 64, y1: 4), PixelRect(x0: 0, y0: 0, x1: 1, y1: 1),
                PixelRect(x0: -9, y0: -3, x1: 40, y1: 5), PixelRect(x0: 70, y0: 20, x1: 900, y1: 30),
                PixelRect(x0: -100, y0: 30, x1: 800, y1: 31),
            ] {
                let fixture = CanvasFixture(width: 96, height: 40, filling: white)
                var streamed: [PixelRect] = []
                SolidFill.fill(rect, with: red, on: fixture.canvas, onLines: onLines) { lines in
                    streamed.append(lines)
                    SolidFill.store(red, in: lines, on: fixture.canvas)
                }
                let inside = rect.intersection(fixture.canvas.bounds)
                for y in 0..<40 {
                    for x in 0..<96 {
                        let want = (inside.x0..<inside.x1).contains(x) && (inside.y0..<inside.y1).contains(y)
                        XCTAssertEqual(fixture[x, y], want ? red : white, "\(rect) at \(x),\(y), lines \(onLines)")
                    }
                }
                for lines in streamed {
                    XCTAssertEqual(lines.intersection(fixture.canvas.bounds), lines, "streamed inside the canvas")
                    if rect.width < SolidFill.wideRow {
                        XCTAssertTrue(onLines)
                        XCTAssertEqual(lines.x0 % SolidFill.lineWidth, 0)
                        XCTAssertEqual(lines.x1 % SolidFill.lineWidth, 0)
                    }
                }
                if !onLines && rect.width < SolidFill.wideRow { XCTAssertEqual(streamed, [], "\(rect)") }
                if rect.width >= SolidFill.wideRow { XCTAssertEqual(streamed, [inside], "\(rect) streamed whole") }
            }
        }
    }

    /// The stores keep to the rectangle's rows when the pitch holds more than the width.
    func testStoresLeaveAPitchsPaddingAlone() {
        let padding: UInt32 = 0x1234_5678
        let fixture = CanvasFixture(width: 8, height: 3, pitch: 48, filling: white)
        for y in 0..<3 { (fixture.canvas.row(y) + 8).update(repeating: padding, count: 4) }
        SolidFill.store(red, in: PixelRect(x0: -5, y0: -5, x1: 50, y1: 50), on: fixture.canvas)
        XCTAssertEqual(fixture.words, [UInt32](repeating: red, count: 24))
        for y in 0..<3 {
            XCTAssertEqual(
                Array(UnsafeBufferPointer(start: fixture.canvas.row(y) + 8, count: 4)),
                [padding, padding, padding, padding])
        }
    }
}
