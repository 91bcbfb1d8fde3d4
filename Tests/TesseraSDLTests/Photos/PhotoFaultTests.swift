import CSDL2
import CTurboJPEG
import Foundation
import TesseraGeometry
import TesseraImageTestSupport
import TesseraPhotos
import XCTest

@testable import TesseraCore
@testable import TesseraImageIO
@testable import TesseraSDL

/// Photos people really have, and photos made to hurt: files changing under the decoder, headers that
/// lie about their size, CMYK print exports, phone photos with an EXIF orientation.
final class PhotoFaultTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws { folder = try RenderFixture.temporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// Compresses `width`×`height` pixels given as 4 bytes each in `format` (TJPF_*) with TurboJPEG.
    private func compress(width: Int, height: Int, format: TJPF, _ pixel: (Int, Int) -> [UInt8]) throws -> Data {
        var samples: [UInt8] = []
        for y in 0..<height { for x in 0..<width { samples += pixel(x, y) } }
        return try TestJPEG.compress(samples, width: width, height: height, format: format)
    }

    /// `jpeg` with an EXIF `APP1` segment holding `orientation` right after its SOI marker.
    private func withOrientation(_ jpeg: Data, _ orientation: UInt8) -> Data {
        let tiff: [UInt8] = [
            0x4D, 0x4D, 0, 42, 0, 0, 0, 8,  // big-endian TIFF header, IFD0 at 8
            0, 1,  // one entry
            0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0,  // Orientation, SHORT, 1 value
            0, 0, 0, 0,  // no next IFD
        ]
        let payload: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
        let length = payload.count + 2
        var out = Data(jpeg.prefix(2))
        out.append(contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload)
        out.append(jpeg.dropFirst(2))
        return out
    }

    private func decode(_ path: String, maxDimension: Int = 512) throws -> PhotoDecoder.Decoded {
        try PhotoDecoder.decode(path: path, maxDimension: maxDimension).get()
    }

    private func pixel(_ surface: UnsafeMutablePointer<SDL_Surface>, _ x: Int, _ y: Int) -> (
        a: Int, r: Int, g: Int, b: Int
    ) {
        let row = surface.pointee.pixels! + y * Int(surface.pointee.pitch)
        return Pixels.channels(row.assumingMemoryBound(to: UInt32.self)[x])
    }

    func testAPhotoTruncatedWhileItDecodesFailsOrDecodesButNeverCrashes() throws {
        let jpeg = try compress(width: 1600, height: 1200, format: TJPF_RGBX) { x, y in
            [UInt8(x % 256), UInt8(y % 256), UInt8((x ^ y) % 256), 255]
        }
        let path = folder + "/changing.jpg"
        for attempt in 0..<12 {
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: jpeg))
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                if case .success(let decoded) = PhotoDecoder.decode(path: path, maxDimension: 1600) {
                    for level in decoded.levels { SDL_FreeSurface(level) }
                }
                done.signal()
            }
            // Mapped, this truncation under a running decode was SIGBUS; read into memory it is harmless.
            usleep(useconds_t(500 * attempt))
            XCTAssertEqual(truncate(path, 1000), 0)
            done.wait()
        }
    }

    func testAHeaderClaimingMorePixelsThanTheFileCanHoldIsDamagedBeforeAllocating() throws {
        var jpeg = try compress(width: 16, height: 16, format: TJPF_RGBX) { _, _ in [200, 100, 50, 255] }
        // Patch the SOF0 frame's height and width to 50000×60000.
        let sof = try XCTUnwrap(jpeg.indices.first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg.replaceSubrange(sof + 5..<sof + 9, with: [0xC3, 0x50, 0xEA, 0x60])
        XCTAssertLessThan(jpeg.count, 2048)
        let path = folder + "/liar.jpg"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: jpeg))
        switch PhotoDecoder.decode(path: path, maxDimension: 1024) {
        case .success: XCTFail("decoded")
        case .failure(let failure):
            XCTAssertTrue(
                "\(failure)".hasPrefix("damaged image (declares 60000×50000 pixels in a file of"), "\(failure)")
        }
    }

    func testADecodeLargerThanTheWholeBudgetIsRefusedAndAFittingOneReleasesItsBytes() throws {
        let jpeg = try compress(width: 64, height: 64, format: TJPF_RGBX) { _, _ in [10, 20, 30, 255] }
        let path = folder + "/small.jpg"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: jpeg))
        let tiny = DecodeBudget(capacity: 1000)
        guard case .failure(.tooLarge) = PhotoDecoder.decode(path: path, maxDimension: 64, budget: tiny) else {
            return XCTFail("a decode needing more than the budget must be refused")
        }
        let roomy = DecodeBudget(capacity: 1 << 20)
        let decoded = try PhotoDecoder.decode(path: path, maxDimension: 64, budget: roomy).get()
        for level in decoded.levels { SDL_FreeSurface(level) }
        XCTAssertEqual(roomy.inUse, 0)
    }

    func testA9999SquarePNGIsRefusedBeforeItsFullSizeDecode() throws {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
        png.append(contentsOf: [0, 0, 0x27, 0x0F, 0, 0, 0x27, 0x0F, 8, 6, 0, 0, 0, 0, 0, 0, 0])
        let path = folder + "/big.png"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: png))
        guard case .failure(.tooLarge(9999, 9999)) = PhotoDecoder.decode(path: path, maxDimension: 1024) else {
            return XCTFail("500 MB of decode is more than the shared budget")
        }
    }

    func testYCCKJPEGsDecodeWithAdobesInvertedInk() throws {
        // Adobe's stored samples: 255 = no ink. Left half pure magenta+yellow ink (red), right half no ink.
        let jpeg = try compress(width: 32, height: 16, format: TJPF_CMYK) { x, _ in
            x < 16 ? [255, 0, 0, 255] : [255, 255, 255, 255]
        }
        let path = folder + "/print.jpg"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: jpeg))
        XCTAssertEqual(ImageHeader.info(of: jpeg)?.components, 4)
        let decoded = try decode(path)
        defer { for level in decoded.levels { SDL_FreeSurface(level) } }
        let red = pixel(decoded.levels[0], 4, 8)
        XCTAssertGreaterThan(red.r, 235)
        XCTAssertLessThan(red.g, 20)
        XCTAssertLessThan(red.b, 20)
        let white = pixel(decoded.levels[0], 28, 8)
        XCTAssertGreaterThan(min(white.r, white.g, white.b), 235)
    }

    func testEXIFOrientationTurnsThePhotoUpright() throws {
        // Stored 40×20: left half red, right half blue.
        let jpeg = try compress(width: 40, height: 20, format: TJPF_RGBX) { x, _ in
            x < 20 ? [255, 0, 0, 255] : [0, 0, 255, 255]
        }
        for (orientation, top, size) in [
            (1, "red left", (40, 20)), (6, "red top", (20, 40)), (8, "blue top", (20, 40)),
            (3, "blue left", (40, 20)),
        ] {
            let path = folder + "/o\(orientation).jpg"
            XCTAssertTrue(
                FileManager.default.createFile(atPath: path, contents: withOrientation(jpeg, UInt8(orientation))))
            XCTAssertEqual(ImageHeader.pixelSize(ofFileAt: path), Size(Double(size.0), Double(size.1)))
            let decoded = try decode(path)
            defer { for level in decoded.levels { SDL_FreeSurface(level) } }
            let base = decoded.levels[0]
            XCTAssertEqual(Int(base.pointee.w), size.0, "orientation \(orientation)")
            XCTAssertEqual(Int(base.pointee.h), size.1, "orientation \(orientation)")
            XCTAssertEqual(decoded.originalWidth, size.0)
            let first = pixel(base, 2, 2)
            let isRed = first.r > 200 && first.b < 60
            XCTAssertEqual(isRed, top.hasPrefix("red"), "orientation \(orientation): \(top)")
        }
    }
}
