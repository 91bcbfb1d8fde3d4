/// Ranges of the zoom and scroll indicator settings (documented on `ZoomConfig` and
/// `ScrollIndicatorConfig`).
extension ConfigLoader {
    static func validateZoom(_ config: Config) throws {
        let z = config.zoom
        try inRange("zoom.maxScale", z.maxScale, 1...32)
        try inRange("zoom.doubleTapScale", z.doubleTapScale, 1...z.maxScale)
        try inRange("zoom.rubberBand", z.rubberBand, 0.01...1)
        try positive("zoom.spring.response", z.spring.response)
        try inRange("zoom.wheelScalePerNotch", z.wheelScalePerNotch, 1.01...4)
        try inRange("zoom.doubleTapInterval", z.doubleTapInterval, 0.05...1)
        try inRange("zoom.doubleTapDistance", z.doubleTapDistance, 0...200)
        try inRange("zoom.dismissDistance", z.dismissDistance, 50...2000)
        try inRange("zoom.dismissShrink", z.dismissShrink, 0...0.9)
        try inRange("zoom.dismissVelocity", z.dismissVelocity, 0...10000)
        try inRange("zoom.dismissThreshold", z.dismissThreshold, 0...2000)
        let s = config.scrollIndicators
        try inRange("scrollIndicators.thickness", s.thickness, 1...20)
        try inRange("scrollIndicators.inset", s.inset, 0...40)
        try inRange("scrollIndicators.minimumLength", s.minimumLength, 4...400)
        try inRange("scrollIndicators.minimumSqueezedLength", s.minimumSqueezedLength, 1...s.minimumLength)
        try inRange("scrollIndicators.fadeDelay", s.fadeDelay, 0...10)
        try inRange("scrollIndicators.fadeDuration", s.fadeDuration, 0.01...5)
    }

    private static func inRange(_ key: String, _ value: Double, _ range: ClosedRange<Double>) throws {
        guard value.isFinite, range.contains(value) else {
            throw Error(message: "\(key): must be in \(range.lowerBound)…\(range.upperBound), got \(value)")
        }
    }
}
