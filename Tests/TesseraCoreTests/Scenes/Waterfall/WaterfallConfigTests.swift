import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraCore

/// The waterfall's config keys.
final class WaterfallConfigTests: XCTestCase {
    private func assertError(_ json: String, mentions text: String, line: UInt = #line) {
        XCTAssertThrowsError(try ConfigLoader.decode(Data(json.utf8)), line: line) { error in
            XCTAssertTrue("\(error)".contains(text), "\"\(error)\" should mention \(text)", line: line)
        }
    }

    func testDefaultsAreTheArticles() {
        let c = Config()
        XCTAssertEqual(c.waterfall.columns, 2)
        XCTAssertEqual(c.waterfall.spacing, 5)
        XCTAssertEqual(c.waterfall.padding, 5)
        XCTAssertEqual(c.waterfall.cornerRadius, 5)
        XCTAssertEqual(c.waterfall.distribution, .split)
        XCTAssertEqual(c.spring(c.waterfall.animation), .spring)
    }

    func testOverridesAndErrors() throws {
        let c = try ConfigLoader.decode(Data(#"{"waterfall": {"distribution": "balanced", "columns": 3}}"#.utf8))
        XCTAssertEqual(c.waterfall.distribution, .balanced)
        XCTAssertEqual(c.waterfall.columns, 3)
        assertError(#"{"waterfall": {"distribution": "zigzag"}}"#, mentions: "waterfall.distribution")
        assertError(#"{"waterfall": {"columns": 0}}"#, mentions: "waterfall.columns")
        assertError(#"{"waterfall": {"animation": "wobbly"}}"#, mentions: "waterfall.animation")
        assertError(#"{"waterfall": {"backdrop": {"tint": "white"}}}"#, mentions: "waterfall.backdrop.tint")
    }
}
