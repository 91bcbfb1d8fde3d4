import XCTest

@testable import TesseraImageIO

/// The plain picture every decoder makes: SDL's ARGB8888 layout, zeroed, and refused where SDL would
/// refuse the surface or the memory is not there.
final class PixelBufferTests: XCTestCase {
    func testANewBufferIsZeroedWithRowsOfFourBytesAPixel() throws {
        let picture = try XCTUnwrap(PixelBuffer(width: 7, height: 3))
        XCTAssertEqual(picture.pitch, 28)
        XCTAssertEqual(picture.words, [UInt32](repeating: 0, count: 21))
        picture.row(2)[6] = 0xFF11_2233
        XCTAssertEqual(picture.words.last, 0xFF11_2233)
        // 0xAARRGGBB as a native-endian word: B, G, R, A in memory on a little-endian machine.
        let bytes = (picture.pixels + 2 * picture.pitch + 6 * 4).assumingMemoryBound(to: UInt8.self)
        XCTAssertEqual([bytes[0], bytes[1], bytes[2], bytes[3]], [0x33, 0x22, 0x11, 0xFF])
    }

    func testSizesWithoutPixelsOrPastMemoryAreRefused() {
        XCTAssertNil(PixelBuffer(width: 0, height: 10), "no columns")
        XCTAssertNil(PixelBuffer(width: 10, height: 0), "no rows")
        XCTAssertNil(PixelBuffer(width: -1, height: 10), "negative")
        XCTAssertNil(PixelBuffer(width: Int.max / 2, height: 1), "the pitch overflows")
        XCTAssertNil(PixelBuffer(width: 1 << 30, height: 1), "a pitch past a 32-bit int")
        XCTAssertNil(PixelBuffer(width: 1 << 28, height: 1 << 40), "the byte count overflows")
        XCTAssertNil(PixelBuffer(width: 1 << 28, height: 1 << 20), "4 PB: more than memory")
    }
}
