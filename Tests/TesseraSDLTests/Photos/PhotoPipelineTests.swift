import CSDL2
import Foundation
import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore
@testable import TesseraImageIO
@testable import TesseraSDL

/// The decoding pipeline: scaled JPEG decoding, caps, failures, asynchronous loading and the LRU bound.
final class PhotoPipelineTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws { folder = try RenderFixture.temporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// A JPEG of `width`×`height` with a gradient (JPEG needs something to encode).
    private func writeJPEG(_ name: String, width: Int, height: Int) throws -> String {
        let png = folder + "/tmp-\(name).png"
        try RenderFixture.writePNG(png, width: width, height: height) { x, y in
            0xFF00_0000 | UInt32(x * 255 / width) << 16 | UInt32(y * 255 / height) << 8 | 0x40
        }
        let surface = try XCTUnwrap(IMG_Load(png))
        defer { SDL_FreeSurface(surface) }
        let path = folder + "/\(name).jpg"
        XCTAssertEqual(IMG_SaveJPG(surface, path, 90), 0)
        try FileManager.default.removeItem(atPath: png)
        return path
    }

    func testScalingFactorIsTheSmallestThatStillCovers() {
        XCTAssertTrue(PhotoDecoder.scaledSize(width: 5600, height: 3200, cover: 1024) == (1400, 800))
        XCTAssertTrue(PhotoDecoder.scaledSize(width: 5600, height: 3200, cover: 1500) == (2800, 1600))
        XCTAssertTrue(PhotoDecoder.scaledSize(width: 5600, height: 3200, cover: 600) == (700, 400))
        XCTAssertTrue(PhotoDecoder.scaledSize(width: 5600, height: 3200, cover: 6000) == (5600, 3200), "never upscaled")
        XCTAssertTrue(PhotoDecoder.scaledSize(width: 801, height: 3, cover: 100) == (101, 1), "ceil, as TJSCALED")
    }

    func testLargeJPEGDecodesScaledAndCapped() throws {
        let path = try writeJPEG("big", width: 3000, height: 2000)
        let decoded = try PhotoDecoder.decode(path: path, maxDimension: 700).get()
        defer { for level in decoded.levels { SDL_FreeSurface(level) } }
        XCTAssertEqual(decoded.originalWidth, 3000)
        XCTAssertEqual(decoded.originalHeight, 2000)
        XCTAssertEqual(Int(decoded.levels[0].pointee.w), 700, "1/4 scale (750) then capped to 700")
        XCTAssertEqual(Int(decoded.levels[0].pointee.h), 467)
        // The gradient survives: left is dark red, right is bright red.
        let row = decoded.levels[0].pointee.pixels!.assumingMemoryBound(to: UInt32.self)
        XCTAssertLessThan(Pixels.channels(row[2]).r, 30)
        XCTAssertGreaterThan(Pixels.channels(row[697]).r, 220)
    }

    func testBadFilesFailWithAReason() throws {
        let zero = folder + "/zero.jpg"
        XCTAssertTrue(FileManager.default.createFile(atPath: zero, contents: Data()))
        let random = folder + "/random.png"
        var generator = SystemRandomNumberGenerator()
        XCTAssertTrue(
            FileManager.default.createFile(
                atPath: random, contents: Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })))
        let text = folder + "/notes.jpg"
        try "just some text, not a photo".write(toFile: text, atomically: true, encoding: .utf8)
        let good = try writeJPEG("good", width: 400, height: 300)
        let truncated = folder + "/truncated.jpg"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        XCTAssertTrue(FileManager.default.createFile(atPath: truncated, contents: bytes.prefix(200)))
        // A PNG whose header claims 20000×20000: refused before any pixel is allocated.
        var huge = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
        huge.append(contentsOf: [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 6, 0, 0, 0, 0, 0, 0, 0])
        let hugePath = folder + "/huge.png"
        XCTAssertTrue(FileManager.default.createFile(atPath: hugePath, contents: huge))

        for (path, expected) in [
            (zero, "empty"), (random, "not a JPEG or PNG"), (text, "not a JPEG or PNG"), (truncated, "damaged"),
            (hugePath, "too large"), (folder + "/missing.jpg", "cannot read"),
        ] {
            switch PhotoDecoder.decode(path: path, maxDimension: 512) {
            case .success(let d):
                for level in d.levels { SDL_FreeSurface(level) }
                XCTFail("\(path) decoded")
            case .failure(let failure):
                XCTAssertTrue("\(failure)".contains(expected), "\(path): \(failure)")
            }
        }
    }

    func testWithoutWaitingAFrameGetsTheLoadingTileThenThePhoto() throws {
        _ = try writeJPEG("a", width: 1200, height: 800)
        let canvas = try OffscreenCanvas(width: 10, height: 10)
        let cache = TextureCache(renderer: canvas.renderer, photos: RenderFixture.library(folder, ["a": "a.jpg"]))
        cache.waitsForPhotos = false
        let first = cache.textures(for: "a")
        XCTAssertTrue(cache.isLoadingTile(first))
        XCTAssertFalse(cache.isLoaded("a"))
        cache.prepare(["a"], waiting: true)
        let second = cache.textures(for: "a")
        XCTAssertFalse(cache.isLoadingTile(second))
        XCTAssertTrue(cache.isLoaded("a"))
        XCTAssertTrue(cache.pixelSize(of: "a")! == (1200, 800))
    }

    func testOnlyRecentlyDrawnPhotosKeepTextures() throws {
        var files: [String: String] = [:]
        for i in 0..<5 {
            try RenderFixture.writePNG(folder + "/p\(i).png", width: 64, height: 64) { _, _ in RenderFixture.red }
            files["p\(i)"] = "p\(i).png"
        }
        let canvas = try OffscreenCanvas(width: 10, height: 10)
        let cache = TextureCache(renderer: canvas.renderer, photos: RenderFixture.library(folder, files), capacity: 2)
        for i in 0..<5 {
            cache.prepare(["p\(i)"], waiting: true)
            _ = cache.textures(for: "p\(i)")
            cache.evictBeyondCapacity()
            XCTAssertLessThanOrEqual(cache.residentCount, 2)
        }
        XCTAssertTrue(cache.isLoaded("p4"))
        XCTAssertTrue(cache.isLoaded("p3"))
        XCTAssertFalse(cache.isLoaded("p0"))
        // An evicted photo comes back when drawn again.
        cache.prepare(["p0"], waiting: true)
        XCTAssertFalse(cache.isLoadingTile(cache.textures(for: "p0")))
    }

    /// A photo drawn larger than its decode (a zoom) is decoded again, sharper, from the file: one photo
    /// at a time, released once it is no longer drawn large.
    func testAZoomedPhotoIsDecodedSharperThenReleased() throws {
        _ = try writeJPEG("big", width: 3000, height: 2000)
        _ = try writeJPEG("other", width: 3000, height: 2000)
        let canvas = try OffscreenCanvas(width: 10, height: 10)
        let cache = TextureCache(
            renderer: canvas.renderer, photos: RenderFixture.library(folder, ["big": "big.jpg", "other": "other.jpg"]),
            maxDimension: 700)
        cache.prepare(["big"], waiting: true)
        XCTAssertEqual(cache.textures(for: "big", drawnAt: 700, 467).levels[0].width, 700, "at its decode: as is")
        let zoomed = cache.textures(for: "big", drawnAt: 2100, 1400)
        XCTAssertEqual(zoomed.levels[0].width, 3000, "the file's full width, under the 4096 cap")
        XCTAssertEqual(zoomed.levels[0].height, 2000)
        cache.evictBeyondCapacity()
        XCTAssertNotNil(cache.zoomed, "drawn large this frame: kept")
        cache.prepare(["other"], waiting: true)
        XCTAssertEqual(cache.textures(for: "other", drawnAt: 2100, 1400).levels[0].width, 3000)
        XCTAssertEqual(cache.zoomed?.id, "other", "one sharper photo at a time")
        cache.prepare(["other"], waiting: true)
        _ = cache.textures(for: "other", drawnAt: 700, 467)
        cache.evictBeyondCapacity()
        XCTAssertNil(cache.zoomed, "released once not drawn large")
    }

    /// Zooming one photo, then another before the first one's sharper decode was drawn: that decode is
    /// collected and dropped, and must be freed — its surfaces were lost, a kiosk that opened photo after
    /// photo (each drawn fullscreen past its regular decode) grew by them. Each surface made here
    /// carries an extra reference, so one the cache freed shows a count of 1.
    func testASharperDecodeNoLongerWantedIsFreed() throws {
        final class Made: @unchecked Sendable {
            let lock = NSLock()
            var surfaces: [UnsafeMutablePointer<SDL_Surface>] = []
        }
        let made = Made()
        let canvas = try OffscreenCanvas(width: 10, height: 10)
        let cache = TextureCache(
            renderer: canvas.renderer, photos: RenderFixture.library(folder, ["a": "a.jpg", "b": "b.jpg"]),
            maxDimension: 300
        ) { _, side, _ in
            // A 1500×1000 photo, decoded at `side` on its long side.
            let width = min(side, 1500)
            let surface = SDL_CreateRGBSurfaceWithFormat(
                0, Int32(width), Int32(width * 2 / 3), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)!
            surface.pointee.refcount += 1
            made.lock.withLock { made.surfaces.append(surface) }
            return (
                .success(PhotoDecoder.Decoded(levels: [surface], originalWidth: 1500, originalHeight: 1000)), .direct
            )
        }
        cache.waitsForPhotos = false
        cache.prepare(["a", "b"], waiting: true)
        _ = cache.textures(for: "a")
        _ = cache.textures(for: "b")
        for id: PhotoID in ["a", "b", "a"] {
            _ = cache.textures(for: id, drawnAt: 1200, 800)
            cache.decoder.wait(for: [DecodeKey(id, zoomed: true)])
        }
        let surfaces = made.lock.withLock { made.surfaces }
        let zooms = surfaces.filter { $0.pointee.w == 1500 }
        XCTAssertEqual(zooms.count, 3, "three sharper decodes asked for")
        for (n, surface) in zooms.enumerated().dropLast() {
            XCTAssertEqual(surface.pointee.refcount, 1, "sharper decode \(n + 1), dropped, was freed")
        }
        for surface in surfaces { SDL_FreeSurface(surface) }
    }

    /// The loading tile fills the whole tile (strips and corners), in the placeholder's neutral grey.
    func testLoadingTileIsDrawnWhole() throws {
        _ = try writeJPEG("slow", width: 2000, height: 1500)
        let (canvas, renderer) = try RenderFixture.renderer(
            width: 120, height: 200, photos: RenderFixture.library(folder, ["slow": "slow.jpg"]))
        renderer.textures.waitsForPhotos = false
        // The decode must not finish before the frame is drawn, however fast the machine.
        renderer.textures.decoder.suspendDecoding()
        defer { renderer.textures.decoder.resumeDecoding() }
        var list = DrawList()
        list.append(.photo(id: "slow", frame: Rect(10, 10, 83, 150), radius: 8, opacity: 1, clip: nil))
        // The first frame draws the corners as geometry; from the second a tile that keeps its size
        // blits corners baked once. Both pulse with the body.
        for frame in 1...3 {
            renderer.render(list, background: Color(255, 255, 255))
            XCTAssertTrue(renderer.textures.drewLoadingTile)
            let pixels = try canvas.readPixels()
            let body = Pixels.channels(pixels[85 * 120 + 51])
            for (x, y) in [(51, 85), (15, 85), (51, 14), (15, 15), (88, 15), (15, 155), (88, 155)] {
                let c = Pixels.channels(pixels[y * 120 + x])
                XCTAssertLessThan(c.r, 250, "(\(x), \(y)) is tile, not background, frame \(frame)")
                XCTAssertEqual(c.r, c.b, "neutral grey")
                XCTAssertLessThanOrEqual(abs(c.r - body.r), 1, "(\(x), \(y)) as the body, frame \(frame)")
            }
        }
    }

    /// The folder changes under a running app: a photo deleted (or replaced by junk) after the scan
    /// becomes the placeholder, once, and nothing crashes.
    func testAPhotoRemovedWhileRunningBecomesAPlaceholder() throws {
        _ = try writeJPEG("gone", width: 300, height: 200)
        _ = try writeJPEG("junk", width: 300, height: 200)
        let library = try PhotoLibrary.scanning(folder: folder)
        try FileManager.default.removeItem(atPath: folder + "/gone.jpg")
        try "not a photo any more".write(toFile: folder + "/junk.jpg", atomically: true, encoding: .utf8)
        let canvas = try OffscreenCanvas(width: 10, height: 10)
        let cache = TextureCache(renderer: canvas.renderer, photos: library)
        for id: PhotoID in ["gone", "junk"] {
            cache.prepare([id], waiting: true)
            XCTAssertFalse(cache.isLoadingTile(cache.textures(for: id)))
            XCTAssertFalse(cache.isLoaded(id), "\(id) draws the placeholder")
            XCTAssertNil(cache.pixelSize(of: id))
        }
    }
}

final class BoxShrinkTests: XCTestCase {
    /// An RGB24 surface (what SDL_image gives for an opaque PNG), converted to ARGB8888 as
    /// `PixelBuffer(copying:)` does, averaged 2×2.
    func testAveragesEachBlockFromRGB24() throws {
        SDLLibraries.initialize()
        let source = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, 5, 2, 24, SDL_PIXELFORMAT_RGB24.rawValue))
        defer { SDL_FreeSurface(source) }
        let bytes = source.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        let pitch = Int(source.pointee.pitch)
        // Left block: red 0/100/200/100 → 100; right block: green 10, 20, 30, 40 → 25; column 4 dropped.
        let red: [UInt8] = [0, 100, 200, 100]
        let green: [UInt8] = [10, 20, 30, 40]
        for (i, (x, y)) in [(0, 0), (1, 0), (0, 1), (1, 1)].enumerated() {
            bytes[y * pitch + x * 3] = red[i]
            bytes[y * pitch + (x + 2) * 3 + 1] = green[i]
        }
        bytes[4 * 3] = 255  // the dropped column
        let out = try XCTUnwrap(BoxShrink.shrink(try XCTUnwrap(PixelBuffer(copying: source)), by: 2))
        XCTAssertEqual(out.width, 2)
        XCTAssertEqual(out.height, 1)
        let px = out.row(0)
        XCTAssertEqual(Pixels.hex(px[0]), "FF640000")
        XCTAssertEqual(Pixels.hex(px[1]), "FF001900")
    }
}
