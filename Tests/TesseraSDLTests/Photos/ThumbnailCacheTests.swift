import CSDL2
import Foundation
import TesseraGeometry
import TesseraImageTestSupport
import XCTest

@testable import TesseraCore
@testable import TesseraImageIO
@testable import TesseraPhotos
@testable import TesseraSDL

/// Photos through the shared thumbnail cache: a miss writes a thumbnail the next run reads instead of
/// the photo, the pixels are the same either way, a changed photo is decoded again, a damaged one gets
/// a fail/ entry, and with the cache off nothing is read or written.
final class ThumbnailCacheTests: XCTestCase {
    var folder = ""
    var store: ThumbnailStore!

    override func setUpWithError() throws {
        folder = try RenderFixture.temporaryFolder()
        store = ThumbnailStore(root: folder + "/cache/thumbnails", version: tesseraVersion)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func writeJPEG(_ name: String, width: Int, height: Int, shift: UInt32 = 0) throws -> String {
        let png = folder + "/tmp-\(name).png"
        try RenderFixture.writePNG(png, width: width, height: height) { x, y in
            0xFF00_0000 | UInt32(x * 255 / width) << 16 | UInt32(y * 255 / height) << 8 | (0x40 + shift)
        }
        let surface = try XCTUnwrap(IMG_Load(png))
        defer { SDL_FreeSurface(surface) }
        let path = folder + "/\(name).jpg"
        XCTAssertEqual(IMG_SaveJPG(surface, path, 90), 0)
        try FileManager.default.removeItem(atPath: png)
        return path
    }

    private func pixels(_ decoded: PhotoDecoder.Decoded) -> [UInt32] {
        let s = decoded.levels[0]
        let row = Int(s.pointee.pitch) / 4
        let p = s.pointee.pixels!.assumingMemoryBound(to: UInt32.self)
        return (0..<Int(s.pointee.h)).flatMap { y in (0..<Int(s.pointee.w)).map { p[y * row + $0] } }
    }

    private func free(_ outcome: ThumbnailCodec.Outcome) {
        if case .success(let d) = outcome { for level in d.levels { SDL_FreeSurface(level) } }
    }

    func testAMissWritesAThumbnailTheNextDecodeReadsWithTheSamePixels() throws {
        let path = try writeJPEG("camera", width: 2000, height: 1500)
        let (cold, first) = ThumbnailCodec.decode(path: path, size: .large, store: store)
        defer { free(cold) }
        XCTAssertEqual(first, .miss)
        let source = try XCTUnwrap(ThumbnailStore.Source(path: path))
        let file = store.path(of: source, size: .large)
        XCTAssertTrue(FileManager.default.fileExists(atPath: file))
        // The thumbnail: 256 on its long side, the standard's chunks.
        let thumbnail = try XCTUnwrap(IMG_Load(file))
        XCTAssertEqual([thumbnail.pointee.w, thumbnail.pointee.h], [256, 192])
        SDL_FreeSurface(thumbnail)
        let texts = try XCTUnwrap(ThumbnailPNG.texts(of: try Data(contentsOf: URL(fileURLWithPath: file))))
        XCTAssertEqual(texts["Thumb::URI"], "file://" + path)
        XCTAssertEqual(texts["Thumb::MTime"], String(source.mtime))
        XCTAssertEqual(texts["Thumb::Size"], String(source.size))

        let (warm, second) = ThumbnailCodec.decode(path: path, size: .large, store: store)
        defer { free(warm) }
        XCTAssertEqual(second, .hit)
        let c = try cold.get()
        let w = try warm.get()
        XCTAssertEqual([w.originalWidth, w.originalHeight], [2000, 1500], "the photo's size, from the chunks")
        XCTAssertEqual(c.levels.count, w.levels.count)
        XCTAssertEqual(pixels(c), pixels(w), "a cold and a warm cache draw the same pixels")
    }

    func testAReplacedPhotoIsDecodedAgainAndItsThumbnailReplaced() throws {
        let path = try writeJPEG("changing", width: 800, height: 600)
        free(ThumbnailCodec.decode(path: path, size: .normal, store: store).0)
        // Same name, other pixels, a later modification time.
        _ = try writeJPEG("changing", width: 600, height: 800, shift: 0x40)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: path)
        let (outcome, source) = ThumbnailCodec.decode(path: path, size: .normal, store: store)
        defer { free(outcome) }
        XCTAssertEqual(source, .miss, "stale: MTime differs")
        XCTAssertEqual(try [outcome.get().originalWidth, outcome.get().originalHeight], [600, 800])
        let (again, third) = ThumbnailCodec.decode(path: path, size: .normal, store: store)
        defer { free(again) }
        XCTAssertEqual(third, .hit)
    }

    func testADamagedPhotoGetsAFailEntryAndIsNotThumbnailedAgain() throws {
        let path = folder + "/damaged.jpg"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: try writeJPEG("good", width: 400, height: 300)))
        bytes = bytes.prefix(bytes.count / 3)
        try bytes.write(to: URL(fileURLWithPath: path))
        let (outcome, _) = ThumbnailCodec.decode(path: path, size: .normal, store: store)
        guard case .failure = outcome else { return XCTFail("a third of a JPEG decodes") }
        let source = try XCTUnwrap(ThumbnailStore.Source(path: path))
        XCTAssertTrue(ThumbnailCodec.hasFailed(source, in: store))
        XCTAssertTrue(FileManager.default.fileExists(atPath: store.failPath(of: source)))
        let texts = try XCTUnwrap(ThumbnailPNG.texts(of: try XCTUnwrap(store.failEntry(of: source))))
        XCTAssertEqual(texts["Thumb::URI"], source.uri)
        XCTAssertEqual(texts["Thumb::MTime"], String(source.mtime))
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.path(of: source, size: .normal)))
    }

    // MARK: Planted thumbnails (anyone may write to the cache)

    /// A PNG whose IHDR says `width`×`height` (its CRC right) over a few bytes of image data, with the
    /// chunks that make it look fresh for `source`.
    private func planted(width: Int, height: Int, for source: ThumbnailStore.Source) -> Data {
        var png = TestPNG(width: 2, height: 2, colourType: 2)
        png.chunksBeforeData = store.textEntries(of: source, width: 4000, height: 3000).map { key, value in
            ("tEXt", Array(key.utf8) + [0] + Array(value.utf8))
        }
        var data = png.data
        data.replaceSubrange(16..<24, with: TestPNG.bigEndian(UInt32(width)) + TestPNG.bigEndian(UInt32(height)))
        TestPNG.rewriteCRC(ofChunkAt: 8, in: &data)
        return data
    }

    func testAThumbnailDeclaringMoreThanItsSizeClassIsIgnoredAndReplacedWithoutAllocatingIt() throws {
        let path = try writeJPEG("target", width: 800, height: 600)
        let source = try XCTUnwrap(ThumbnailStore.Source(path: path))
        // 20000×20000 (1.6 GB as pixels) in 300 bytes, under the right name, with the right chunks.
        let bomb = planted(width: 20000, height: 20000, for: source)
        XCTAssertLessThan(bomb.count, 1000)
        try store.store(bomb, for: source, size: .large)
        // A budget of 16 MB: the bomb would have to be allocated past it to be decoded.
        let budget = DecodeBudget(capacity: 16 << 20)
        let (outcome, from) = ThumbnailCodec.decode(path: path, size: .large, store: store, budget: budget)
        defer { free(outcome) }
        XCTAssertEqual(from, .miss, "ignored: decoded from the photo")
        XCTAssertEqual(try outcome.get().levels[0].pointee.w, 256)
        // Replaced by a real thumbnail.
        let replaced = try XCTUnwrap(store.thumbnail(of: source, size: .large))
        XCTAssertNotEqual(replaced, bomb)
        XCTAssertEqual(ThumbnailCodec.decode(path: path, size: .large, store: store).1, .hit)
    }

    func testAValidButOversizedThumbnailIsNotDrawnInsteadOfThePhoto() throws {
        let path = try writeJPEG("photo", width: 800, height: 600)
        let source = try XCTUnwrap(ThumbnailStore.Source(path: path))
        // A real 600×600 black picture in the x-large slot, which the standard caps at 512.
        let black = try XCTUnwrap(PixelBuffer(width: 600, height: 600))
        for y in 0..<600 { black.row(y).update(repeating: 0xFF00_0000, count: 600) }
        let png = try XCTUnwrap(
            ThumbnailPNG.encode(black, opaque: true, texts: store.textEntries(of: source, width: 800, height: 600)))
        try store.store(png, for: source, size: .xLarge)
        XCTAssertNil(ThumbnailCodec.decodeThumbnail(png, size: .xLarge))
        let (outcome, from) = ThumbnailCodec.decode(path: path, size: .xLarge, store: store)
        defer { free(outcome) }
        XCTAssertEqual(from, .miss)
        XCTAssertEqual(try [outcome.get().levels[0].pointee.w, outcome.get().levels[0].pointee.h], [512, 384])
    }

    func testAThumbnailWhoseDataDoesNotHoldItsHeaderIsIgnored() throws {
        let path = try writeJPEG("cut", width: 800, height: 600)
        let source = try XCTUnwrap(ThumbnailStore.Source(path: path))
        // 200×150 declared (within the class) over the rows of a 2×2 image.
        let short = planted(width: 200, height: 150, for: source)
        XCTAssertNil(ThumbnailCodec.decodeThumbnail(short, size: .large))
        try store.store(short, for: source, size: .large)
        let (outcome, from) = ThumbnailCodec.decode(path: path, size: .large, store: store)
        defer { free(outcome) }
        XCTAssertEqual(from, .miss)
        XCTAssertEqual(try outcome.get().originalWidth, 800)
    }

    func testAThumbnailsRecordedPhotoSizeIsBelievedOnlyWhenItFits() {
        let believed = ThumbnailCodec.photoSize(
            ["Thumb::Image::Width": "4000", "Thumb::Image::Height": "3000"], thumbnail: (256, 192))
        XCTAssertEqual(believed?.0, 4000)
        XCTAssertEqual(believed?.1, 3000)
        XCTAssertNil(
            ThumbnailCodec.photoSize(
                ["Thumb::Image::Width": "40", "Thumb::Image::Height": "30"], thumbnail: (256, 192)))
        XCTAssertNil(
            ThumbnailCodec.photoSize(
                ["Thumb::Image::Width": "4000", "Thumb::Image::Height": "9000"], thumbnail: (256, 192)))
        XCTAssertNil(
            ThumbnailCodec.photoSize(
                ["Thumb::Image::Width": "999999999999", "Thumb::Image::Height": "999999999999"], thumbnail: (256, 256)))
    }

    func testWithTheCacheOffNothingIsReadOrWritten() throws {
        let path = try writeJPEG("private", width: 800, height: 600)
        let (outcome, source) = ThumbnailCodec.decode(path: path, size: .large, store: nil)
        defer { free(outcome) }
        XCTAssertEqual(source, .direct)
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.root))
    }

    /// The texture cache asks for the smallest covering size, counts hits and misses, and upgrades a
    /// photo drawn larger (the fullscreen view) by decoding it again at the larger size.
    func testTextureCacheCountsHitsAndMissesAndUpgradesALargerView() throws {
        let paths = try (1...3).map { try writeJPEG("p\($0)", width: 1600, height: 1200) }
        let library = PhotoLibrary(
            photos: paths.enumerated().map {
                Photo(id: "p\($0.offset + 1)", path: $0.element, pixelSize: Size(1600, 1200))
            })
        for run in 0..<2 {
            let canvas = try OffscreenCanvas(width: 64, height: 64)
            let cache = TextureCache(renderer: canvas.renderer, photos: library, thumbnails: store)
            let visible = library.ids.map { ($0, cache.side(for: $0, width: 150, height: 150)) }
            XCTAssertEqual(visible.map(\.1), [256, 256, 256])
            cache.prepare(visible, ahead: [], waiting: true)
            for id in library.ids { _ = cache.textures(for: id) }
            let stats = cache.statistics
            XCTAssertEqual(run == 0 ? stats.thumbnailMisses : stats.thumbnailHits, 3, "run \(run)")
            XCTAssertEqual(stats.queueLength, 0)
            XCTAssertEqual(cache.textures(for: "p1").levels[0].width, 256)
            // Fullscreen at 1600 px: past any thumbnail, the photo itself at the output's cap.
            cache.maxDimension = 1600
            let big = cache.side(for: "p1", width: 1600, height: 1200)
            XCTAssertEqual(big, 1600)
            cache.prepare([("p1", big)], ahead: [], waiting: true)
            XCTAssertEqual(cache.textures(for: "p1").levels[0].width, 1600)
            XCTAssertEqual(cache.statistics.directDecodes, 1)
        }
    }

    func testAheadRequestsNotYetStartedAreWithdrawnWhenTheirTilesScrollAway() throws {
        let paths = try (1...4).map { try writeJPEG("a\($0)", width: 800, height: 600) }
        let library = PhotoLibrary(
            photos: paths.enumerated().map {
                Photo(id: "a\($0.offset + 1)", path: $0.element, pixelSize: Size(800, 600))
            })
        let canvas = try OffscreenCanvas(width: 64, height: 64)
        let cache = TextureCache(renderer: canvas.renderer, photos: library, thumbnails: nil)
        cache.decoder.suspendDecoding()
        cache.prepare([], ahead: library.ids.map { ($0, 128) }, waiting: false)
        XCTAssertEqual(cache.decoder.queueLength, 4)
        // The next frame's screen holds none of them: they are withdrawn before they start.
        cache.prepare([], ahead: [], waiting: false)
        XCTAssertEqual(cache.decoder.queueLength, 0)
        XCTAssertEqual(cache.statistics.withdrawn, 4)
        cache.decoder.resumeDecoding()
    }

    /// A photo replaced in the folder is decoded again: its textures, and any decode in flight, are
    /// dropped; a removed one goes; an added one becomes drawable.
    func testTakeInDecodesAReplacedPhotoAgainAndForgetsARemovedOne() throws {
        let path = try writeJPEG("r", width: 800, height: 600)
        let other = try writeJPEG("gone", width: 400, height: 300)
        let library = PhotoLibrary(photos: [
            Photo(id: "r", path: path, pixelSize: Size(800, 600)),
            Photo(id: "gone", path: other, pixelSize: Size(400, 300)),
        ])
        let canvas = try OffscreenCanvas(width: 64, height: 64)
        let cache = TextureCache(renderer: canvas.renderer, photos: library, thumbnails: store)
        cache.prepare([("r", 256), ("gone", 256)], ahead: [], waiting: true)
        XCTAssertEqual(cache.textures(for: "r").originalSize?.width, 800)
        _ = try writeJPEG("r", width: 600, height: 800, shift: 0x30)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(10)], ofItemAtPath: path)
        let added = try writeJPEG("new", width: 300, height: 300)
        cache.takeIn(
            PhotoChanges(
                added: [Photo(id: "new", path: added, pixelSize: Size(300, 300))], removed: ["gone"],
                replaced: [Photo(id: "r", path: path, pixelSize: Size(600, 800))]))
        XCTAssertFalse(cache.isLoaded("r"))
        XCTAssertFalse(cache.isLoaded("gone"))
        cache.prepare([("r", 256), ("new", 256)], ahead: [], waiting: true)
        XCTAssertEqual(cache.textures(for: "r").originalSize?.width, 600, "decoded again")
        XCTAssertEqual(cache.textures(for: "new").originalSize?.width, 300)
        XCTAssertNil(cache.photos.photo(for: "gone"))
        XCTAssertEqual(cache.statistics.thumbnailMisses, 4, "r twice (its thumbnail was stale), gone, new")
    }
}
