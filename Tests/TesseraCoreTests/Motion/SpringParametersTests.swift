import Foundation
import XCTest

@testable import TesseraCore

final class SpringParametersTests: XCTestCase {
    func testSwiftUIMappingForInteractiveSpring() {
        let p = SpringParameters.interactiveSpring
        // k = (2π/0.15)², c = 4π·0.86/0.15
        XCTAssertEqual(p.stiffness, 1754.6, accuracy: 0.1)
        XCTAssertEqual(p.damping, 72.05, accuracy: 0.01)
        XCTAssertEqual(p.damping, 2 * p.dampingFraction * p.stiffness.squareRoot(), accuracy: 1e-9)
    }

    func testDurationAndBounceMapping() {
        let bouncy = SpringParameters(duration: 0.5, bounce: 0.3)
        XCTAssertEqual(bouncy.response, 0.5)
        XCTAssertEqual(bouncy.dampingFraction, 0.7, accuracy: 1e-12)
        XCTAssertEqual(bouncy.stiffness, pow(2 * .pi / 0.5, 2), accuracy: 1e-9)
        let flattened = SpringParameters(duration: 0.4, bounce: -0.5)
        XCTAssertEqual(flattened.dampingFraction, 2, accuracy: 1e-12)
        XCTAssertEqual(SpringParameters(duration: 1, bounce: 0).dampingFraction, 1)
    }

    func testPresets() {
        XCTAssertEqual(SpringParameters.interactiveSpring, SpringParameters(response: 0.15, dampingFraction: 0.86))
        XCTAssertEqual(SpringParameters.spring, SpringParameters(response: 0.5, dampingFraction: 0.825))
        XCTAssertEqual(SpringParameters.springLegacy, SpringParameters(response: 0.55, dampingFraction: 0.825))
        XCTAssertEqual(SpringParameters.smooth.dampingFraction, 1)
        XCTAssertEqual(SpringParameters.snappy.dampingFraction, 0.85, accuracy: 1e-12)
        XCTAssertEqual(SpringParameters.bouncy.dampingFraction, 0.7, accuracy: 1e-12)
        for p in [SpringParameters.smooth, .snappy, .bouncy] { XCTAssertEqual(p.response, 0.5) }
    }

    func testCodableUsesSwiftUIKeys() throws {
        let json = Data(#"{"response": 0.3, "dampingFraction": 0.9}"#.utf8)
        let p = try JSONDecoder().decode(SpringParameters.self, from: json)
        XCTAssertEqual(p, SpringParameters(response: 0.3, dampingFraction: 0.9))
        let round = try JSONDecoder().decode(SpringParameters.self, from: JSONEncoder().encode(p))
        XCTAssertEqual(round, p)
        let keys = try JSONSerialization.jsonObject(with: JSONEncoder().encode(p)) as? [String: Double]
        XCTAssertEqual(Set(keys?.keys ?? [:].keys), ["response", "dampingFraction"])
    }

    func testDecodingRejectsNonPositiveResponseNamingTheKey() {
        let json = Data(#"{"response": 0, "dampingFraction": 0.9}"#.utf8)
        XCTAssertThrowsError(try JSONDecoder().decode(SpringParameters.self, from: json)) { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.last?.stringValue, "response")
        }
    }
}
