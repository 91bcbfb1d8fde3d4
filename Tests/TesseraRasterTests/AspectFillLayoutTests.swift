import TesseraGeometry
import XCTest

@testable import TesseraRaster

/// The crop arithmetic alone (no SDL): centred, never stretched, pieces sharing every edge.
final class AspectFillLayoutTests: XCTestCase {
    func testWideTextureInASquareCropsTheSidesEqually() {
        let l = AspectFillLayout(
            destination: PixelRect(x0: 0, y0: 0, x1: 100, y1: 100), radius: 0, textureWidth: 200, textureHeight: 100)
        XCTAssertEqual(l.us, Edges4(50, 50, 150, 150))
        XCTAssertEqual(l.vs, Edges4(0, 0, 100, 100))
    }

    func testTallTextureInAWideFrameCropsTopAndBottom() {
        // 300×600 texels into 150×100 px: scale 0.5, visible 300×200 texels centred at rows 200…400.
        let l = AspectFillLayout(
            destination: PixelRect(x0: 7, y0: 3, x1: 157, y1: 103), radius: 10, textureWidth: 300, textureHeight: 600)
        XCTAssertEqual(l.us.e0, 0)
        XCTAssertEqual(l.us.e3, 300)
        XCTAssertEqual(l.vs.e0, 200)
        XCTAssertEqual(l.vs.e3, 400)
        // Inner edges at radius 10 px = 20 texels.
        XCTAssertEqual(l.us, Edges4(0, 20, 280, 300))
        XCTAssertEqual(l.vs, Edges4(200, 220, 380, 400))
        XCTAssertEqual(l.grid.xs, Edges4(7, 17, 147, 157))
        XCTAssertEqual(l.grid.ys, Edges4(3, 13, 93, 103))
    }

    func testAspectIsPreservedForAnyFrame() {
        for (w, h) in [(83, 150), (150, 83), (1, 1), (3, 200), (640, 480), (97, 101)] {
            for (tw, th) in [(1600, 1200), (300, 300), (1000, 1500), (16, 16)] {
                // (A crop under a few texels cannot keep its aspect in whole texels; not a real case.)
                let cover = max(Double(w) / Double(tw), Double(h) / Double(th))
                guard Double(min(w, h)) / cover >= 4 else { continue }
                let l = AspectFillLayout(
                    destination: PixelRect(x0: 0, y0: 0, x1: w, y1: h), radius: 0, textureWidth: tw, textureHeight: th)
                let sw = Double(l.us.e3 - l.us.e0)
                let sh = Double(l.vs.e3 - l.vs.e0)
                XCTAssertTrue(sw <= Double(tw) && sh <= Double(th) && l.us.e0 >= 0 && l.vs.e0 >= 0)
                // Source aspect equals destination aspect within rounding (one texel on each axis).
                let texelSlack = max(1 / sw, 1 / sh) * 2
                XCTAssertEqual(
                    sw / sh, Double(w) / Double(h), accuracy: Double(w) / Double(h) * texelSlack + 1e-9,
                    "\(w)x\(h) from \(tw)x\(th)")
                // Centred: equal margins within a texel.
                XCTAssertLessThanOrEqual(abs(l.us.e0 - (tw - l.us.e3)), 1)
                XCTAssertLessThanOrEqual(abs(l.vs.e0 - (th - l.vs.e3)), 1)
            }
        }
    }

    func testRadiusIsClampedToHalfTheShortSide() {
        let l = AspectFillLayout(
            destination: PixelRect(x0: 0, y0: 0, x1: 40, y1: 21), radius: 99, textureWidth: 80, textureHeight: 42)
        XCTAssertEqual(l.radius, 10)
    }

    func testStripsAndCornersTileTheFrameExactly() {
        let d = PixelRect(x0: 10, y0: 20, x1: 93, y1: 170)
        let l = AspectFillLayout(destination: d, radius: 8, textureWidth: 200, textureHeight: 300)
        var covered = Set<Int>()
        var pieces: [IntRect] = []
        l.forEachStrip { _, dst in pieces.append(dst) }
        pieces += (0..<4).map { l.grid.cornerSquare($0) }
        for p in pieces {
            for y in p.y..<(p.y + p.h) {
                for x in p.x..<(p.x + p.w) {
                    XCTAssertTrue(covered.insert(y * 1000 + x).inserted, "overlap at \(x),\(y)")
                }
            }
        }
        XCTAssertEqual(covered.count, d.width * d.height)
    }

    func testNeighbouringPiecesShareTexelEdges() {
        let l = AspectFillLayout(
            destination: PixelRect(x0: 0, y0: 0, x1: 83, y1: 150), radius: 8, textureWidth: 150, textureHeight: 150)
        var sources: [IntRect] = []
        l.forEachStrip { src, _ in sources.append(src) }
        let (top, middle, bottom) = (sources[0], sources[1], sources[2])
        XCTAssertEqual(top.y + top.h, middle.y)
        XCTAssertEqual(middle.y + middle.h, bottom.y)
        XCTAssertEqual(l.cornerSource(0).x + l.cornerSource(0).w, top.x)
        XCTAssertEqual(l.cornerSource(1).x, top.x + top.w)
        XCTAssertEqual(l.cornerSource(0).y + l.cornerSource(0).h, middle.y)
        XCTAssertEqual(l.cornerSource(3).y, middle.y + middle.h)
    }

    func testExtremeUpscalingStillGivesEveryStripASource() {
        let l = AspectFillLayout(
            destination: PixelRect(x0: 0, y0: 0, x1: 400, y1: 400), radius: 8, textureWidth: 4, textureHeight: 4)
        var count = 0
        l.forEachStrip { src, _ in
            XCTAssertGreaterThan(src.w, 0)
            XCTAssertGreaterThan(src.h, 0)
            count += 1
        }
        XCTAssertEqual(count, 3)
    }

    func testPixelSnappingKeepsSharedEdgesAndRoundsClipsOutward() {
        let a = PixelRect(snapping: Rect(10.37, 0, 83.3, 10), pixelsPerPoint: 1)
        let b = PixelRect(snapping: Rect(10.37 + 83.3, 0, 20, 10), pixelsPerPoint: 1)
        XCTAssertEqual(a.x1, b.x0)
        XCTAssertEqual(a, PixelRect(x0: 10, y0: 0, x1: 94, y1: 10))
        XCTAssertEqual(
            PixelRect(enclosing: Rect(10.2, 5.9, 20.1, 0.2), pixelsPerPoint: 2),
            PixelRect(x0: 20, y0: 11, x1: 61, y1: 13))
        XCTAssertEqual(
            PixelRect(snapping: Rect(-0.5, -1.5, 1, 1), pixelsPerPoint: 1), PixelRect(x0: 0, y0: -1, x1: 1, y1: 0))
        // Non-finite input does not trap.
        _ = PixelRect(snapping: Rect(.nan, .infinity, 1, 1), pixelsPerPoint: 1)
    }
}
