import CSDL2
import TesseraGeometry
import XCTest

@testable import TesseraCore
@testable import TesseraPhotos
@testable import TesseraSDL

final class TextureCacheRenderingTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws { folder = try RenderFixture.temporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    func testMipChainHalvesDownToSixteenAndPicksTheSmallestLevelThatCovers() throws {
        try RenderFixture.writePNG(folder + "/a.png", width: 1000, height: 800) { x, y in
            (x / 10 + y / 10) % 2 == 0 ? RenderFixture.red : RenderFixture.blue
        }
        let canvas = try OffscreenCanvas(width: 10, height: 10)
        let cache = TextureCache(renderer: canvas.renderer, photos: RenderFixture.library(folder, ["a": "a.png"]))
        let t = cache.textures(for: "a")
        XCTAssertEqual(
            t.levels.map { [$0.width, $0.height] },
            [[1000, 800], [500, 400], [250, 200], [125, 100], [62, 50], [31, 25]])
        XCTAssertEqual(t.level(covering: 83, 150).width, 250)
        XCTAssertEqual(t.level(covering: 83, 50).width, 125)
        XCTAssertEqual(t.level(covering: 2000, 2000).width, 1000)
        XCTAssertEqual(t.level(covering: 1, 1).width, 31)
        XCTAssertTrue(t.isOpaque)
        XCTAssertTrue(cache.isLoaded("a"))
        XCTAssertTrue(cache.pixelSize(of: "a")! == (1000, 800))
    }

    func testBaseLevelIsCappedButPixelSizeIsTheOriginal() throws {
        try RenderFixture.writePNG(folder + "/big.png", width: 4000, height: 1000) { _, _ in RenderFixture.green }
        let canvas = try OffscreenCanvas(width: 10, height: 10)
        let cache = TextureCache(
            renderer: canvas.renderer, photos: RenderFixture.library(folder, ["big": "big.png"]), maxDimension: 1600)
        let t = cache.textures(for: "big")
        XCTAssertEqual(t.levels[0].width, 1600)
        XCTAssertEqual(t.levels[0].height, 400)
        XCTAssertTrue(cache.pixelSize(of: "big")! == (4000, 1000))
    }

    func testTranslucentPNGIsNotOpaque() throws {
        try RenderFixture.writePNG(folder + "/t.png", width: 40, height: 40) { x, _ in
            x < 20 ? 0x80FF_0000 : RenderFixture.red
        }
        let canvas = try OffscreenCanvas(width: 10, height: 10)
        let cache = TextureCache(renderer: canvas.renderer, photos: RenderFixture.library(folder, ["t": "t.png"]))
        XCTAssertFalse(cache.textures(for: "t").isOpaque)
    }

    func testUnloadablePhotosShareOnePlaceholderAndHaveNoPixelSize() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/zero.jpg", contents: Data()))
        let canvas = try OffscreenCanvas(width: 10, height: 10)
        let cache = TextureCache(
            renderer: canvas.renderer, photos: RenderFixture.library(folder, ["zero": "zero.jpg", "gone": "gone.png"]))
        XCTAssertNil(cache.pixelSize(of: "zero"))
        XCTAssertNil(cache.pixelSize(of: "gone"))
        XCTAssertNil(cache.pixelSize(of: "unknown"))
        XCTAssertTrue(cache.textures(for: "zero") === cache.textures(for: "gone"))
        XCTAssertFalse(cache.isLoaded("zero"))
        XCTAssertEqual(cache.textures(for: "zero").levels[0].width, PlaceholderImage.side)
    }

    func testPlaceholderIsNeutralGreyWithASubtleMark() throws {
        let surface = try XCTUnwrap(PlaceholderImage.makeSurface())
        defer { SDL_FreeSurface(surface) }
        let pixels = surface.pointee.pixels!.assumingMemoryBound(to: UInt32.self)
        let stride = Int(surface.pointee.pitch) / 4
        let corner = pixels[0]
        let centreBelow = pixels[(PlaceholderImage.side / 2 + 25) * stride + PlaceholderImage.side / 2]
        XCTAssertEqual(Pixels.channels(corner).r, 229)
        XCTAssertEqual(Pixels.channels(corner).r, Pixels.channels(corner).b)
        XCTAssertLessThan(Pixels.channels(centreBelow).r, 229)  // inside a mountain
        XCTAssertGreaterThan(Pixels.channels(centreBelow).r, 180)  // but subtle
    }

    func testAtRestOnlyPhotosOnScreenOrAheadKeepTheirTextures() throws {
        var files: [String: String] = [:]
        for name in ["shown", "damaged", "opened", "thumbnail", "ahead"] {
            try RenderFixture.writePNG(folder + "/\(name).png", width: 64, height: 64) { _, _ in RenderFixture.red }
            files[name] = name + ".png"
        }
        let (canvas, renderer) = try RenderFixture.renderer(
            width: 320, height: 240, photos: RenderFixture.library(folder, files))
        func tile(_ id: PhotoID, _ frame: Rect) -> DrawCommand {
            .photo(id: id, frame: frame, radius: 0, opacity: 1, clip: nil)
        }
        // "opened" and "ahead" drawn large (decoded past the thumbnail sizes), the others as thumbnails:
        // size does not matter, only whether the screen shows the photo or the next screenful will.
        var first = DrawList()
        first.append(tile("opened", Rect(0, 0, 600, 600)))
        first.append(tile("ahead", Rect(0, 0, 600, 600)))
        for (i, id) in ["damaged", "shown", "thumbnail"].enumerated() {
            first.append(tile(PhotoID(id), Rect(Double(i) * 80, 0, 70, 70)))
        }
        renderer.render(first, background: Color(0, 0, 0))
        var next = DrawList()
        next.append(tile("damaged", Rect(0, 0, 70, 70)))
        next.append(tile("shown", Rect(80, 0, 70, 70)))
        next.prefetch("ahead", frame: Rect(0, 300, 600, 600))
        // Only the first tile is redrawn: the second stays on screen, undrawn this frame.
        renderer.render(next, background: Color(0, 0, 0), damage: Rect(0, 0, 70, 70))
        XCTAssertEqual(renderer.textures.residentCount, 5, "all kept until the rest")

        renderer.releaseUnshown()
        XCTAssertFalse(renderer.textures.isLoaded("opened"), "a large decode no longer shown")
        XCTAssertFalse(renderer.textures.isLoaded("thumbnail"), "a thumbnail no longer shown")
        XCTAssertTrue(renderer.textures.isLoaded("ahead"), "asked for ahead")
        XCTAssertTrue(renderer.textures.isLoaded("damaged"))
        XCTAssertTrue(renderer.textures.isLoaded("shown"), "on screen though outside the damage")
        withExtendedLifetime(canvas) {}
    }

    /// The renderer keeps each photo command's decode side from frame to frame (`TextureCache.side` looks
    /// the photo's size up by id): a photo replaced by one of another shape under the same command is
    /// worked out again.
    func testAPhotoReplacedUnderTheSameCommandIsWantedAtItsNewSide() throws {
        let path = folder + "/a.png"
        try RenderFixture.writePNG(path, width: 64, height: 48) { _, _ in RenderFixture.red }
        let (canvas, renderer) = try RenderFixture.renderer(
            width: 320, height: 240, photos: RenderFixture.library(folder, ["a": "a.png"]))
        var list = DrawList()
        list.append(.photo(id: "a", frame: Rect(0, 0, 200, 150), radius: 0, opacity: 1, clip: nil))
        renderer.render(list, background: Color(0, 0, 0))
        XCTAssertEqual(renderer.textures.wantedSide(of: "a"), ThumbnailSize.large.pixels, "200 wide")
        renderer.render(list, background: Color(0, 0, 0))
        XCTAssertEqual(renderer.textures.wantedSide(of: "a"), ThumbnailSize.large.pixels)

        // Portrait now: filling 200×150 takes it 267 high.
        try RenderFixture.writePNG(path, width: 48, height: 64) { _, _ in RenderFixture.red }
        renderer.textures.takeIn(PhotoChanges(replaced: [Photo(id: "a", path: path, pixelSize: Size(48, 64))]))
        renderer.render(list, background: Color(0, 0, 0))
        XCTAssertEqual(renderer.textures.wantedSide(of: "a"), ThumbnailSize.xLarge.pixels)

        withExtendedLifetime(canvas) {}
    }
}
