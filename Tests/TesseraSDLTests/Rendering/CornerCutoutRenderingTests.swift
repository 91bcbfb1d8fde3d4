import CSDL2
import Foundation
import TesseraGeometry
import TesseraRaster
import XCTest

@testable import TesseraCore
@testable import TesseraSDL

/// Corners without triangles (`CornerCutout`): what lies under a photo's corners is laid back over its
/// square body, cut to the arc, through SDL's renderer and in the frame's pixels (the pixel half alone:
/// `CornerSquaresTests` in TesseraRasterTests).
final class CornerCutoutRenderingTests: XCTestCase {
    /// A photo changing size every frame cuts its corners out of what is under it: the background
    /// shows outside the arc, the photo inside, and nothing outside its clip changes, though the
    /// corner squares are drawn whole — by SDL's renderer, and scaled whole into the frame's pixels.
    func testAPhotoChangingSizeShowsWhatIsUnderItsCornersAndNothingPastItsClip() throws {
        try photoChangingSize(inPlace: false)
    }

    func testAPhotoChangingSizeScaledIntoTheFrameShowsWhatIsUnderItsCornersAndNothingPastItsClip() throws {
        try photoChangingSize(inPlace: true)
    }

    /// Cut out in the frame's pixels, the corners blend as SDL's renderer blends them, to two levels (SDL
    /// shifts by 8 bits where this divides by 255, rounded), and the frame stays opaque (SDL's blend
    /// leaves the arc's edge pixels at alpha 253 or so).
    func testCornersCutInPlaceMatchThoseCutThroughTheRenderer() throws {
        let folder = try RenderFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try RenderFixture.writePNG(folder + "/a.png", width: 200, height: 100) { _, _ in 0xFF10_C010 }
        var frames: [Pixels] = []
        for inPlace in [false, true] {
            let (canvas, renderer) = try RenderFixture.renderer(
                width: 200, height: 160, photos: RenderFixture.library(folder, ["a": "a.png"]), inPlace: inPlace)
            var list = DrawList()
            list.append(.fill(Rect(0, 0, 200, 160), radius: 0, color: Color(200, 20, 20), clip: nil))
            list.append(.photo(id: "a", frame: Rect(20, 20, 121, 100), radius: 20, opacity: 1, clip: nil))
            renderer.render(list, background: Color(255, 255, 255))
            frames.append(try Pixels(canvas))
        }
        var partial = 0
        for (index, (sdl, own)) in zip(frames[0].values, frames[1].values).enumerated() {
            XCTAssertLessThanOrEqual(
                Pixels.distance(sdl, own), 2,
                "pixel \(index % 200),\(index / 200): \(Pixels.hex(sdl)) \(Pixels.hex(own))")
            XCTAssertEqual(own >> 24, 0xFF, "opaque")
            if sdl != 0xFF10_C010, sdl != 0xFFC8_1414 { partial += 1 }
        }
        XCTAssertGreaterThan(partial, 20, "the arcs' edge pixels are blends of both")
    }

    private func photoChangingSize(inPlace: Bool) throws {
        let folder = try RenderFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try RenderFixture.writePNG(folder + "/a.png", width: 200, height: 100) { _, _ in 0xFF10_C010 }
        let (canvas, renderer) = try RenderFixture.renderer(
            width: 200, height: 160, photos: RenderFixture.library(folder, ["a": "a.png"]), inPlace: inPlace)
        let under = Color(200, 20, 20)
        let background = Color(255, 255, 255)
        for step in 0..<3 {
            var list = DrawList()
            list.append(.fill(Rect(0, 0, 200, 160), radius: 0, color: under, clip: nil))
            // The clip cuts through the right-hand corners.
            list.append(
                .photo(
                    id: "a", frame: Rect(20, 20, 120 + Double(step), 100), radius: 20, opacity: 1,
                    clip: Rect(0, 0, 130, 160)))
            renderer.render(list, background: background)
            let p = try Pixels(canvas)
            XCTAssertEqual(p[21, 21], under.argb, "outside the top-left arc, step \(step)")
            XCTAssertEqual(p[60, 60], 0xFF10_C010, "inside the photo, step \(step)")
            XCTAssertEqual(p[25, 40], 0xFF10_C010, "inside the arc's square, past the curve")
            for y in 0..<160 {
                for x in 130..<200 where p[x, y] != under.argb {
                    XCTFail("\(x),\(y) past the clip is \(Pixels.hex(p[x, y])), step \(step)")
                    return
                }
            }
        }
        XCTAssertNil(renderer.textures.textures(for: "a").cornerAtlas, "a size changing every frame never bakes")
    }
}
