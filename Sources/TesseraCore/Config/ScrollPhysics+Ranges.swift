/// Ranges of the motion numbers a config may set (`ConfigRanges.swift`).
///
/// Springs: a response from 10 ms (faster than a 120 Hz step can show) to 10 s, a damping fraction up
/// to 10 (overdamped far past any preset; SwiftUI's presets use 0.7–1). Outside them the closed-form
/// solution's exponents overflow or its stiffness rounds to zero: NaN frames, or a precondition.
extension SpringParameters: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("response", response, 0.01...10)
        try c.check("dampingFraction", dampingFraction, 0.01...10)
    }
}

/// UIScrollView's rates are 0.998 (`.normal`) and 0.99 (`.fast`) per millisecond; 0.5 stops at
/// once, 0.9999 glides for seconds.
extension ScrollPhysics: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("deceleration", deceleration.rate, 0.5...0.9999)
        try c.check("rubberBandCoefficient", rubberBandCoefficient, 0.01...1)
        try c.section("bounce", bounce)
        try c.check("restVelocity", restVelocity, 0...1000)
        try c.section("scrollAnimation", scrollAnimation)
        try c.check("quickestSettle", quickestSettle, 0.01...10)
        try c.check("maxFlingVelocity", maxFlingVelocity, 1...100_000)
        try c.check("finishSpeed", finishSpeed, 0...10_000)
        try c.check("edgeLanding", edgeLanding, 0.05...5)
    }
}
