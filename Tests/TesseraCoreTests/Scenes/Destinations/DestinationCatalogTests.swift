import Foundation
import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore

final class DestinationCatalogTests: XCTestCase {
    private let folder = URL(fileURLWithPath: "/tmp/places")

    private func assertError(_ json: String, mentions text: String, line: UInt = #line) {
        XCTAssertThrowsError(try DestinationCatalog.parse(Data(json.utf8), folder: folder), line: line) { error in
            XCTAssertTrue("\(error)".contains(text), "\"\(error)\" should mention \(text)", line: line)
        }
    }

    func testParsesPlacesWithImagesRelativeToTheFile() throws {
        let catalog = try DestinationCatalog.parse(
            Data(#"{"places": [{"id": "x", "image": "pics/x.jpg", "title": "X", "details": "About X."}]}"#.utf8),
            folder: folder)
        XCTAssertEqual(catalog.places.count, 1)
        let place = catalog.places[0]
        XCTAssertEqual(place.id, "x")
        XCTAssertEqual(place.title, "X")
        XCTAssertEqual(place.details, "About X.")
        XCTAssertEqual(place.image.id, "destinations/x")
        XCTAssertEqual(place.image.path, "/tmp/places/pics/x.jpg")
        XCTAssertNil(place.image.pixelSize, "missing image: listed, drawn as a placeholder")
        XCTAssertEqual(catalog.images.map(\.id), ["destinations/x"])
    }

    func testErrorsNameThePlaceAndKey() {
        assertError("[", mentions: "not valid JSON")
        assertError(#"{"place": []}"#, mentions: "\"places\" array")
        assertError(#"{"places": [], "extra": 1}"#, mentions: "extra: unknown key")
        assertError(#"{"places": [3]}"#, mentions: "places[0]: expected an object")
        assertError(
            #"{"places": [{"id": "x", "image": "x.jpg", "title": "", "details": "d"}]}"#, mentions: "places[0].title")
        assertError(
            #"{"places": [{"id": "x", "image": "x.jpg", "title": "t", "details": "d", "price": 3}]}"#,
            mentions: "places[0].price: unknown key")
        assertError(
            #"{"places": [{"id": "x", "image": "x.jpg", "title": "t", "details": "d"}, {"id": "x", "image": "y.jpg", "title": "t", "details": "d"}]}"#,
            mentions: "places[1].id: \"x\" is used twice")
    }

    /// The bundled file: at least seven places, each with a readable landscape image and our own text.
    /// Issue 48: a 2 GB (sparse) file named as the catalog is refused by its size, never read.
    func testAHugeFileIsRefusedByItsSizeUnread() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("places-\(UUID().uuidString).json")
            .path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
        defer { unlink(path) }
        XCTAssertEqual(truncate(path, 2 << 30), 0)
        XCTAssertThrowsError(try DestinationCatalog.load(path: path)) { error in
            XCTAssertEqual(
                "\(error)",
                "destinations \(path): cannot read the file (larger than 1 MB: the file is 2.0 GB, not read)")
        }
    }

    func testBundledCatalog() throws {
        let catalog = try DestinationCatalog.load(path: repositoryResources.asset("Destinations", "destinations.json"))
        XCTAssertGreaterThanOrEqual(catalog.places.count, 7)
        for place in catalog.places {
            let size = try XCTUnwrap(place.image.pixelSize, place.id.rawValue)
            XCTAssertGreaterThan(size.width, size.height, "\(place.id) is a landscape")
            XCTAssertGreaterThan(place.details.split(separator: " ").count, 40, "\(place.id): a real paragraph")
        }
        XCTAssertThrowsError(try DestinationCatalog.load(path: "/nonexistent.json")) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent.json"))
        }
    }
}
