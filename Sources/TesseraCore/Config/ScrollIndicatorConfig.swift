/// The thin bars that show where a scroll is while it moves, as UIScrollView draws them (Apple's
/// `showsVerticalScrollIndicator` documentation): they appear when a container scrolls and fade out a
/// moment after it rests. Ranges: `checkRanges` below.
struct ScrollIndicatorConfig: Codable, Equatable, Sendable {
    /// The bar's thickness, points (UIKit's is about 3). 1…20.
    var thickness = 3.0
    /// Space between the bar and the container's edges, points. 0…40.
    var inset = 3.0
    /// The shortest a bar gets, however long the content or far the rubber band. 4…400 points.
    var minimumLength = 36.0
    /// Shortest while rubber-banding (the bar squeezes against the edge), points. 1…400; never longer
    /// than `minimumLength`.
    var minimumSqueezedLength = 8.0
    /// The bar's colour: the theme's `indicator` (`Config.indicatorStyle`), not a key of this section.
    var color = Theme.light.indicator
    /// Seconds after the scroll rests before the bar starts fading. 0…10.
    var fadeDelay = 0.5
    /// Seconds the fade takes. 0.01…5.
    var fadeDuration = 0.25
    init() {}

    private enum CodingKeys: String, CodingKey {
        case thickness, inset, minimumLength, minimumSqueezedLength, fadeDelay, fadeDuration
    }
}

extension ScrollIndicatorConfig: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("thickness", thickness, 1...20)
        try c.check("inset", inset, 0...40)
        try c.check("minimumLength", minimumLength, 4...400)
        try c.check("minimumSqueezedLength", minimumSqueezedLength, 1...400)
        try c.check("fadeDelay", fadeDelay, 0...10)
        try c.check("fadeDuration", fadeDuration, 0.01...5)
    }
}
