import TesseraGeometry
import XCTest

@testable import TesseraPhotos

final class PhotoLibraryTests: XCTestCase {
    /// The renderer's per-frame question: a photo's pixel size by id, the same as the photo's own.
    func testPixelSizeIsThePhotosOwnAndNilWhenUnknownOrAbsent() {
        let library = PhotoLibrary(photos: [
            Photo(id: "wide", path: "/p/wide.jpg", pixelSize: Size(4000, 3000)),
            Photo(id: "unread", path: "/p/unread.jpg"),
        ])
        XCTAssertEqual(library.pixelSize(of: "wide"), Size(4000, 3000))
        XCTAssertEqual(library.pixelSize(of: "wide"), library.photo(for: "wide")?.pixelSize)
        XCTAssertNil(library.pixelSize(of: "unread"), "a header that could not be read")
        XCTAssertNil(library.pixelSize(of: "gone"), "no such photo")
    }
}
