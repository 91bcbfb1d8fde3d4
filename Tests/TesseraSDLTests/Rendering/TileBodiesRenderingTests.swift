import CSDL2
import Foundation
import TesseraGeometry
import TesseraRaster
import XCTest

@testable import TesseraCore
@testable import TesseraSDL

/// Bodies scaled to their drawn size (`TileBodies`): a photo drawn at the same size twice in a row is
/// copied 1:1 from then on, and looks exactly as the directly scaled one, wherever it moves.
final class TileBodiesRenderingTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = try RenderFixture.temporaryFolder()
        try RenderFixture.writeNoisePNG(folder + "/a.png", width: 300, height: 220, seed: 7)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private let background = Color(40, 60, 200)

    private func renderer() throws -> (OffscreenCanvas, DrawListRenderer) {
        try RenderFixture.renderer(width: 320, height: 240, photos: RenderFixture.library(folder, ["a": "a.png"]))
    }

    private func photo(at frame: Rect, clip: Rect? = nil) -> DrawList {
        var list = DrawList()
        list.append(.photo(id: "a", frame: frame, radius: 10, opacity: 1, clip: clip))
        return list
    }

    /// Fails at the first pixel where `a` and `b` differ, outside the corner squares of the tiles at
    /// `frames` (corners are baked or drawn directly, `CornerAtlas`, which may differ by a level).
    private func assertSame(
        _ a: [UInt32], _ b: [UInt32], outsideCornersOf frames: [Rect], _ message: String, line: UInt = #line
    ) {
        let corners = frames.flatMap { frame -> [PixelRect] in
            let d = PixelRect(placing: frame, pixelsPerPoint: 1)
            return [
                PixelRect(x0: d.x0, y0: d.y0, x1: d.x0 + 10, y1: d.y0 + 10),
                PixelRect(x0: d.x1 - 10, y0: d.y0, x1: d.x1, y1: d.y0 + 10),
                PixelRect(x0: d.x0, y0: d.y1 - 10, x1: d.x0 + 10, y1: d.y1),
                PixelRect(x0: d.x1 - 10, y0: d.y1 - 10, x1: d.x1, y1: d.y1),
            ]
        }
        for i in a.indices where a[i] != b[i] {
            let (x, y) = (i % 320, i / 320)
            if corners.contains(where: { x >= $0.x0 && x < $0.x1 && y >= $0.y0 && y < $0.y1 }) { continue }
            return XCTFail(
                "\(message): pixel (\(x), \(y)) \(String(a[i], radix: 16)) vs \(String(b[i], radix: 16))", line: line)
        }
    }

    func testABodyGivesTheDirectlyScaledPixelsWhereverTheTileMoves() throws {
        let (canvas, renderer) = try renderer()
        let start = Rect(10.4, 20.2, 137, 101)
        renderer.render(photo(at: start), background: background)
        let direct = try canvas.readPixels()
        renderer.render(photo(at: start), background: background)
        XCTAssertEqual(renderer.bodies.count, 1, "made on the second frame at that size")
        assertSame(try canvas.readPixels(), direct, outsideCornersOf: [start], "the frame that makes it")
        renderer.render(photo(at: start), background: background)
        assertSame(try canvas.readPixels(), direct, outsideCornersOf: [start], "copied from it")

        // Slid by whole and partial points: a fresh renderer scaling directly draws the same.
        for moved in [Rect(60, 90, 137, 101), Rect(131.7, 3.2, 137, 101)] {
            renderer.render(photo(at: moved), background: background)
            let (fresh, direct) = try self.renderer()
            direct.render(photo(at: moved), background: background)
            assertSame(try canvas.readPixels(), try fresh.readPixels(), outsideCornersOf: [moved], "at \(moved)")
            XCTAssertEqual(direct.bodies.count, 0)
            withExtendedLifetime(fresh) {}
        }
        XCTAssertEqual(renderer.bodies.count, 1, "one size, one body")
    }

    func testATileItsClipCutsShowsWhatTheWholeTileHasThere() throws {
        // The whole tile, scaled directly by a fresh renderer, and the same tile under a clip that cuts
        // it (a viewport's edge) once its body is made: inside the clip the same pixels, outside none.
        let frame = Rect(10.4, 20.2, 137, 101)
        let clip = Rect(0, 0, 100.5, 240)
        let (whole, direct) = try renderer()
        direct.render(photo(at: frame), background: background)
        let expected = try whole.readPixels()
        XCTAssertEqual(direct.bodies.count, 0)

        let (canvas, renderer) = try renderer()
        for _ in 0..<3 { renderer.render(photo(at: frame, clip: clip), background: background) }
        XCTAssertEqual(renderer.bodies.count, 1, "a cut tile is copied from its body")
        let got = try canvas.readPixels()
        let bg = expected[230 * 320 + 300]
        for y in 0..<240 {
            for x in 0..<320 where !inCorner(x, y, of: frame) {
                let i = y * 320 + x
                if x < 101 {
                    if got[i] != expected[i] {
                        return XCTFail("(\(x), \(y)) inside the clip: \(String(got[i], radix: 16)) vs the whole tile's")
                    }
                } else if got[i] != bg {
                    return XCTFail("(\(x), \(y)) outside the clip: \(String(got[i], radix: 16))")
                }
            }
        }
    }

    func testATileChangingSizeIsScaledDirectly() throws {
        let (canvas, renderer) = try renderer()
        defer { withExtendedLifetime(canvas) {} }
        for step in 0..<4 {
            renderer.render(photo(at: Rect(10, 10, 120 + Double(step) * 3, 101)), background: background)
        }
        XCTAssertEqual(renderer.bodies.count, 0, "a new size every frame")
    }

    /// True inside one of the corner squares (radius 10) of `frame` placed in pixels, as a photo is.
    private func inCorner(_ x: Int, _ y: Int, of frame: Rect) -> Bool {
        let d = PixelRect(placing: frame, pixelsPerPoint: 1)
        let left = x >= d.x0 && x < d.x0 + 10
        let right = x >= d.x1 - 10 && x < d.x1
        let top = y >= d.y0 && y < d.y0 + 10
        let bottom = y >= d.y1 - 10 && y < d.y1
        return (left || right) && (top || bottom)
    }

    func testADamageRedrawCopiesThePartItNeeds() throws {
        let (canvas, renderer) = try renderer()
        let list = photo(at: Rect(30, 30, 200, 150))
        for _ in 0..<3 { renderer.render(list, background: background) }
        let whole = try canvas.readPixels()
        // Spoil a band across the photo, then redraw only that band.
        var band = SDL_Rect(x: 0, y: 90, w: 320, h: 20)
        SDL_SetRenderDrawColor(canvas.renderer, 255, 0, 0, 255)
        SDL_RenderFillRect(canvas.renderer, &band)
        renderer.render(list, background: background, damage: Rect(0, 90, 320, 20))
        assertSame(try canvas.readPixels(), whole, outsideCornersOf: [], "the band")
    }

    func testABodyGoesWithItsPhotosTexturesAndOnlyThen() throws {
        let (canvas, renderer) = try renderer()
        let list = photo(at: Rect(30, 30, 200, 150))
        for _ in 0..<2 { renderer.render(list, background: background) }
        XCTAssertEqual(renderer.bodies.count, 1, "drawn twice at one size: a body")
        renderer.releaseUnshown()
        XCTAssertEqual(renderer.bodies.count, 1, "its photo was in the last frame: both stay")
        renderer.render(DrawList(), background: background)
        renderer.releaseUnshown()
        XCTAssertEqual(renderer.bodies.count, 0, "its photo's textures were released: the body went with them")
        XCTAssertEqual(renderer.bodies.bytes, 0)
        withExtendedLifetime(canvas) {}
    }

    func testBodiesBeyondTheCapacityGoLeastRecentlyDrawnFirst() throws {
        let canvas = try OffscreenCanvas(width: 320, height: 240)
        let fonts = try FontSet()
        let renderer = DrawListRenderer(
            renderer: canvas.renderer, photos: RenderFixture.library(folder, ["a": "a.png"]), fonts: fonts,
            bodyBytes: 100 * 100 * 4 + 1)
        for side in [100.0, 90.0] {
            for _ in 0..<2 { renderer.render(photo(at: Rect(10, 10, side, side)), background: background) }
        }
        XCTAssertEqual(renderer.bodies.count, 1, "the 100×100 one went")
        XCTAssertLessThanOrEqual(renderer.bodies.bytes, 100 * 100 * 4)
        withExtendedLifetime(canvas) {}
    }
}
