import CSDL2
import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraPhotos
@testable import TesseraSDL

/// `DecodeScheduler`: a frame that asks what the last one asked, every photo decoded, is answered
/// without looking again — and anything that may change the answer makes it look again.
final class DecodeSchedulerTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws { folder = try RenderFixture.temporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func writePNG(_ name: String) throws -> String {
        let path = folder + "/\(name).png"
        try RenderFixture.writePNG(path, width: 64, height: 48) { _, _ in RenderFixture.red }
        return path
    }

    func testAPhotoDroppedSinceTheLastFrameIsAskedForAgain() throws {
        for name in ["a", "b"] { _ = try writePNG(name) }
        let canvas = try OffscreenCanvas(width: 10, height: 10)
        let cache = TextureCache(
            renderer: canvas.renderer, photos: RenderFixture.library(folder, ["a": "a.png", "b": "b.png"]),
            capacity: 1)
        cache.waitsForPhotos = false
        cache.prepare([("a", 256)], ahead: [], waiting: true)
        _ = cache.textures(for: "a")
        XCTAssertTrue(cache.decoder.isIdle)
        // The same question again: nothing to decode, nothing asked.
        cache.prepare([("a", 256)], ahead: [], waiting: false)
        XCTAssertTrue(cache.decoder.isIdle)
        // "b" pushes "a" out (capacity 1); the next frame showing "a" must decode it again.
        cache.prepare([("b", 256)], ahead: [], waiting: true)
        _ = cache.textures(for: "b")
        cache.evictBeyondCapacity()
        XCTAssertFalse(cache.isLoaded("a"))
        cache.prepare([("a", 256)], ahead: [], waiting: false)
        XCTAssertFalse(cache.decoder.isIdle, "a's decode is asked for")
        cache.prepare([("a", 256)], ahead: [], waiting: true)
        XCTAssertFalse(cache.isLoadingTile(cache.textures(for: "a")))
    }

    func testAPhotoThatAppearsInTheFolderIsAskedForThoughTheFrameIsTheSame() throws {
        _ = try writePNG("a")
        let canvas = try OffscreenCanvas(width: 10, height: 10)
        let cache = TextureCache(renderer: canvas.renderer, photos: RenderFixture.library(folder, ["a": "a.png"]))
        cache.waitsForPhotos = false
        cache.prepare([("a", 256), ("late", 256)], ahead: [], waiting: true)
        _ = cache.textures(for: "a")
        cache.prepare([("a", 256), ("late", 256)], ahead: [], waiting: false)
        XCTAssertTrue(cache.decoder.isIdle, "no photo \"late\" yet: nothing to decode")
        let path = try writePNG("late")
        cache.takeIn(PhotoChanges(added: [Photo(id: "late", path: path, pixelSize: Size(64, 48))]))
        cache.prepare([("a", 256), ("late", 256)], ahead: [], waiting: false)
        XCTAssertFalse(cache.decoder.isIdle, "the new photo's decode is asked for")
    }

    func testAPhotoWantedLargerIsDecodedAgain() throws {
        _ = try writePNG("a")
        let canvas = try OffscreenCanvas(width: 10, height: 10)
        let cache = TextureCache(renderer: canvas.renderer, photos: RenderFixture.library(folder, ["a": "a.png"]))
        cache.waitsForPhotos = false
        cache.prepare([("a", 128)], ahead: [], waiting: true)
        _ = cache.textures(for: "a")
        cache.prepare([("a", 128)], ahead: [], waiting: false)
        XCTAssertTrue(cache.decoder.isIdle)
        cache.prepare([("a", 512)], ahead: [], waiting: false)
        XCTAssertFalse(cache.decoder.isIdle, "a larger side is another question")
    }
}
