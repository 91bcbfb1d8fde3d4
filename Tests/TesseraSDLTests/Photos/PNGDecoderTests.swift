import CSDL2
import Foundation
import TesseraImageTestSupport
import XCTest

@testable import TesseraCore
@testable import TesseraImageIO
@testable import TesseraSDL

/// Both PNG decoders — the RGBA fast path (`PNGDecoder`) and libspng row by row (`PNGRowDecoder`) —
/// against libpng: `IMG_Load`, then `BoxShrink` (or, unshrunk, the ARGB8888 conversion `MipChain`
/// makes). Every pixel must be the same; damage must be refused, and what the fast path does not read
/// must be left to libspng.
final class PNGDecoderTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        SDLLibraries.initialize()
        folder = try RenderFixture.temporaryFolder()
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private let factors = [1, 2, 3, 7]

    /// What `PhotoDecoder` made of `png` before the fast path, as ARGB8888.
    private func reference(_ png: Data, factor: Int) throws -> PixelBuffer {
        let loaded = try png.withUnsafeBytes { raw in
            try XCTUnwrap(IMG_Load_RW(SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)), 1), sdlError())
        }
        defer { SDL_FreeSurface(loaded) }
        let full = try XCTUnwrap(PixelBuffer(copying: loaded))
        if factor >= 2, let small = BoxShrink.shrink(full, by: factor) { return small }
        return full
    }

    /// The fast path on a copy of `png`; when it declines, the copy must be byte for byte what it was
    /// (the decoder moves the image data together inside it, and puts it back for SDL_image).
    private func fast(
        _ png: Data, factor: Int, file: StaticString = #filePath, line: UInt = #line
    ) -> Result<PNGDecoder.Decoded, PhotoDecoder.Failure>? {
        var bytes = png
        let result = bytes.withUnsafeMutableBytes { PNGDecoder.decode($0, shrinkBy: factor) }
        if result == nil { XCTAssertEqual(bytes, png, "declined, with its bytes put back", file: file, line: line) }
        return result
    }

    /// libspng's decode of `png`, shrunk by `factor` (the photo decoder asks for a size, not a factor).
    private func rows(_ png: Data, factor: Int) -> Result<PNGRowDecoder.Decoded, PhotoDecoder.Failure> {
        png.withUnsafeBytes { raw in
            guard case .success(let size) = PNGRowDecoder.size(of: raw) else {
                return PNGRowDecoder.decode(raw, maxDimension: 1, limits: .none)
            }
            return PNGRowDecoder.decode(raw, maxDimension: max(size.width, size.height) / factor, limits: .none)
        }
    }

    /// Both decoders give libpng's pixels (the fast path only for what it takes: RGBA).
    private func assertSamePixels(
        _ png: Data, factor: Int, _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        if colourType(of: png) == 6 && png[png.startIndex + 28] == 0 {
            guard case .success(let decoded) = fast(png, factor: factor) else {
                return XCTFail("\(message), 1/\(factor): not decoded by the fast path", file: file, line: line)
            }
            try assertSame(decoded.picture, png, factor: factor, message + " (fast path)", file: file, line: line)
        } else {
            XCTAssertNil(fast(png, factor: factor), "\(message): left to libspng", file: file, line: line)
        }
        guard case .success(let decoded) = rows(png, factor: factor) else {
            return XCTFail("\(message), 1/\(factor): not decoded by libspng", file: file, line: line)
        }
        try assertSame(decoded.picture, png, factor: factor, message + " (libspng)", file: file, line: line)
    }

    /// `actual` (ARGB8888, as every `PixelBuffer`) has the reference's pixels.
    private func assertSame(
        _ actual: PixelBuffer, _ png: Data, factor: Int, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let expected = try reference(png, factor: factor)
        XCTAssertEqual(actual.pitch, actual.width * 4, "ARGB8888 rows", file: file, line: line)
        XCTAssertEqual(actual.width, expected.width, "\(message), 1/\(factor): width", file: file, line: line)
        XCTAssertEqual(actual.height, expected.height, "\(message), 1/\(factor): height", file: file, line: line)
        guard actual.width == expected.width, actual.height == expected.height else { return }
        var differing = 0
        var first: String?
        for y in 0..<actual.height {
            let a = actual.row(y)
            let e = expected.row(y)
            for x in 0..<actual.width where a[x] != e[x] {
                differing += 1
                if first == nil { first = "(\(x), \(y)): \(String(a[x], radix: 16)) ≠ \(String(e[x], radix: 16))" }
            }
        }
        XCTAssertEqual(differing, 0, "\(message), 1/\(factor): first at \(first ?? "")", file: file, line: line)
    }

    private func colourType(of png: Data) -> UInt8 { png[png.startIndex + 25] }

    // MARK: The same pixels

    func testEveryFilterTypeInRGBRGBAAndGreyAlphaGivesTheSamePixels() throws {
        for colourType: UInt8 in [2, 6, 4] {
            let png = TestPNG(width: 1001, height: 677, colourType: colourType).data
            for factor in factors { try assertSamePixels(png, factor: factor, "colour type \(colourType)") }
        }
    }

    func testLibpngsOwnFilterChoicesGiveTheSamePixels() throws {
        // IMG_SavePNG writes through libpng, whose adaptive filtering picks a filter per scanline.
        let rgba = folder + "/rgba.png"
        try RenderFixture.writePNG(rgba, width: 1001, height: 677) { x, y in
            UInt32(TestPNG.noisy(x, y, 3)) << 24 | UInt32(TestPNG.noisy(x, y, 0)) << 16
                | UInt32(TestPNG.noisy(x, y, 1)) << 8 | UInt32(TestPNG.noisy(x, y, 2))
        }
        // An RGB24 surface is written as RGB. Gradients, rings and noise make libpng choose Sub, Up,
        // Average and Paeth.
        let rgb = folder + "/rgb.png"
        let surface = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, 1001, 677, 24, SDL_PIXELFORMAT_RGB24.rawValue))
        for y in 0..<677 {
            let row = (surface.pointee.pixels + y * Int(surface.pointee.pitch)).assumingMemoryBound(to: UInt8.self)
            for x in 0..<1001 {
                for c in 0..<3 {
                    row[x * 3 + c] =
                        y < 200
                        ? UInt8((x + c * 40) % 256)
                        : y < 450 ? UInt8((x * x + y * y + c * 5000) / 97 % 256) : TestPNG.noisy(x, y, c)
                }
            }
        }
        XCTAssertEqual(IMG_SavePNG(surface, rgb), 0, sdlError())
        SDL_FreeSurface(surface)
        for (path, type) in [(rgba, UInt8(6)), (rgb, 2)] {
            let png = try Data(contentsOf: URL(fileURLWithPath: path))
            XCTAssertEqual(colourType(of: png), type, path)
            let filters = TestPNG.filterTypes(in: png, channels: type == 6 ? 4 : 3)
            XCTAssertGreaterThan(filters.count, 1, "\(path): libpng chose only \(filters)")
            for factor in factors { try assertSamePixels(png, factor: factor, path) }
        }
    }

    func testThumbnailEncoderOutputGivesTheSamePixels() throws {
        let picture = try XCTUnwrap(PixelBuffer(width: 333, height: 251))
        for opaque in [true, false] {
            for y in 0..<251 {
                let row = picture.row(y)
                for x in 0..<333 {
                    let alpha = opaque ? 255 : UInt32(TestPNG.noisy(x, y, 3))
                    row[x] = alpha << 24 | UInt32(TestPNG.noisy(x, y, 0)) << 16 | UInt32(TestPNG.noisy(x, y, 1)) << 8
                }
            }
            let png = try XCTUnwrap(ThumbnailPNG.encode(picture, opaque: opaque, texts: [("Thumb::MTime", "1")]))
            for factor in factors { try assertSamePixels(png, factor: factor, opaque ? "opaque" : "translucent") }
        }
    }

    func testSidesShorterThanTheFactorAreLeftFullSizeAsBoxShrinkLeavesThem() throws {
        let png = TestPNG(width: 700, height: 5, colourType: 6).data
        try assertSamePixels(png, factor: 7, "700×5")
        guard case .success(let decoded) = fast(png, factor: 7) else { return XCTFail("not decoded") }
        XCTAssertEqual(decoded.picture.width, 700)
        XCTAssertEqual(decoded.width, 700)
        XCTAssertEqual(decoded.height, 5)
    }

    func testOneByOneAndAPaletteSuggestionInAnRGBImage() throws {
        try assertSamePixels(TestPNG(width: 1, height: 1).data, factor: 1, "1×1")
        // A PLTE in a truecolour image only suggests colours to displays that have few (PNG
        // specification, "PLTE Palette"): decoders ignore it, and so does the fast path.
        var suggested = TestPNG(width: 64, height: 48, colourType: 6)
        suggested.chunksBeforeData = [("PLTE", [UInt8](repeating: 7, count: 48)), ("tEXt", Array("Title\0x".utf8))]
        for factor in factors { try assertSamePixels(suggested.data, factor: factor, "PLTE in RGB") }
    }

    func testColourSpaceChunksChangeNoPixelAsSDLImageAppliesNone() throws {
        // What editors and phones add: gamma, chromaticities, sRGB intent, pixel density, text. SDL_image
        // asks libpng for no colour transform, so none of them changes a pixel, here or there.
        var png = TestPNG(width: 97, height: 61, colourType: 6)
        png.chunksBeforeData = [
            ("gAMA", TestPNG.bigEndian(45455)),
            ("cHRM", [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000].flatMap { TestPNG.bigEndian($0) }),
            ("sRGB", [0]),
            ("pHYs", TestPNG.bigEndian(2835) + TestPNG.bigEndian(2835) + [1]),
            ("tEXt", Array("Software\0test".utf8)),
        ]
        for factor in factors { try assertSamePixels(png.data, factor: factor, "gAMA, cHRM, sRGB, pHYs") }
    }

    func testAFileEndingRightAfterItsImageDataStillShows() throws {
        // Both stop reading once the rows are decoded: a lost IEND never mattered.
        let png = TestPNG(width: 120, height: 90).data
        let cut = png.prefix(png.count - 12)
        for factor in factors { try assertSamePixels(Data(cut), factor: factor, "without IEND") }
    }

    /// Past 32 MB of inflated rows (8 megapixels of RGBA) the fast path declines before reading the
    /// image data, and libspng reads it row by row; just under, the fast path reads it (here, finding
    /// it short). Only the header's size is needed: each file holds one row.
    func testAPNGPastEightMegapixelsIsLeftToLibspng() throws {
        var past = TestPNG(width: 4000, height: 3000)
        past.rowsInStream = 1
        XCTAssertNil(fast(past.data, factor: 16), "48 MB of rows: declined, bytes as they were")
        var under = TestPNG(width: 2800, height: 2800)
        under.rowsInStream = 1
        guard case .failure(.corrupt) = fast(under.data, factor: 16) else {
            return XCTFail("31.4 MB of rows: the fast path's, which finds the image data short")
        }
    }

    func testThroughPhotoDecoderALargePNGIsDecodedShrunk() throws {
        let path = folder + "/large.png"
        try TestPNG(width: 2003, height: 1001, colourType: 6).data.write(to: URL(fileURLWithPath: path))
        let decoded = try PhotoDecoder.decode(path: path, maxDimension: 256).get()
        defer { for level in decoded.levels { SDL_FreeSurface(level) } }
        XCTAssertEqual(decoded.originalWidth, 2003)
        XCTAssertEqual(decoded.originalHeight, 1001)
        XCTAssertEqual(decoded.levels[0].pointee.w, 256, "1/7 (286×143) by box filter, then capped by MipChain")
    }

    // MARK: Damage

    private func assertDamaged(_ png: Data, _ message: String, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        for factor in [1, 3] {
            switch fast(png, factor: factor) {
            case .failure(.corrupt): break
            case .success:
                XCTFail("\(message): decoded", file: file, line: line)
            case let other: XCTFail("\(message): \(String(describing: other))", file: file, line: line)
            }
            switch rows(png, factor: factor) {
            case .failure(.corrupt): break
            case .success:
                XCTFail("\(message): decoded by libspng", file: file, line: line)
            case .failure(let other): XCTFail("\(message): libspng: \(other)", file: file, line: line)
            }
        }
        try assertDamagedThroughPhotoDecoder(png, message, file: file, line: line)
    }

    /// The whole decode of `png` as a file ends as "damaged image", whichever decoder named it.
    private func assertDamagedThroughPhotoDecoder(
        _ png: Data, _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let path = folder + "/damaged.png"
        try png.write(to: URL(fileURLWithPath: path))
        switch PhotoDecoder.decode(path: path, maxDimension: 100) {
        case .failure(.corrupt): break
        case .success(let decoded):
            for level in decoded.levels { SDL_FreeSurface(level) }
            XCTFail("\(message): decoded through PhotoDecoder", file: file, line: line)
        case .failure(let other): XCTFail("\(message): \(other)", file: file, line: line)
        }
    }

    func testATruncatedFileIsDamaged() throws {
        let png = TestPNG(width: 400, height: 300).data
        try assertDamaged(png.prefix(png.count / 2), "cut in the image data")
        try assertDamaged(png.prefix(50), "cut before the image data")
        let firstData = try XCTUnwrap(TestPNG.chunks("IDAT", in: png).first)
        try assertDamaged(png.prefix(firstData + 6), "cut in a chunk header")
    }

    func testABadCRCIsDamaged() throws {
        var png = TestPNG(width: 400, height: 300).data
        let chunk = try XCTUnwrap(TestPNG.chunks("IDAT", in: png).dropFirst().first)
        png[chunk + 8 + 100] ^= 0x40
        try assertDamaged(png, "a flipped bit in the second IDAT")
        var header = TestPNG(width: 400, height: 300).data
        header[29] ^= 1  // IHDR's CRC
        try assertDamaged(header, "IHDR's CRC")
    }

    func testImageDataOfTheWrongLengthIsRefused() throws {
        var short = TestPNG(width: 400, height: 300)
        short.rowsInStream = 299
        try assertDamaged(short.data, "a scanline short")
        // Too much image data: libpng only warns ("Too much image data") and libspng discards it, both
        // showing the picture, so the fast path leaves it to libspng rather than refuse a photo.
        var long = TestPNG(width: 400, height: 300)
        long.rowsInStream = 301
        XCTAssertNil(fast(long.data, factor: 1))
        XCTAssertNil(fast(long.data, factor: 3))
        _ = try reference(long.data, factor: 1)
        // Through the photo decoder too: the fast path moved the image data together to inflate it,
        // put it back when it declined, and libspng showed the picture from the same bytes.
        let path = folder + "/long.png"
        try long.data.write(to: URL(fileURLWithPath: path))
        let decoded = try PhotoDecoder.decode(path: path, maxDimension: 400).get()
        XCTAssertEqual(decoded.levels[0].pointee.w, 400)
        for level in decoded.levels { SDL_FreeSurface(level) }
    }

    func testAnUndefinedFilterTypeIsDamaged() throws {
        var png = TestPNG(width: 400, height: 300)
        png.filter = { $0 == 150 ? 5 : 1 }
        try assertDamaged(png.data, "filter type 5 on scanline 150")
        // Also in the rows a shrink drops (300 = 42 × 7 + 6): libpng would still refuse them.
        png.filter = { $0 == 297 ? 9 : 4 }
        let data = png.data
        guard case .failure(.corrupt) = fast(data, factor: 7) else { return XCTFail("dropped row not checked") }
        guard case .failure(.corrupt) = rows(data, factor: 7) else {
            return XCTFail("libspng: dropped row not checked")
        }
        try assertDamagedThroughPhotoDecoder(data, "filter type 9 on scanline 297")
    }

    func testAGarbledStreamIsLeftToLibspngWhichRefusesIt() throws {
        var png = TestPNG(width: 400, height: 300, chunkSize: 1 << 20).data
        let chunk = try XCTUnwrap(TestPNG.chunks("IDAT", in: png).first)
        for i in 0..<64 { png[chunk + 8 + 2 + i] = 0xFF }  // after the zlib header: an invalid deflate block
        TestPNG.rewriteCRC(ofChunkAt: chunk, in: &png)
        XCTAssertNil(fast(png, factor: 2))
        try assertDamagedThroughPhotoDecoder(png, "invalid deflate data")
    }

    // MARK: Left to libspng

    func testOtherKindsOfPNGAreLeftToLibspngWhichGivesLibpngsPixels() throws {
        var interlaced = TestPNG(width: 61, height: 47)
        interlaced.interlaced = true
        var sixteen = TestPNG(width: 61, height: 47, colourType: 2)
        sixteen.bitDepth = 16
        var palette = TestPNG(width: 61, height: 47, colourType: 3)
        palette.chunksBeforeData = [("PLTE", (0..<768).map { UInt8($0 % 256) })]
        let grey = TestPNG(width: 61, height: 47, colourType: 0)
        var keyed = TestPNG(width: 61, height: 47, colourType: 2)
        keyed.chunksBeforeData = [("tRNS", [0, 10, 0, 20, 0, 30])]
        var unknownCritical = TestPNG(width: 61, height: 47)
        unknownCritical.chunksBeforeData = [("XYZW", [1, 2, 3])]
        let readable = [
            ("interlaced", interlaced), ("16-bit", sixteen), ("palette", palette), ("grey", grey), ("tRNS", keyed),
        ]
        for (name, png) in readable {
            XCTAssertNil(fast(png.data, factor: 2), name)
            try assertSamePixels(png.data, factor: 1, name)
            let path = folder + "/\(name).png"
            try png.data.write(to: URL(fileURLWithPath: path))
            switch PhotoDecoder.decode(path: path, maxDimension: 30) {
            case .success(let decoded):
                XCTAssertEqual(decoded.originalWidth, 61, name)
                for level in decoded.levels { SDL_FreeSurface(level) }
            case .failure(let failure): XCTFail("\(name): \(failure)")
            }
        }
        XCTAssertNil(fast(unknownCritical.data, factor: 2), "an unknown critical chunk: libspng names it")
        try assertDamagedThroughPhotoDecoder(unknownCritical.data, "an unknown critical chunk")
    }

    func testAnAncillaryChunkWithABadCRCIsLeftToLibspngWhichSkipsIt() throws {
        var png = TestPNG(width: 64, height: 48)
        png.chunksBeforeData = [("tEXt", Array("Comment\0hello".utf8))]
        var data = png.data
        let text = try XCTUnwrap(TestPNG.chunks("tEXt", in: data).first)
        data[text + 8] ^= 1
        XCTAssertNil(fast(data, factor: 1))
        let path = folder + "/text.png"
        try data.write(to: URL(fileURLWithPath: path))
        let decoded = try PhotoDecoder.decode(path: path, maxDimension: 64).get()
        for level in decoded.levels { SDL_FreeSurface(level) }
    }
}
