import TesseraGeometry

/// The destinations scene (the list-to-detail hero article): a list of places; a tap flies the image to the top of a
/// detail view.
struct DestinationsConfig: SceneConfig {
    static let key = "destinations"
    var title = "Destinations"
    /// Between list items (`VStack(spacing: 20)`).
    var spacing = 20.0
    /// Around the list (`.padding(.all, 20)`).
    var padding = 20.0
    /// `.cornerRadius(10)` on each image.
    var cornerRadius = 10.0
    /// `.shadow(radius: 5)`.
    var shadow = ShadowConfig()
    /// Width / height used for a place whose image cannot be read (it draws as a placeholder).
    var fallbackAspectRatio = 2.0
    /// Preset for the hero and the fades: the article's bare `withAnimation` is `Animation.default`, on
    /// iOS 17 a critically damped spring of response 0.55.
    var animation = SpringName.default
    var detail = DestinationDetailConfig()
    init() {}
}

/// A soft drop shadow (SwiftUI's `.shadow(radius:)`: black at 33 %, no offset).
struct ShadowConfig: Codable, Equatable, Sendable {
    /// Blur radius in points; the shadow fades out over about 1.5 × this beyond the shape.
    var radius = 5.0
    var color = Color(0, 0, 0, 84)
    init() {}
}

/// The detail view the image flies to: image on top at full width, title, wrapped details, a close button.
struct DestinationDetailConfig: Codable, Equatable, Sendable {
    /// Tallest the image may be, as a fraction of the window's height, so the text keeps some room in
    /// wide windows; below that the image is as wide as the window (aspect-fit).
    var maxImageHeightFraction = 0.75
    /// Between image, title and details (a `VStack`'s default spacing).
    var spacing = 8.0
    /// `.font(.title)`.
    var titleSize = 28.0
    /// `.font(.callout)`.
    var detailsSize = 16.0
    /// `.padding(.horizontal)` around the details, and below them.
    var padding = 16.0
    var closeButton = CloseButtonConfig()
    var backSwipe = BackSwipeConfig()
    init() {}
}

/// The left-edge back swipe that closes the detail view, as UINavigationController's
/// `interactivePopGestureRecognizer` pops a pushed view: a drag that starts near the leading edge moves the
/// view with the finger and, released far enough along or moving fast enough, closes it.
struct BackSwipeConfig: Codable, Equatable, Sendable {
    /// Points from the window's left edge within which a rightward drag is a back swipe (UIKit's
    /// edge-pan region is about 20 pt).
    var edgeWidth = 20.0
    /// A release past this fraction of the window's width closes (UIKit completes the pop past half way).
    var distanceFraction = 0.5
    /// A release moving right faster than this (points/second) closes, however short the swipe.
    var velocity = 500.0
    init() {}
}

/// Top-right close button: a white "×" on a black circle at 80 % opacity (as in the article).
struct CloseButtonConfig: Codable, Equatable, Sendable {
    var diameter = 44.0
    /// From the window's top and trailing edges.
    var margin = 16.0
    var background = Color(0, 0, 0, 204)
    var glyph = Color(255, 255, 255)
    /// Length of each stroke of the "×" across its box, and the strokes' width, in points.
    var glyphSize = 14.0
    var lineWidth = 2.0
    init() {}
}

extension DestinationsConfig {
    /// The detail's title and text follow the text scale (`Config.applyingTextScale()`).
    func scalingText(by factor: Double, grow: Double) -> DestinationsConfig {
        var c = self
        c.detail.titleSize *= factor
        c.detail.detailsSize *= factor
        return c
    }
}

extension DestinationsConfig: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("spacing", spacing, 0...500)
        try c.check("padding", padding, 0...500)
        try c.check("cornerRadius", cornerRadius, 0...1000)
        try c.section("shadow", shadow)
        try c.check("fallbackAspectRatio", fallbackAspectRatio, 0.05...20)
        try c.section("detail", detail)
    }
}

extension ShadowConfig: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("radius", radius, 0...100)
    }
}

extension DestinationDetailConfig: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("maxImageHeightFraction", maxImageHeightFraction, 0.05...1)
        try c.check("spacing", spacing, 0...500)
        try c.check("titleSize", titleSize, 1...200)
        try c.check("detailsSize", detailsSize, 1...200)
        try c.check("padding", padding, 0...500)
        try c.section("closeButton", closeButton)
        try c.section("backSwipe", backSwipe)
    }
}

extension BackSwipeConfig: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("edgeWidth", edgeWidth, 1...200)
        try c.check("distanceFraction", distanceFraction, 0.05...1)
        try c.check("velocity", velocity, 0...10000)
    }
}

extension CloseButtonConfig: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("diameter", diameter, 1...500)
        try c.check("margin", margin, 0...500)
        try c.check("glyphSize", glyphSize, 1...500)
        try c.check("lineWidth", lineWidth, 0.5...100)
    }
}

extension Config {
    /// The destinations scene's section (`"destinations": {…}`).
    var destinations: DestinationsConfig {
        get { self[DestinationsConfig.self] }
        set { self[DestinationsConfig.self] = newValue }
    }
}
