/// The gallery scene (WWDC 2023 "Beyond scroll views"): an outer vertical scroll of sections,
/// each a label over a horizontally scrolling row of cards. Numbers are the session's unless marked ours.
struct GalleryConfig: SceneConfig {
    static let key = "gallery"
    var title = "Gallery"
    /// `session`: the session's cards — red, blue and green on the background (`.background()`) — and its
    /// paddles, plain chevrons in the accent colour on the Featured header row. `palettes`: Tessera's
    /// palette cards from `palettes` and translucent discs over the row's ends.
    var look = GalleryLook.session
    /// The palette asset file: relative to Tessera's folder (where `Assets/` is), or absolute.
    var palettes = "Assets/Gallery/palettes.json"
    /// Windows narrower than this many points are in the compact size class (ours).
    var compactWidth = 700.0
    /// Labels' inset and the dividers' inset from the window's sides (the session's sample code: `hMargin`, iOS).
    var horizontalMargin = 20.0
    /// Space below each section; half of it above (the session's `sectionSpacing`).
    var sectionSpacing = 20.0
    /// Between a section's label and its row (SwiftUI's default VStack spacing).
    var labelSpacing = 8.0
    /// Section labels: `.title2.bold()` is 22 points on a 28-point line.
    var labelSize = 22.0
    var labelLineHeight = 28.0
    /// The Featured header's second line: the name at the scroll position (the session at 9:46: VStack spacing 2).
    var positionSize = 15.0
    var positionLineHeight = 20.0
    var positionSpacing = 2.0
    /// Dividers (SwiftUI's `Divider`): thickness in points; the colour is the theme's `separator`.
    var dividerThickness = 1.0
    /// The outer scroll's target behaviour: `snapToTop` (the article's custom behaviour) or `none`.
    var outerTargetBehavior = GalleryOuterTargetBehavior.snapToTop
    /// The article's threshold: a fling towards the top ending above this fraction of the container's
    /// height rests at the top (`target.rect.minY < containerSize.height / 3`).
    var snapToTopFraction = 1.0 / 3.0
    /// Preset for the paddles' `withAnimation { mainID = … }`: SwiftUI's default animation.
    var paddleAnimation = SpringName.default
    /// Preset that carries cards and rows to their new frames when the window is resized (ours).
    var resizeAnimation = SpringName.smooth
    /// Horizontal wheel travel, in notches, that moves a snapping row by one card or page (ours).
    var wheelNotchesPerTarget = 1.0
    var paddle = GalleryPaddleConfig()
    var featured = GalleryRowConfig(
        title: "Featured", cards: 12, firstPalette: 0, compactCount: 1, regularCount: 2, spacing: 10,
        contentMargin: 20, aspectRatio: 16.0 / 9.0, cornerRadius: 20, stackPadding: 20, stackOffset: 20)
    var recent = GalleryRowConfig(
        title: "Recently Added", cards: 12, firstPalette: 4, compactCount: 2, regularCount: 3, spacing: 10,
        contentMargin: 20, aspectRatio: 4.0 / 3.0, cornerRadius: 16, stackPadding: 14, stackOffset: 14)
    var collections = GalleryRowConfig(
        title: "Collections", cards: 12, firstPalette: 8, compactCount: 2, regularCount: 4, spacing: 10,
        contentMargin: 5, aspectRatio: 1, cornerRadius: 14, stackPadding: 12, stackOffset: 12,
        targetBehavior: .paging)
    var swatches = GalleryRowConfig(
        title: "Swatches", cards: 16, firstPalette: 2, compactCount: 3, regularCount: 6, spacing: 8,
        contentMargin: 20, aspectRatio: 1, cornerRadius: 12, stackPadding: 10, stackOffset: 10)
    init() {}

    /// The rows in the order they are shown, with their container ids.
    var rows: [(id: String, config: GalleryRowConfig)] {
        [("featured", featured), ("recent", recent), ("collections", collections), ("swatches", swatches)]
    }
}

/// How the gallery's cards and paddles look (`gallery.look`).
enum GalleryLook: String, Codable, Equatable, Sendable, CaseIterable {
    case session, palettes

    init(from decoder: Decoder) throws { self = try decodeConfigName(decoder, "look") }
}

/// One section's row of cards (`GalleryHeroContent` in the session).
struct GalleryRowConfig: Codable, Equatable, Sendable {
    var title: String
    /// How many cards; card i shows palette `(firstPalette + i) mod palettes`.
    var cards: Int
    var firstPalette: Int
    /// `containerRelativeFrame(.horizontal, count:, spacing:)`'s count per size class.
    var compactCount: Int
    var regularCount: Int
    /// Between cards (the session's `hSpacing`).
    var spacing: Double
    /// Leading and trailing content margins (the session's `.contentMargins(.horizontal, hMargin)`).
    var contentMargin: Double
    /// Width / height (the session's `heroRatio` 16:9).
    var aspectRatio: Double
    /// The session's `.clipShape(.rect(cornerRadius: 20))`.
    var cornerRadius: Double
    /// The colour stack's padding inside the card, and its outer rectangles' offset (the session: both 20).
    var stackPadding: Double
    var stackOffset: Double
    /// `scrollTransition` scale at phase ±1 (0.8 in the session); 1 turns the effect off.
    var edgeScale: Double
    /// `viewAligned`, `paging` or `none`.
    var targetBehavior: GalleryRowTargetBehavior
    /// viewAligned's `automatic`, `always` or `never`.
    var limitBehavior: ViewAlignedScrollTargetBehavior.LimitBehavior

    init(
        title: String, cards: Int, firstPalette: Int, compactCount: Int, regularCount: Int, spacing: Double,
        contentMargin: Double, aspectRatio: Double, cornerRadius: Double, stackPadding: Double, stackOffset: Double,
        edgeScale: Double = 0.8, targetBehavior: GalleryRowTargetBehavior = .viewAligned,
        limitBehavior: ViewAlignedScrollTargetBehavior.LimitBehavior = .automatic
    ) {
        self.title = title
        self.cards = cards
        self.firstPalette = firstPalette
        self.compactCount = compactCount
        self.regularCount = regularCount
        self.spacing = spacing
        self.contentMargin = contentMargin
        self.aspectRatio = aspectRatio
        self.cornerRadius = cornerRadius
        self.stackPadding = stackPadding
        self.stackOffset = stackOffset
        self.edgeScale = edgeScale
        self.targetBehavior = targetBehavior
        self.limitBehavior = limitBehavior
    }

    /// The count for a size class.
    func count(in sizeClass: SizeClass) -> Int { sizeClass == .compact ? compactCount : regularCount }
}

/// The previous/next paddles (the session's `GalleryPaddle`: chevrons in a button's accent colour, in an
/// overlay on the Featured header). In the `palettes` look (ours): a translucent disc with a chevron and a
/// faint rim, just inside the row's content margins, over the cards, vertically centred on the row's
/// visible part; its colours are the theme's `control`, `controlRim` and `controlGlyph`.
struct GalleryPaddleConfig: Codable, Equatable, Sendable {
    var diameter = 36.0
    /// Points from the content margin to the disc's edge.
    var inset = 10.0
    /// The chevron glyph's font size.
    var chevronSize = 30.0
    init() {}
}

extension GalleryConfig {
    /// The cards' labels and the position line follow the text scale (`Config.applyingTextScale()`).
    func scalingText(by factor: Double, grow: Double) -> GalleryConfig {
        var c = self
        c.labelSize *= factor
        c.labelLineHeight *= factor
        c.positionSize *= factor
        c.positionLineHeight *= factor
        return c
    }
}

extension GalleryConfig: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("compactWidth", compactWidth, 1...16384)
        try c.check("horizontalMargin", horizontalMargin, 0...1000)
        try c.check("sectionSpacing", sectionSpacing, 0...1000)
        try c.check("labelSpacing", labelSpacing, 0...500)
        try c.check("labelSize", labelSize, 1...200)
        try c.check("labelLineHeight", labelLineHeight, 0...400)
        try c.check("positionSize", positionSize, 1...200)
        try c.check("positionLineHeight", positionLineHeight, 0...400)
        try c.check("positionSpacing", positionSpacing, 0...500)
        try c.check("dividerThickness", dividerThickness, 0...50)
        try c.check("snapToTopFraction", snapToTopFraction, 0...1)
        try c.check("wheelNotchesPerTarget", wheelNotchesPerTarget, 0.01...100)
        try c.section("paddle", paddle)
        for (id, row) in rows { try c.section(id, row) }
    }
}

extension GalleryPaddleConfig: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("diameter", diameter, 1...500)
        try c.check("inset", inset, 0...500)
        try c.check("chevronSize", chevronSize, 1...500)
    }
}

extension GalleryRowConfig: RangeChecked {
    /// A row lays out and draws every card: 1000 is far past any gallery, and bounded.
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("cards", cards, 1...1000)
        try c.check("firstPalette", firstPalette, 0...1000)
        try c.check("compactCount", compactCount, 1...100)
        try c.check("regularCount", regularCount, 1...100)
        try c.check("spacing", spacing, 0...500)
        try c.check("contentMargin", contentMargin, 0...1000)
        try c.check("aspectRatio", aspectRatio, 0.05...20)
        try c.check("cornerRadius", cornerRadius, 0...1000)
        try c.check("stackPadding", stackPadding, 0...500)
        try c.check("stackOffset", stackOffset, 0...500)
        try c.check("edgeScale", edgeScale, 0.01...1)
    }
}

extension Config {
    /// The gallery scene's section (`"gallery": {…}`).
    var gallery: GalleryConfig {
        get { self[GalleryConfig.self] }
        set { self[GalleryConfig.self] = newValue }
    }
}
