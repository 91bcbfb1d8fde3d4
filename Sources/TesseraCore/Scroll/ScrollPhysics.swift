import Foundation

/// The tunable numbers of one scroll axis. Every field has a default, so a
/// config may give any subset of keys:
///
///     {"deceleration": 0.998, "rubberBandCoefficient": 0.55,
///      "bounce": {"response": 0.4, "dampingFraction": 1.0},
///      "restVelocity": 10,
///      "scrollAnimation": {"response": 0.15, "dampingFraction": 0.86},
///      "quickestSettle": 0.1, "maxFlingVelocity": 8000, "finishSpeed": 200, "edgeLanding": 0.8}
struct ScrollPhysics: Equatable, Sendable, Codable {
    /// How a released fling slows down (UIScrollView `.normal`: 0.998 per ms).
    var deceleration: Deceleration
    /// Rubber-band coefficient c of `RubberBand.displayed` (UIKit: 0.55), dimensionless.
    var rubberBandCoefficient: Double
    /// Spring that brings the offset back from overscroll, and that pulls a slow
    /// release into the target its `ScrollTargetBehavior` picked (`ScrollAxis+Settle.swift`). Critically
    /// damped with a 0.4 s response: UIKit's bounce-back returns in about half a
    /// second without oscillating.
    var bounce: SpringParameters
    /// Points/second: a release slower than this does not fling; the offset
    /// stays where the finger left it.
    var restVelocity: Double
    /// Spring for animated `scroll(to:)` / `scroll(by:)` (wheel, keys, scrollTo(id)).
    var scrollAnimation: SpringParameters
    /// Seconds: the shortest response of a glide to a picked target (a hard fling stopped one card on).
    var quickestSettle: Double
    /// Points/second: the fastest a release can fling (Flutter's `kMaxFlingVelocity`, about what
    /// UIKit's fastest swipe gives); a flick measured faster is capped.
    var maxFlingVelocity: Double
    /// Points/second: a glide (a fling, or a critically damped spring to a picked target) slower than
    /// this finishes its remaining distance at constant deceleration instead of creeping on
    /// exponentially — it lands exactly where it was going, with no jump in position or velocity, in
    /// 2/k = 1 s at 0.998 instead of several. So the hardest fling is at rest within 3 s of release:
    /// ln(8000/200)/2 + 1 ≈ 2.8 s.
    var finishSpeed: Double
    /// Seconds: the longest a glide onto a target its `ScrollTargetBehavior` picked at the content's start
    /// or end takes (`ScrollAxis+Settle.swift`). Such a target is often short of where the fling would
    /// rest (the last card cannot reach the margin), and an exponential glide to it creeps for seconds;
    /// it lands within this time instead, as a fling into a plain edge is back within about the bounce's.
    var edgeLanding: Double

    init(
        deceleration: Deceleration = .normal,
        rubberBandCoefficient: Double = RubberBand.defaultCoefficient,
        bounce: SpringParameters = SpringParameters(response: 0.4, dampingFraction: 1.0),
        restVelocity: Double = 10,
        scrollAnimation: SpringParameters = .interactiveSpring,
        quickestSettle: Double = 0.1,
        maxFlingVelocity: Double = 8000,
        finishSpeed: Double = 200,
        edgeLanding: Double = 0.8
    ) {
        self.deceleration = deceleration
        self.rubberBandCoefficient = rubberBandCoefficient
        self.bounce = bounce
        self.restVelocity = restVelocity
        self.scrollAnimation = scrollAnimation
        self.quickestSettle = quickestSettle
        self.maxFlingVelocity = maxFlingVelocity
        self.finishSpeed = finishSpeed
        self.edgeLanding = edgeLanding
    }

    private enum CodingKeys: String, CodingKey {
        case deceleration, rubberBandCoefficient, bounce, restVelocity, scrollAnimation, quickestSettle
        case maxFlingVelocity, finishSpeed, edgeLanding
    }

    /// Missing keys keep their defaults; a bad value is an error naming its key.
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = ScrollPhysics()
        deceleration = try c.decodeIfPresent(Deceleration.self, forKey: .deceleration) ?? defaults.deceleration
        rubberBandCoefficient =
            try c.decodeIfPresent(Double.self, forKey: .rubberBandCoefficient) ?? defaults.rubberBandCoefficient
        bounce = try c.decodeIfPresent(SpringParameters.self, forKey: .bounce) ?? defaults.bounce
        restVelocity = try c.decodeIfPresent(Double.self, forKey: .restVelocity) ?? defaults.restVelocity
        scrollAnimation =
            try c.decodeIfPresent(SpringParameters.self, forKey: .scrollAnimation) ?? defaults.scrollAnimation
        quickestSettle = try c.decodeIfPresent(Double.self, forKey: .quickestSettle) ?? defaults.quickestSettle
        maxFlingVelocity =
            try c.decodeIfPresent(Double.self, forKey: .maxFlingVelocity) ?? defaults.maxFlingVelocity
        finishSpeed = try c.decodeIfPresent(Double.self, forKey: .finishSpeed) ?? defaults.finishSpeed
        edgeLanding = try c.decodeIfPresent(Double.self, forKey: .edgeLanding) ?? defaults.edgeLanding
        // Every number must be finite and in range; the error names the key.
        for (key, value, positive, unit) in [
            (CodingKeys.rubberBandCoefficient, rubberBandCoefficient, true, ""),
            (.restVelocity, restVelocity, false, " points/second"), (.quickestSettle, quickestSettle, true, " seconds"),
            (.maxFlingVelocity, maxFlingVelocity, true, " points/second"),
            (.finishSpeed, finishSpeed, false, " points/second"), (.edgeLanding, edgeLanding, true, " seconds"),
        ] where !value.isFinite || value < 0 || (positive && value == 0) {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: c, debugDescription: "\(key.stringValue) must be \(positive ? ">" : "≥") 0\(unit)")
        }
    }
}
