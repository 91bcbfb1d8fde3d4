import CSDL2
import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraCore
@testable import TesseraSDL

/// Baked corners (`CornerAtlas`): a photo drawn at the same size twice in a row has its corners
/// baked, and from then on they look as the directly drawn ones do, up to SDL's blend rounding.
final class CornerAtlasRenderingTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = try RenderFixture.temporaryFolder()
        try RenderFixture.writePNG(folder + "/a.png", width: 200, height: 100, color: RenderFixture.bandedQuadrants)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private let background = Color(40, 60, 200)

    /// Renders `list` three times (direct, baked, from the atlas) and returns each frame's pixels.
    private func threeFrames(_ list: DrawList) throws -> ([Pixels], DrawListRenderer) {
        let (canvas, renderer) = try RenderFixture.renderer(
            width: 240, height: 200, photos: RenderFixture.library(folder, ["a": "a.png"]))
        var frames: [Pixels] = []
        for _ in 0..<3 {
            renderer.render(list, background: background)
            frames.append(try Pixels(canvas))
        }
        return (frames, renderer)
    }

    private func largestDifference(_ a: Pixels, _ b: Pixels) -> Int {
        zip(a.values, b.values).map { Pixels.distance($0, $1) }.max() ?? 0
    }

    func testBakedCornersMatchTheDirectOnesAtAnyOpacity() throws {
        for opacity in [1.0, 0.5] {
            var list = DrawList()
            list.append(.photo(id: "a", frame: Rect(20.4, 30.6, 150, 120), radius: 18, opacity: opacity, clip: nil))
            let (frames, renderer) = try threeFrames(list)
            XCTAssertNotNil(renderer.textures.textures(for: "a").cornerAtlas, "baked on the second frame")
            XCTAssertLessThanOrEqual(largestDifference(frames[0], frames[1]), 2, "opacity \(opacity)")
            XCTAssertLessThanOrEqual(largestDifference(frames[0], frames[2]), 2, "opacity \(opacity)")
            // Outside the arc the background shows; inside, the photo.
            XCTAssertTrue(frames[2].isClose(x: 21, y: 31, to: background.argb, tolerance: 2))
            XCTAssertFalse(frames[2].isClose(x: 30, y: 40, to: background.argb, tolerance: 40))
        }
    }

    /// Baking switches render targets, which resets the clip; the command's clip must be set again.
    /// (Drawing into a target texture: SDL restores a window's or canvas's own clip by itself.)
    func testTheClipStillCutsCornersDrawnAfterABake() throws {
        var list = DrawList()
        // The clip cuts through both right-hand corners; a second photo follows with another clip.
        list.append(.photo(id: "a", frame: Rect(20, 20, 150, 120), radius: 24, opacity: 1, clip: Rect(0, 0, 160, 200)))
        list.append(.photo(id: "a", frame: Rect(20, 150, 150, 40), radius: 0, opacity: 1, clip: Rect(0, 0, 60, 200)))
        let (canvas, renderer) = try RenderFixture.renderer(
            width: 240, height: 200, photos: RenderFixture.library(folder, ["a": "a.png"]))
        let target = try XCTUnwrap(
            SDL_CreateTexture(
                canvas.renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), 240, 200))
        defer { SDL_DestroyTexture(target) }
        XCTAssertEqual(SDL_SetRenderTarget(canvas.renderer, target), 0)
        var frames: [[UInt32]] = []
        for _ in 0..<3 {
            renderer.render(list, background: background)
            var pixels = [UInt32](repeating: 0, count: 240 * 200)
            let rc = pixels.withUnsafeMutableBytes {
                SDL_RenderReadPixels(canvas.renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, $0.baseAddress, 240 * 4)
            }
            XCTAssertEqual(rc, 0)
            frames.append(pixels)
        }
        XCTAssertNotNil(renderer.textures.textures(for: "a").cornerAtlas)
        for frame in frames.dropFirst() {  // the frame that bakes, and the one after
            let differences = zip(frames[0], frame).map { Pixels.distance($0, $1) }
            XCTAssertLessThanOrEqual(differences.max() ?? 0, 2)
            XCTAssertEqual(Pixels.distance(frame[80 * 240 + 165], background.argb), 0, "clipped away")
            XCTAssertEqual(Pixels.distance(frame[25 * 240 + 165], background.argb), 0, "the corner too")
        }
    }

    func testATileChangingSizeEveryFrameNeverBakes() throws {
        let (canvas, renderer) = try RenderFixture.renderer(
            width: 240, height: 200, photos: RenderFixture.library(folder, ["a": "a.png"]))
        for step in 0..<6 {
            var list = DrawList()
            list.append(
                .photo(id: "a", frame: Rect(10, 10, 100 + Double(step) * 7, 90), radius: 12, opacity: 1, clip: nil))
            renderer.render(list, background: background)
        }
        _ = try canvas.readPixels()
        XCTAssertNil(renderer.textures.textures(for: "a").cornerAtlas)
    }
}
