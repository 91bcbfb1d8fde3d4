import Foundation
import XCTest

@testable import TesseraCore

final class GalleryConfigTests: XCTestCase {
    private func assertError(_ json: String, mentions text: String, file: StaticString = #filePath, line: UInt = #line)
    {
        XCTAssertThrowsError(try ConfigLoader.decode(Data(json.utf8)), file: file, line: line) { error in
            XCTAssertTrue("\(error)".contains(text), "\"\(error)\" should mention \(text)", file: file, line: line)
        }
    }

    func testTheSessionsNumbersAreTheDefaults() {
        let featured = GalleryConfig().featured
        XCTAssertEqual(featured.spacing, 10)
        XCTAssertEqual(featured.contentMargin, 20)
        XCTAssertEqual(featured.aspectRatio, 16.0 / 9.0)
        XCTAssertEqual(featured.cornerRadius, 20)
        XCTAssertEqual([featured.compactCount, featured.regularCount], [1, 2])
        XCTAssertEqual(featured.stackPadding, 20)
        XCTAssertEqual(featured.stackOffset, 20)
        XCTAssertEqual(featured.edgeScale, 0.8)
        XCTAssertEqual(featured.targetBehavior, .viewAligned)
        XCTAssertEqual(GalleryConfig().compactWidth, 700)
        XCTAssertEqual(GalleryConfig().snapToTopFraction, 1.0 / 3.0)
    }

    func testARowMayBeRetuned() throws {
        let config = try ConfigLoader.decode(
            Data(#"{"gallery": {"featured": {"targetBehavior": "paging", "limitBehavior": "always"}}}"#.utf8))
        XCTAssertEqual(config.gallery.featured.targetBehavior, .paging)
        XCTAssertEqual(config.gallery.featured.limitBehavior, .always)
        XCTAssertEqual(config.gallery.featured.cards, 12, "the rest keep their defaults")
    }

    func testBadValuesAreNamed() {
        assertError(
            #"{"gallery": {"featured": {"targetBehavior": "sticky"}}}"#, mentions: "gallery.featured.targetBehavior")
        assertError(
            #"{"gallery": {"recent": {"limitBehavior": "sometimes"}}}"#, mentions: "gallery.recent.limitBehavior")
        assertError(#"{"gallery": {"swatches": {"regularCount": 0}}}"#, mentions: "gallery.swatches.regularCount")
        assertError(#"{"gallery": {"featured": {"edgeScale": 1.5}}}"#, mentions: "gallery.featured.edgeScale")
        assertError(#"{"gallery": {"outerTargetBehavior": "magnet"}}"#, mentions: "gallery.outerTargetBehavior")
        assertError(#"{"gallery": {"paddleAnimation": "wobbly"}}"#, mentions: "gallery.paddleAnimation")
        assertError(#"{"gallery": {"compactWidth": -1}}"#, mentions: "gallery.compactWidth")
        assertError(#"{"gallery": {"featured": {"cuont": 2}}}"#, mentions: "gallery.featured.cuont: unknown key")
        assertError(#"{"scroll": {"quickestSettle": 0}}"#, mentions: "scroll.quickestSettle")
    }

    func testScrollBehavioursAreNamedValues() throws {
        XCTAssertThrowsError(
            try ConfigLoader.decode(Data(#"{"gallery": {"featured": {"targetBehavior": "sticky"}}}"#.utf8))
        ) {
            XCTAssertEqual(
                "\($0)",
                #"gallery.featured.targetBehavior: unknown behaviour "sticky" (one of viewAligned, paging, none)"#)
        }
        XCTAssertThrowsError(try ConfigLoader.decode(Data(#"{"gallery": {"outerTargetBehavior": 3}}"#.utf8))) {
            XCTAssertTrue("\($0)".hasPrefix("gallery.outerTargetBehavior"), "\($0)")
        }
        let config = try ConfigLoader.decode(Data(#"{"gallery": {"outerTargetBehavior": "none"}}"#.utf8))
        XCTAssertEqual(config.gallery.outerTargetBehavior, GalleryOuterTargetBehavior.none)
    }
}
