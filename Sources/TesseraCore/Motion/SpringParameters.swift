import Foundation

/// A spring described the way SwiftUI describes one: how long it takes to
/// oscillate (`response`, seconds) and how much it is damped
/// (`dampingFraction`, ζ: 0 never stops, 1 is critically damped, > 1 creeps).
///
/// The mass is always 1, so stiffness and damping follow from SwiftUI's mapping (Apple's `Spring`;
/// docs/BEHAVIOUR.md#spring-parameters-and-presets): `k = (2π / response)²` (1/s²),
/// `c = 4π·ζ / response` (1/s).
///
/// Encoded as `{"response": 0.5, "dampingFraction": 0.825}`; decoding rejects a
/// response that is not positive or a negative damping fraction, naming the key.
struct SpringParameters: Equatable, Hashable, Sendable, Codable {
    /// Period of the undamped oscillation, in seconds (SwiftUI's `response`).
    var response: Double
    /// Damping ratio ζ, dimensionless (SwiftUI's `dampingFraction`).
    var dampingFraction: Double

    /// - Parameters:
    ///   - response: seconds, > 0.
    ///   - dampingFraction: ζ, ≥ 0.
    init(response: Double, dampingFraction: Double) {
        precondition(response > 0, "SpringParameters: response must be > 0 seconds")
        precondition(dampingFraction >= 0, "SpringParameters: dampingFraction must be ≥ 0")
        self.response = response
        self.dampingFraction = dampingFraction
    }

    /// SwiftUI's perceptual form (`Spring(duration:bounce:)`): `duration` in
    /// seconds becomes the response; `bounce` in (−1, 1) maps to
    /// `ζ = 1 − bounce` for bounce ≥ 0 and `ζ = 1 / (1 + bounce)` for bounce < 0.
    init(duration: Double, bounce: Double) {
        precondition(bounce > -1, "SpringParameters: bounce must be > -1")
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        self.init(response: duration, dampingFraction: zeta)
    }

    /// Stiffness k for mass 1, in 1/s²: `(2π / response)²`.
    var stiffness: Double {
        let omega = 2 * Double.pi / response
        return omega * omega
    }

    /// Damping coefficient c for mass 1, in 1/s: `4π·ζ / response` (= 2ζ√k).
    var damping: Double { 4 * Double.pi * dampingFraction / response }

    // MARK: Named presets (SwiftUI's values)

    /// `Animation.interactiveSpring()`: response 0.15 s, ζ 0.86.
    static let interactiveSpring = SpringParameters(response: 0.15, dampingFraction: 0.86)
    /// `Animation.spring()` (iOS 17 default): response 0.5 s, ζ 0.825.
    static let spring = SpringParameters(response: 0.5, dampingFraction: 0.825)
    /// `Animation.spring()` before iOS 17: response 0.55 s, ζ 0.825.
    static let springLegacy = SpringParameters(response: 0.55, dampingFraction: 0.825)
    /// `Animation.smooth`: duration 0.5 s, bounce 0 (critically damped).
    static let smooth = SpringParameters(duration: 0.5, bounce: 0)
    /// `Animation.snappy`: duration 0.5 s, bounce 0.15 (ζ 0.85).
    static let snappy = SpringParameters(duration: 0.5, bounce: 0.15)
    /// `Animation.bouncy`: duration 0.5 s, bounce 0.3 (ζ 0.7).
    static let bouncy = SpringParameters(duration: 0.5, bounce: 0.3)
    /// `Animation.default` from iOS 17, what a bare `withAnimation { … }` uses: response 0.55 s, ζ 1
    /// (critically damped).
    static let `default` = SpringParameters(response: 0.55, dampingFraction: 1)

    // MARK: Codable

    private enum CodingKeys: String, CodingKey {
        case response, dampingFraction
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let response = try c.decode(Double.self, forKey: .response)
        let dampingFraction = try c.decode(Double.self, forKey: .dampingFraction)
        guard response > 0, response.isFinite else {
            throw DecodingError.dataCorruptedError(
                forKey: .response, in: c, debugDescription: "response must be a positive number of seconds")
        }
        guard dampingFraction >= 0, dampingFraction.isFinite else {
            throw DecodingError.dataCorruptedError(
                forKey: .dampingFraction, in: c, debugDescription: "dampingFraction must be ≥ 0")
        }
        self.init(response: response, dampingFraction: dampingFraction)
    }
}
