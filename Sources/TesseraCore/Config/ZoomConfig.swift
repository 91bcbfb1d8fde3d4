/// The fullscreen photo's zoom, pan and swipe-down dismissal (docs/SCENES.md, "Zoom and swipe to dismiss";
/// docs/BEHAVIOUR.md#zoom-and-swipe-to-dismiss), and the double tap that toggles the zoom. Ranges: `checkRanges` below.
struct ZoomConfig: Codable, Equatable, Sendable {
    /// The most a photo zooms past fit (1 = fit). 1…32; a pinch past it resists and springs back.
    var maxScale = 4.0
    /// Where a double tap at fit zooms to, about the tapped point. 1…32; never past `maxScale`.
    var doubleTapScale = 2.0
    /// How hard a pinch past 1× or `maxScale` resists: the rubber band's coefficient on the scale's
    /// ratio past the limit (UIScrollView's 0.55 for offsets). 0.01…1.
    var rubberBand = 0.55
    /// The spring that settles scale and pan after a pinch, a double tap or a Ctrl+wheel step.
    var spring = SpringParameters(response: 0.35, dampingFraction: 1)
    /// Zoom factor per Ctrl+wheel notch (desktops). 1.01…4.
    var wheelScalePerNotch = 1.15
    /// Seconds between two taps' releases for a double tap (UIKit's is about 0.35). 0.05…1. A single tap
    /// on the fullscreen photo closes it only once this has passed without a second tap.
    var doubleTapInterval = 0.3
    /// How far apart (points) the two taps of a double tap may be. 0…200.
    var doubleTapDistance = 40.0
    /// Points down at which a swipe's progress reaches 1 (the backdrop gone, the photo at its smallest).
    /// 50…2000.
    var dismissDistance = 300.0
    /// How much smaller the photo is at progress 1 (0.25: three quarters of its size). 0…0.9.
    var dismissShrink = 0.25
    /// A release moving down faster than this (points/second) dismisses, however short the swipe.
    /// 0…10000.
    var dismissVelocity = 600.0
    /// A release farther down than this (points) dismisses unless it is moving back up. 0…2000.
    var dismissThreshold = 120.0
    /// Between neighbouring photos while paging (points): a page is the window's width plus this
    /// (`UIPageViewController`'s `interPageSpacing`) *(ours)*.
    var pageSpacing = 20.0
    init() {}
}

extension ZoomConfig: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("maxScale", maxScale, 1...32)
        try c.check("doubleTapScale", doubleTapScale, 1...32)
        try c.check("rubberBand", rubberBand, 0.01...1)
        try c.section("spring", spring)
        try c.check("wheelScalePerNotch", wheelScalePerNotch, 1.01...4)
        try c.check("doubleTapInterval", doubleTapInterval, 0.05...1)
        try c.check("doubleTapDistance", doubleTapDistance, 0...200)
        try c.check("dismissDistance", dismissDistance, 50...2000)
        try c.check("dismissShrink", dismissShrink, 0...0.9)
        try c.check("dismissVelocity", dismissVelocity, 0...10000)
        try c.check("dismissThreshold", dismissThreshold, 0...2000)
        try c.check("pageSpacing", pageSpacing, 0...500)
    }
}
