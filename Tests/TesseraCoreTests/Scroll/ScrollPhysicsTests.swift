import Foundation
import XCTest

@testable import TesseraCore

/// `ScrollPhysics` decoding. (Named `ScrollAxis…` so the scroll filter picks it up.)
final class ScrollAxisPhysicsTests: XCTestCase {
    func testDefaults() {
        let p = ScrollPhysics()
        XCTAssertEqual(p.deceleration, .normal)
        XCTAssertEqual(p.rubberBandCoefficient, 0.55)
        XCTAssertEqual(p.bounce, SpringParameters(response: 0.4, dampingFraction: 1))
        XCTAssertEqual(p.restVelocity, 10)
        XCTAssertEqual(p.scrollAnimation, .interactiveSpring)
    }

    func testMissingKeysKeepDefaults() throws {
        XCTAssertEqual(try JSONDecoder().decode(ScrollPhysics.self, from: Data("{}".utf8)), ScrollPhysics())
        let p = try JSONDecoder().decode(
            ScrollPhysics.self,
            from: Data(#"{"deceleration": 0.99, "bounce": {"response": 0.3, "dampingFraction": 0.9}}"#.utf8))
        XCTAssertEqual(p.deceleration, .fast)
        XCTAssertEqual(p.bounce, SpringParameters(response: 0.3, dampingFraction: 0.9))
        XCTAssertEqual(p.restVelocity, 10)
    }

    func testRoundTrip() throws {
        var p = ScrollPhysics()
        p.restVelocity = 25
        p.scrollAnimation = .snappy
        XCTAssertEqual(try JSONDecoder().decode(ScrollPhysics.self, from: JSONEncoder().encode(p)), p)
    }

    func testBadValueNamesItsKey() {
        for (json, key) in [(#"{"restVelocity": -1}"#, "restVelocity"), (#"{"deceleration": 2}"#, "deceleration")] {
            XCTAssertThrowsError(try JSONDecoder().decode(ScrollPhysics.self, from: Data(json.utf8))) { error in
                guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
                XCTAssertTrue(context.codingPath.map(\.stringValue).contains(key), "\(context.codingPath)")
            }
        }
    }
}
