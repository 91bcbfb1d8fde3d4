import Foundation

/// UIScrollView's fling: velocity decays by a fixed `rate` every millisecond
/// (`UIScrollView.DecelerationRate`; Flutter's `ClampingScrollSimulation`
/// cites the same 0.998). With t in seconds, x in points and v in points/second
/// (docs/BEHAVIOUR.md#deceleration):
///
///     v(t) = v₀·r^(1000t)
///     x(t) = x₀ + v₀·(r^(1000t) − 1) / (1000·ln r)
///     x(∞) = x₀ − v₀ / (1000·ln r)          // 1000 pt/s at 0.998 → ≈ 499.5 pt
///
/// Signs follow the scroll offset: a positive velocity moves the offset towards
/// the end of the content and the fling rests further along.
///
/// Encoded as the bare rate, e.g. `"deceleration": 0.998`; configs may also name
/// UIKit's rates, `"normal"` or `"fast"`.
struct Deceleration: Equatable, Hashable, Sendable {
    /// Fraction of the velocity kept after each millisecond, in (0, 1).
    var rate: Double

    init(rate: Double) {
        precondition(rate > 0 && rate < 1, "Deceleration: rate must be in (0, 1)")
        self.rate = rate
    }

    /// `UIScrollView.DecelerationRate.normal`: 0.998 per ms.
    static let normal = Deceleration(rate: 0.998)
    /// `UIScrollView.DecelerationRate.fast`: 0.99 per ms.
    static let fast = Deceleration(rate: 0.99)

    /// 1000·ln r, in 1/s (negative): the velocity's exponential decay constant.
    var decayPerSecond: Double { 1000 * log(rate) }

    /// Velocity in points/second `t` seconds after a fling at `v0` points/second.
    func velocity(initial v0: Double, at t: Double) -> Double {
        v0 * pow(rate, 1000 * t)
    }

    /// Offset in points `t` seconds after a fling from `x0` points at `v0` points/second.
    func offset(from x0: Double, velocity v0: Double, at t: Double) -> Double {
        x0 + v0 * (pow(rate, 1000 * t) - 1) / decayPerSecond
    }

    /// Where a fling from `x0` points at `v0` points/second comes to rest, in points.
    func restingOffset(from x0: Double, velocity v0: Double) -> Double {
        x0 - v0 / decayPerSecond
    }
}

extension Deceleration: Codable {
    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let name = try? c.decode(String.self) {
            switch name {
            case "normal": self = .normal
            case "fast": self = .fast
            default:
                throw DecodingError.dataCorruptedError(
                    in: c,
                    debugDescription: "unknown deceleration \"\(name)\" (a rate such as 0.998, \"normal\" or \"fast\")")
            }
            return
        }
        let rate = try c.decode(Double.self)
        guard rate > 0 && rate < 1 else {
            throw DecodingError.dataCorruptedError(
                in: c, debugDescription: "deceleration rate must be in (0, 1), e.g. 0.998")
        }
        self.init(rate: rate)
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rate)
    }
}
