import XCTest

@testable import TesseraPhotos

/// The test suite of RFC 1321, appendix A.5.
final class MD5Tests: XCTestCase {
    func testRFC1321Vectors() {
        let vectors = [
            ("", "d41d8cd98f00b204e9800998ecf8427e"),
            ("a", "0cc175b9c0f1b6a831c399e269772661"),
            ("abc", "900150983cd24fb0d6963f7d28e17f72"),
            ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
            ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
            (
                "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
                "d174ab98d277d9f5a5611c2c9f419d9f"
            ),
            (
                "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
                "57edf4a22be3c955ac49da2e2107b67a"
            ),
        ]
        for (message, digest) in vectors { XCTAssertEqual(MD5.hex(message), digest, "MD5(\"\(message)\")") }
    }

    /// Messages whose padding spills into a second block (55, 56 and 64 bytes).
    func testBlockBoundaries() {
        XCTAssertEqual(MD5.hex(String(repeating: "a", count: 55)), "ef1772b6dff9a122358552954ad0df65")
        XCTAssertEqual(MD5.hex(String(repeating: "a", count: 56)), "3b0c8ac703f828b04c6c197006d17218")
        XCTAssertEqual(MD5.hex(String(repeating: "a", count: 64)), "014842d480b571495a4a0363793f7367")
    }

    /// The standard's own example: the thumbnail of file:///home/jens/photos/me.png is named
    /// c6ee772d9e49320e97ec29a7eb5b1697.png (Thumbnail Managing Standard, "Thumbnail Saving").
    func testStandardsExampleName() {
        XCTAssertEqual(MD5.hex("file:///home/jens/photos/me.png"), "c6ee772d9e49320e97ec29a7eb5b1697")
    }
}
