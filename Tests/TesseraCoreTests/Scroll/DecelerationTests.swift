import Foundation
import XCTest

@testable import TesseraCore

final class DecelerationTests: XCTestCase {
    func testRestingOffsetOfAThousandPointsPerSecond() {
        // −1000 / (1000·ln 0.998) = 499.4996…
        XCTAssertEqual(Deceleration.normal.restingOffset(from: 0, velocity: 1000), 499.5, accuracy: 0.01)
        XCTAssertEqual(Deceleration.normal.restingOffset(from: 300, velocity: -1000), 300 - 499.5, accuracy: 0.01)
        XCTAssertEqual(Deceleration.fast.restingOffset(from: 0, velocity: 1000), 99.5, accuracy: 0.01)
    }

    func testVelocityDecaysPerMillisecond() {
        let d = Deceleration.normal
        XCTAssertEqual(d.velocity(initial: 1000, at: 0), 1000)
        XCTAssertEqual(d.velocity(initial: 1000, at: 0.001), 998, accuracy: 1e-9)
        XCTAssertEqual(d.velocity(initial: 1000, at: 1), 1000 * pow(0.998, 1000), accuracy: 1e-9)
        XCTAssertEqual(d.velocity(initial: 1000, at: 1), 135.1, accuracy: 0.1)
        XCTAssertEqual(d.velocity(initial: -1000, at: 1), -135.1, accuracy: 0.1)
    }

    func testOffsetStartsAtOriginAndApproachesRest() {
        let d = Deceleration.normal
        XCTAssertEqual(d.offset(from: 40, velocity: 2000, at: 0), 40, accuracy: 1e-12)
        XCTAssertEqual(
            d.offset(from: 40, velocity: 2000, at: 20), d.restingOffset(from: 40, velocity: 2000), accuracy: 1e-6)
        // Increasing towards the end for a positive velocity.
        XCTAssertGreaterThan(d.offset(from: 40, velocity: 2000, at: 0.5), 40)
    }

    func testOffsetDerivativeIsVelocity() {
        let d = Deceleration.normal
        let h = 1e-6
        for t in [0.0, 0.25, 1.5] {
            let numerical =
                (d.offset(from: 0, velocity: 1500, at: t + h) - d.offset(from: 0, velocity: 1500, at: t - h)) / (2 * h)
            XCTAssertEqual(d.velocity(initial: 1500, at: t), numerical, accuracy: 1e-4)
        }
    }

    func testCodesAsTheBareRate() throws {
        let d = try JSONDecoder().decode(Deceleration.self, from: Data("0.99".utf8))
        XCTAssertEqual(d, .fast)
        XCTAssertEqual(String(decoding: try JSONEncoder().encode(Deceleration.normal), as: UTF8.self), "0.998")
        XCTAssertThrowsError(try JSONDecoder().decode(Deceleration.self, from: Data("1.5".utf8)))
    }

    /// The projection of a fling with UIKit's two rates (docs/BEHAVIOUR.md#deceleration): `x₀ − v₀ / (1000·ln r)`.
    func testProjectionAtBothRates() {
        XCTAssertEqual(Deceleration.normal.restingOffset(from: 0, velocity: 1000), 499.5, accuracy: 0.05)
        XCTAssertEqual(Deceleration.fast.restingOffset(from: 0, velocity: 1000), 99.5, accuracy: 0.05)
        XCTAssertEqual(Deceleration.fast.restingOffset(from: 300, velocity: -2000), 300 - 199, accuracy: 0.1)
    }

    func testConfigsMayNameTheRates() throws {
        XCTAssertEqual(try JSONDecoder().decode(Deceleration.self, from: Data(#""fast""#.utf8)), .fast)
        XCTAssertEqual(try JSONDecoder().decode(Deceleration.self, from: Data(#""normal""#.utf8)), .normal)
        XCTAssertThrowsError(try JSONDecoder().decode(Deceleration.self, from: Data(#""brisk""#.utf8)))
    }
}
