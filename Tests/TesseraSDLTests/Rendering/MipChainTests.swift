import CSDL2
import XCTest

@testable import TesseraImageIO
@testable import TesseraSDL

/// A decoded picture (TesseraImageIO) becomes mip levels through a surface over its own pixels: the
/// same levels, pixel for pixel, as from an SDL surface holding the same picture.
final class MipChainTests: XCTestCase {
    private func picture(width: Int, height: Int) throws -> PixelBuffer {
        let picture = try XCTUnwrap(PixelBuffer(width: width, height: height))
        for y in 0..<height {
            for x in 0..<width {
                let h = UInt32(truncatingIfNeeded: (x &* 73_856_093) ^ (y &* 19_349_663))
                picture.row(y)[x] = (h & 0x3F == 0 ? 0x8000_0000 : 0xFF00_0000) | (h >> 8) & 0xFF_FFFF
            }
        }
        return picture
    }

    private func words(_ surface: UnsafeMutablePointer<SDL_Surface>) -> [UInt32] {
        let s = surface.pointee
        return (0..<Int(s.h)).flatMap { y in
            UnsafeBufferPointer(
                start: (s.pixels! + y * Int(s.pitch)).assumingMemoryBound(to: UInt32.self), count: Int(s.w))
        }
    }

    /// The levels of `picture` both ways, as [width, height] and pixels each.
    private func bothWays(_ picture: PixelBuffer, maxDimension: Int) throws -> (
        wrapped: [([Int32], [UInt32])], copied: [([Int32], [UInt32])]
    ) {
        let copy = try XCTUnwrap(
            SDL_CreateRGBSurfaceWithFormat(
                0, Int32(picture.width), Int32(picture.height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        for y in 0..<picture.height {
            (copy.pointee.pixels + y * Int(copy.pointee.pitch)).copyMemory(
                from: picture.row(y), byteCount: picture.width * 4)
        }
        let fromSurface = try XCTUnwrap(MipChain.levels(takingOwnershipOf: copy, maxDimension: maxDimension))
        let fromPicture = try XCTUnwrap(MipChain.levels(of: picture, maxDimension: maxDimension))
        defer { for level in fromSurface + fromPicture { SDL_FreeSurface(level) } }
        let describe = { (levels: [UnsafeMutablePointer<SDL_Surface>]) in
            levels.map { ([$0.pointee.w, $0.pointee.h], self.words($0)) }
        }
        return (describe(fromPicture), describe(fromSurface))
    }

    func testAPictureWithinTheCapIsTheBaseLevelPixelForPixel() throws {
        let small = try picture(width: 200, height: 150)
        // Read first: a picture within the cap hands its pixels to its base level.
        let pixels = small.words
        let (wrapped, copied) = try bothWays(small, maxDimension: 256)
        XCTAssertEqual(wrapped.map(\.0), copied.map(\.0))
        XCTAssertEqual(wrapped.map(\.1), copied.map(\.1))
        XCTAssertEqual(wrapped.first?.1, pixels, "the picture itself")
        XCTAssertGreaterThan(wrapped.count, 1, "with its halvings")
    }

    func testALargerPictureIsReducedFromItsOwnPixelsAsFromASurface() throws {
        for maxDimension in [100, 256, 333] {
            let (wrapped, copied) = try bothWays(try picture(width: 701, height: 467), maxDimension: maxDimension)
            XCTAssertEqual(wrapped.map(\.0), copied.map(\.0), "cap \(maxDimension)")
            XCTAssertEqual(wrapped.map(\.1), copied.map(\.1), "cap \(maxDimension)")
        }
    }

    func testTheLevelsOutliveThePicture() throws {
        var levels: [UnsafeMutablePointer<SDL_Surface>] = []
        var expected: [UInt32] = []
        do {
            let small = try picture(width: 64, height: 48)
            expected = small.words
            levels = try XCTUnwrap(MipChain.levels(of: small, maxDimension: 64))
        }
        defer { for level in levels { SDL_FreeSurface(level) } }
        XCTAssertEqual(words(levels[0]), expected)
    }
}
