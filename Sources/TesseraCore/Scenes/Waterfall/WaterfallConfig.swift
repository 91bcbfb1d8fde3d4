/// The waterfall scene (the masonry hero article): masonry columns of photos at their own aspect ratios, and a
/// fullscreen hero over a blurred backdrop.
struct WaterfallConfig: SceneConfig {
    static let key = "waterfall"
    var title = "Waterfall"
    /// Columns (the article: two `VStack`s in an `HStack`).
    var columns = 2
    /// Wide windows get more columns: as many at least this wide as fit (`GridItem(.adaptive)`'s
    /// formula), never fewer than `columns` — 400 keeps the article's two up to 1024 points and gives a
    /// 3000-point window seven *(ours)*. 0 keeps `columns` at every width.
    var minimumColumnWidth = 400.0
    /// Between columns and between photos in a column (`HStack(spacing: 5)`, `VStack(spacing: 5)`).
    var spacing = 5.0
    /// Left and right of the columns (`.padding(.horizontal, 5)`).
    var padding = 5.0
    var cornerRadius = 5.0
    /// `split`: the article's first half / second half (unlike its `prefix(n/2)`/`suffix(n/2)`, an odd
    /// count loses no photo); `balanced`: each photo to the shortest column *(ours)*.
    var distribution = Masonry.Distribution.split
    /// Width / height used for a photo whose header cannot be read (it draws as a placeholder).
    var fallbackAspectRatio = 1.0
    /// Preset that flies the hero (`withAnimation(.spring())`).
    var animation = SpringName.spring
    /// Corner radius of the photo once fullscreen.
    var fullscreenCornerRadius = 0.0
    var backdrop = BackdropConfig()
    init() {}
}

/// The frosted backdrop behind a fullscreen hero (`.background(.thinMaterial)`): the scene blurred and
/// tinted with the theme's `material`, fading in and out with the transition.
struct BackdropConfig: Codable, Equatable, Sendable {
    /// About how far (points) the blur spreads a pixel; the renderer halves the scene
    /// ⌊log₂(radius)⌉ times and scales it back up.
    var blurRadius = 16.0
    init() {}
}

extension WaterfallConfig: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("columns", columns, 1...20)
        try c.check("minimumColumnWidth", minimumColumnWidth, 0...16384)
        try c.check("spacing", spacing, 0...500)
        try c.check("padding", padding, 0...500)
        try c.check("cornerRadius", cornerRadius, 0...1000)
        try c.check("fallbackAspectRatio", fallbackAspectRatio, 0.05...20)
        try c.check("fullscreenCornerRadius", fullscreenCornerRadius, 0...1000)
        try c.section("backdrop", backdrop)
    }
}

extension BackdropConfig: RangeChecked {
    /// The blur's cost grows with its radius; 200 points already blurs a window to one colour.
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("blurRadius", blurRadius, 0...200)
    }
}

extension Config {
    /// The waterfall scene's section (`"waterfall": {…}`).
    var waterfall: WaterfallConfig {
        get { self[WaterfallConfig.self] }
        set { self[WaterfallConfig.self] = newValue }
    }
}
