import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraCore

/// The waterfall's and destinations' config keys.
final class HeroConfigTests: XCTestCase {
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
        XCTAssertEqual(c.destinations.spacing, 20)
        XCTAssertEqual(c.destinations.padding, 20)
        XCTAssertEqual(c.destinations.cornerRadius, 10)
        XCTAssertEqual(c.destinations.shadow.radius, 5)
        XCTAssertEqual(c.destinations.detail.closeButton.background, Color(0, 0, 0, 204), "black at 80 %")
    }

    func testOverridesAndErrors() throws {
        let c = try ConfigLoader.decode(Data(#"{"waterfall": {"distribution": "balanced", "columns": 3}}"#.utf8))
        XCTAssertEqual(c.waterfall.distribution, .balanced)
        XCTAssertEqual(c.waterfall.columns, 3)
        assertError(#"{"waterfall": {"distribution": "zigzag"}}"#, mentions: "waterfall.distribution")
        assertError(#"{"waterfall": {"columns": 0}}"#, mentions: "waterfall.columns")
        assertError(#"{"waterfall": {"animation": "wobbly"}}"#, mentions: "waterfall.animation")
        assertError(#"{"destinations": {"animation": "wobbly"}}"#, mentions: "destinations.animation")
        assertError(#"{"destinations": {"detail": {"titleSize": 0}}}"#, mentions: "destinations.detail.titleSize")
        assertError(##"{"destinations": {"shadow": {"colour": "#000000"}}}"##, mentions: "destinations.shadow.colour")
        assertError(#"{"waterfall": {"backdrop": {"tint": "white"}}}"#, mentions: "waterfall.backdrop.tint")
    }
}
