import Foundation
import TesseraGeometry
import XCTest

@testable import TesseraCore

/// The destinations' config keys, and their sizes under the text scale and in the kiosk.
final class DestinationsConfigTests: XCTestCase {
    private func assertError(_ json: String, mentions text: String, line: UInt = #line) {
        XCTAssertThrowsError(try ConfigLoader.decode(Data(json.utf8)), line: line) { error in
            XCTAssertTrue("\(error)".contains(text), "\"\(error)\" should mention \(text)", line: line)
        }
    }

    func testDefaultsAreTheArticles() {
        let c = Config()
        XCTAssertEqual(c.destinations.spacing, 20)
        XCTAssertEqual(c.destinations.padding, 20)
        XCTAssertEqual(c.destinations.cornerRadius, 10)
        XCTAssertEqual(c.destinations.shadow.radius, 5)
        XCTAssertEqual(c.destinations.detail.closeButton.background, Color(0, 0, 0, 204), "black at 80 %")
    }

    func testErrorsNameTheKey() {
        assertError(#"{"destinations": {"animation": "wobbly"}}"#, mentions: "destinations.animation")
        assertError(#"{"destinations": {"detail": {"titleSize": 0}}}"#, mentions: "destinations.detail.titleSize")
        assertError(##"{"destinations": {"shadow": {"colour": "#000000"}}}"##, mentions: "destinations.shadow.colour")
    }

    func testTheDetailsTextFollowsTheTextScale() {
        var config = Config()
        config.textScale = 1.5
        let scaled = config.applyingTextScale()
        XCTAssertEqual(scaled.destinations.detail.titleSize, 42)
        XCTAssertEqual(scaled.destinations.detail.detailsSize, 24)
    }

    /// Apple's Human Interface Guidelines: "provide ample touch targets", 44 × 44 pt.
    func testTheKioskConfigMakesTheCloseButtonFortyFourPoints() throws {
        let config = try ConfigLoader.load(path: repositoryResources.resolve("Configs/kiosk.json"))
        XCTAssertGreaterThanOrEqual(config.destinations.detail.closeButton.diameter, 44, "close button")
    }
}
