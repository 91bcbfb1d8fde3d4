import XCTest

@testable import TesseraRaster

/// `BilinearScale` between canvases of plain memory: a clip cuts the whole rectangle's pixels without
/// moving its samples, tiles join without a seam, and nothing is written outside. (That its pixels are
/// SDL's scaler's, bit for bit, `DirectScaleTests` in TesseraSDLTests checks against SDL.)
final class BilinearScaleTests: XCTestCase {
    private let sentinel: UInt32 = 0xFF12_3456

    override func setUpWithError() throws {
        try XCTSkipUnless(BilinearScale.isAvailable, "this CPU has no AVX2: SDL scales every photo")
    }

    func testAClipCutsTheWholeRectanglesPixelsWithoutMovingThem() {
        let source = CanvasFixture(width: 96, height: 64)
        source.fillWithNoise()
        let texels = IntRect(x: 10, y: 3, w: 70, h: 50)
        for destination in [
            PixelRect(x0: 20, y0: 30, x1: 171, y1: 137), PixelRect(x0: -40, y0: -25, x1: 360, y1: 260),
            PixelRect(x0: 5, y0: 7, x1: 40, y1: 31),
        ] {
            let whole = CanvasFixture(width: 320, height: 240, filling: sentinel)
            XCTAssertTrue(
                BilinearScale.scale(
                    texels, of: source.canvas, onto: destination, in: whole.canvas, clip: whole.canvas.bounds))
            let clip = PixelRect(x0: 50, y0: 40, x1: 140, y1: 120)
            let cut = CanvasFixture(width: 320, height: 240, filling: sentinel)
            XCTAssertTrue(BilinearScale.scale(texels, of: source.canvas, onto: destination, in: cut.canvas, clip: clip))
            let written = destination.intersection(clip)
            var wrong = 0
            for y in 0..<240 {
                for x in 0..<320 {
                    let inside = x >= written.x0 && x < written.x1 && y >= written.y0 && y < written.y1
                    let insideWhole =
                        x >= destination.x0 && x < destination.x1 && y >= destination.y0 && y < destination.y1
                    if cut[x, y] != (inside ? whole[x, y] : sentinel) { wrong += 1 }
                    if !insideWhole && whole[x, y] != sentinel { wrong += 1 }
                }
            }
            XCTAssertEqual(wrong, 0, "\(destination)")
        }
    }

    func testAConstantPictureScalesToItself() {
        let colour: UInt32 = 0xFF40_80C0
        let source = CanvasFixture(width: 7, height: 5, filling: colour)
        let target = CanvasFixture(width: 64, height: 64, filling: sentinel)
        let destination = PixelRect(x0: 3, y0: 4, x1: 60, y1: 33)
        XCTAssertTrue(
            BilinearScale.scale(
                IntRect(x: 0, y: 0, w: 7, h: 5), of: source.canvas, onto: destination, in: target.canvas,
                clip: target.canvas.bounds))
        for y in 0..<64 {
            for x in 0..<64 {
                let inside = (3..<60).contains(x) && (4..<33).contains(y)
                XCTAssertEqual(target[x, y], inside ? colour : sentinel, "\(x),\(y)")
            }
        }
    }

    /// Past `maxClip` the whole target is scaled in tiles, which join exactly as clips of one pass do.
    func testTilesJoinAsClipsOfOnePass() {
        let source = CanvasFixture(width: 40, height: 6)
        source.fillWithNoise(seed: 3)
        let texels = IntRect(x: 2, y: 1, w: 33, h: 5)
        let width = BilinearScale.maxClip + 300
        let tiled = CanvasFixture(width: width, height: 6, filling: sentinel)
        XCTAssertTrue(
            BilinearScale.scaleWhole(
                texels, of: source.canvas, onto: IntRect(x: -150, y: -2, w: width + 400, h: 11), in: tiled.canvas))
        let clipped = CanvasFixture(width: width, height: 6, filling: sentinel)
        let destination = PixelRect(x0: -150, y0: -2, x1: width + 250, y1: 9)
        for (x0, x1) in [(0, 2000), (2000, width)] {
            XCTAssertTrue(
                BilinearScale.scale(
                    texels, of: source.canvas, onto: destination, in: clipped.canvas,
                    clip: PixelRect(x0: x0, y0: 0, x1: x1, y1: 6)))
        }
        XCTAssertEqual(tiled.words, clipped.words)
        XCTAssertFalse(tiled.words.contains(sentinel), "every pixel written")
    }

    func testASourceOutsideItsPixelsOrAClipTooWideIsRefused() {
        let source = CanvasFixture(width: 16, height: 16, filling: 0xFF00_0000)
        let target = CanvasFixture(width: BilinearScale.maxClip + 8, height: 4, filling: sentinel)
        let destination = PixelRect(x0: 0, y0: 0, x1: 40, y1: 4)
        for texels in [
            IntRect(x: 8, y: 0, w: 9, h: 16), IntRect(x: -1, y: 0, w: 4, h: 4), IntRect(x: 0, y: 0, w: 0, h: 4),
        ] {
            XCTAssertFalse(
                BilinearScale.scale(texels, of: source.canvas, onto: destination, in: target.canvas, clip: destination))
        }
        XCTAssertFalse(
            BilinearScale.scale(
                IntRect(x: 0, y: 0, w: 16, h: 16), of: source.canvas,
                onto: PixelRect(x0: 0, y0: 0, x1: BilinearScale.maxClip + 8, y1: 4), in: target.canvas,
                clip: target.canvas.bounds))
        XCTAssertFalse(target.words.contains { $0 != sentinel }, "nothing written")
    }
}
