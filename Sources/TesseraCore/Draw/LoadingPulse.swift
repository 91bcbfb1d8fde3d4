import Foundation

/// The slow, subtle pulse of a photo still decoding (a "shimmer"): its brightness as a function of the
/// simulation's time, so it moves with the one clock that moves everything else and a headless frame at a
/// given time always draws the same. The renderer reads it from the draw list (`DrawList.loadingShade`).
enum LoadingPulse {
    /// Seconds per pulse.
    static let period = 1.2
    /// The darkest and brightest shade, fractions of the placeholder grey (235/255 and 1).
    static let darkest = 235.0 / 255

    /// The shade at simulated time `t` (seconds).
    static func shade(at t: Double) -> Double {
        let phase = t.truncatingRemainder(dividingBy: period) / period
        return darkest + (1 - darkest) * (0.5 + 0.5 * sin(phase * 2 * Double.pi))
    }
}
