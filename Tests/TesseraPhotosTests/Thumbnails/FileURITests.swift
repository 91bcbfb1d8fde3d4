import XCTest

@testable import TesseraPhotos

/// `file://` URIs as GLib's `g_filename_to_uri` writes them (the names other file managers hash).
final class FileURITests: XCTestCase {
    func testPlainPathIsKept() {
        XCTAssertEqual(FileURI.of(path: "/home/jens/photos/me.png"), "file:///home/jens/photos/me.png")
    }

    func testSpacesAndPercentAreEncoded() {
        XCTAssertEqual(FileURI.of(path: "/tmp/My Photos/100%.jpg"), "file:///tmp/My%20Photos/100%25.jpg")
    }

    func testNonASCIIIsEncodedAsUTF8WithUppercaseHex() {
        XCTAssertEqual(FileURI.of(path: "/tmp/Äpfel/été.jpg"), "file:///tmp/%C3%84pfel/%C3%A9t%C3%A9.jpg")
    }

    func testReservedCharacters() {
        // Kept: unreserved, "/", and !$&'()*+,:=@ ; encoded: # ? ; [ ] and the rest.
        XCTAssertEqual(FileURI.of(path: "/a/b-c_d.e~f!$&'()*+,:=@"), "file:///a/b-c_d.e~f!$&'()*+,:=@")
        XCTAssertEqual(FileURI.of(path: "/a/#?;[]\"<>"), "file:///a/%23%3F%3B%5B%5D%22%3C%3E")
    }
}
