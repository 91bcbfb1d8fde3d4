/// The gallery scene (SPEC §3, seed 003 "Beyond scroll views"): an outer vertical scroll of sections,
/// each a label over a horizontally scrolling row of cards. Numbers are the seed's unless marked ours.
package struct GalleryConfig: Codable, Equatable, Sendable {
    package var title = "Gallery"
    /// The palette asset file: relative to Tessera's folder (where `Assets/` is), or absolute.
    package var palettes = "Assets/Gallery/palettes.json"
    /// Windows narrower than this many points are in the compact size class (ours).
    var compactWidth = 700.0
    /// Labels' inset and the dividers' inset from the window's sides (seed `hMargin`, iOS).
    var horizontalMargin = 20.0
    /// Space below each section; half of it above (seed `sectionSpacing`).
    var sectionSpacing = 20.0
    /// Between a section's label and its row (SwiftUI's default VStack spacing).
    var labelSpacing = 8.0
    /// Section labels: `.title2.bold()` is 22 points on a 28-point line.
    var labelSize = 22.0
    var labelLineHeight = 28.0
    /// The Featured header's second line: the name at the scroll position (seed 9:46: VStack spacing 2).
    var positionSize = 15.0
    var positionLineHeight = 20.0
    var positionSpacing = 2.0
    /// Dividers (SwiftUI's `Divider`): thickness in points and colour (iOS `separator` over white).
    var dividerThickness = 1.0
    var dividerColor = Color(198, 198, 200)
    /// The outer scroll's target behaviour: `snapToTop` (the article's custom behaviour) or `none`.
    var outerTargetBehavior = "snapToTop"
    /// The article's threshold: a fling towards the top ending above this fraction of the container's
    /// height rests at the top (`target.rect.minY < containerSize.height / 3`).
    var snapToTopFraction = 1.0 / 3.0
    /// Preset for the paddles' `withAnimation { mainID = … }` (SwiftUI's default animation).
    var paddleAnimation = "smooth"
    /// Preset that carries cards and rows to their new frames when the window is resized (ours).
    var resizeAnimation = "smooth"
    /// Horizontal wheel travel, in notches, that moves a snapping row by one card or page (ours).
    var wheelNotchesPerTarget = 1.0
    var paddle = GalleryPaddleConfig()
    package var featured = GalleryRowConfig(
        title: "Featured", cards: 12, firstPalette: 0, compactCount: 1, regularCount: 2, spacing: 10,
        contentMargin: 20, aspectRatio: 16.0 / 9.0, cornerRadius: 20, stackPadding: 20, stackOffset: 20)
    package var recent = GalleryRowConfig(
        title: "Recently Added", cards: 12, firstPalette: 4, compactCount: 2, regularCount: 3, spacing: 10,
        contentMargin: 20, aspectRatio: 4.0 / 3.0, cornerRadius: 16, stackPadding: 14, stackOffset: 14)
    var collections = GalleryRowConfig(
        title: "Collections", cards: 12, firstPalette: 8, compactCount: 2, regularCount: 4, spacing: 10,
        contentMargin: 5, aspectRatio: 1, cornerRadius: 14, stackPadding: 12, stackOffset: 12,
        targetBehavior: "paging")
    var swatches = GalleryRowConfig(
        title: "Swatches", cards: 16, firstPalette: 2, compactCount: 3, regularCount: 6, spacing: 8,
        contentMargin: 20, aspectRatio: 1, cornerRadius: 12, stackPadding: 10, stackOffset: 10)
    package init() {}

    /// The rows in the order they are shown, with their container ids.
    package var rows: [(id: String, config: GalleryRowConfig)] {
        [("featured", featured), ("recent", recent), ("collections", collections), ("swatches", swatches)]
    }

    static let outerTargetBehaviors = ["snapToTop", "none"]
}

/// One section's row of cards (`GalleryHeroContent` in the seed).
package struct GalleryRowConfig: Codable, Equatable, Sendable {
    package var title: String
    /// How many cards; card i shows palette `(firstPalette + i) mod palettes`.
    package var cards: Int
    var firstPalette: Int
    /// `containerRelativeFrame(.horizontal, count:, spacing:)`'s count per size class.
    var compactCount: Int
    var regularCount: Int
    /// Between cards (seed `hSpacing`).
    var spacing: Double
    /// Leading and trailing content margins (seed `.contentMargins(.horizontal, hMargin)`).
    var contentMargin: Double
    /// Width / height (seed `heroRatio` 16:9).
    var aspectRatio: Double
    /// Seed `.clipShape(.rect(cornerRadius: 20))`.
    package var cornerRadius: Double
    /// The colour stack's padding inside the card, and its outer rectangles' offset (seed: both 20).
    var stackPadding: Double
    var stackOffset: Double
    /// `scrollTransition` scale at phase ±1 (seed 0.8); 1 turns the effect off.
    var edgeScale: Double
    /// `viewAligned`, `paging` or `none`.
    package var targetBehavior: String
    /// viewAligned's `automatic`, `always` or `never`.
    var limitBehavior: ViewAlignedScrollTargetBehavior.LimitBehavior

    package init(
        title: String, cards: Int, firstPalette: Int, compactCount: Int, regularCount: Int, spacing: Double,
        contentMargin: Double, aspectRatio: Double, cornerRadius: Double, stackPadding: Double, stackOffset: Double,
        edgeScale: Double = 0.8, targetBehavior: String = "viewAligned",
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
    package func count(in sizeClass: SizeClass) -> Int { sizeClass == .compact ? compactCount : regularCount }

    static let targetBehaviors = ["viewAligned", "paging", "none"]
}

/// The previous/next paddles (seed `GalleryPaddle`: chevrons at the Featured row's ends). Ours: a
/// translucent disc with a chevron and a faint rim, just inside the row's content margins, over the
/// cards, vertically centred on the row's visible part.
package struct GalleryPaddleConfig: Codable, Equatable, Sendable {
    var diameter = 36.0
    /// Points from the content margin to the disc's edge.
    package var inset = 10.0
    /// The chevron glyph's font size.
    var chevronSize = 30.0
    package var background = Color(255, 255, 255, 230)
    /// A one-point ring around the disc, so it reads on white too.
    package var rim = Color(0, 0, 0, 31)
    var chevron = Color(28, 28, 30)
    package init() {}
}

extension GalleryConfig {
    /// What types alone cannot check, with the key path of the first bad value.
    func validate(_ config: Config) throws {
        func fail(_ key: String, _ message: String) -> ConfigLoader.Error {
            ConfigLoader.Error(message: "gallery.\(key): \(message)")
        }
        for (key, name) in [("paddleAnimation", paddleAnimation), ("resizeAnimation", resizeAnimation)]
        where config.spring(named: name) == nil {
            throw fail(key, "unknown animation \"\(name)\" (one of \(SpringPresets.names.joined(separator: ", ")))")
        }
        guard Self.outerTargetBehaviors.contains(outerTargetBehavior) else {
            throw fail(
                "outerTargetBehavior",
                "unknown behaviour \"\(outerTargetBehavior)\" (one of \(Self.outerTargetBehaviors.joined(separator: ", ")))"
            )
        }
        let positive: [(String, Double)] = [
            ("compactWidth", compactWidth), ("labelSize", labelSize), ("positionSize", positionSize),
            ("wheelNotchesPerTarget", wheelNotchesPerTarget), ("paddle.diameter", paddle.diameter),
            ("paddle.chevronSize", paddle.chevronSize),
        ]
        for (key, value) in positive where !(value.isFinite && value > 0) {
            throw fail(key, "must be a positive number, got \(value)")
        }
        let nonNegative: [(String, Double)] = [
            ("horizontalMargin", horizontalMargin), ("sectionSpacing", sectionSpacing), ("paddle.inset", paddle.inset),
            ("labelSpacing", labelSpacing), ("labelLineHeight", labelLineHeight),
            ("positionLineHeight", positionLineHeight), ("positionSpacing", positionSpacing),
            ("dividerThickness", dividerThickness), ("snapToTopFraction", snapToTopFraction),
        ]
        for (key, value) in nonNegative where !(value.isFinite && value >= 0) {
            throw fail(key, "must be zero or more, got \(value)")
        }
        for (id, row) in rows { try row.validate(key: id) }
    }
}

extension GalleryRowConfig {
    func validate(key: String) throws {
        func fail(_ field: String, _ message: String) -> ConfigLoader.Error {
            ConfigLoader.Error(message: "gallery.\(key).\(field): \(message)")
        }
        guard Self.targetBehaviors.contains(targetBehavior) else {
            throw fail(
                "targetBehavior",
                "unknown behaviour \"\(targetBehavior)\" (one of \(Self.targetBehaviors.joined(separator: ", ")))")
        }
        for (field, value) in [("cards", cards), ("compactCount", compactCount), ("regularCount", regularCount)]
        where value < 1 {
            throw fail(field, "must be 1 or more, got \(value)")
        }
        if firstPalette < 0 { throw fail("firstPalette", "must be zero or more, got \(firstPalette)") }
        if !(aspectRatio.isFinite && aspectRatio > 0) {
            throw fail("aspectRatio", "must be a positive number, got \(aspectRatio)")
        }
        if !(edgeScale.isFinite && edgeScale > 0 && edgeScale <= 1) {
            throw fail("edgeScale", "must be in (0, 1], got \(edgeScale)")
        }
        let nonNegative: [(String, Double)] = [
            ("spacing", spacing), ("contentMargin", contentMargin), ("cornerRadius", cornerRadius),
            ("stackPadding", stackPadding), ("stackOffset", stackOffset),
        ]
        for (field, value) in nonNegative where !(value.isFinite && value >= 0) {
            throw fail(field, "must be zero or more, got \(value)")
        }
    }
}
