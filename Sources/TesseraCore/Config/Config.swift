/// Everything a designer might tune (every number a designer might tune lives in `Configs/`). Decoded from
/// `Configs/*.json` by `ConfigLoader`: a file may set any subset of keys; the rest keep these defaults.
///
/// The sections every run shares are stored here; each scene's own section (`"picker": {…}`) is the
/// scene's type, registered by its description (`SceneDescription.config`) and kept in `scenes`, so a
/// file reads as one tree whichever scenes are built in.
package struct Config: Equatable, Sendable {
    /// The light colours (`"theme"` in a file) and the dark ones (`"darkTheme"`).
    var lightTheme = Theme.light
    var darkTheme = Theme.dark
    /// Their high-contrast variants (`"highContrastTheme"`, `"highContrastDarkTheme"`), in force while
    /// `contrast` is `high`.
    var highContrastLightTheme = Theme.highContrastLight
    var highContrastDarkTheme = Theme.highContrastDark
    /// Which of the two is in force.
    package var appearance = Appearance.system
    /// Whether the desktop asks for dark (the host reads it for a window; never from a file). Only
    /// `appearance: system` follows it.
    package var desktopPrefersDark = false
    /// Reduce motion (iOS's accessibility setting, `UIAccessibility.isReduceMotionEnabled`): heroes and
    /// the picker's photos cross-fade to their new places instead of flying there.
    package var reduceMotion = false
    /// Whether the config file names `reduceMotion` itself: then it wins over the desktop's setting.
    package var setsReduceMotion = false
    /// Whether the desktop asks for reduced motion (the host reads it for a window; never from a file):
    /// followed while the file does not set `reduceMotion`.
    package var desktopReducesMotion = false
    /// Normal or high contrast: which pair of themes is in force.
    package var contrast = Contrast.normal
    /// Whether the config file names `contrast` itself: then it wins over the desktop's setting.
    package var setsContrast = false
    /// Whether the desktop asks for high contrast (the host reads it for a window; never from a file):
    /// followed while the file does not set `contrast`.
    package var desktopPrefersHighContrast = false
    /// How much larger than its configured size every text is drawn (GNOME's `text-scaling-factor`,
    /// iOS's Dynamic Type as one factor). The config scenes get is `applyingTextScale()`'s: their text
    /// sizes, and the rows that hold text, already include it.
    package var textScale = 1.0
    /// Whether the config file names `textScale` itself: then it wins over the desktop's factor.
    package var setsTextScale = false
    /// The desktop's text scaling factor (the host reads it for a window; never from a file): followed
    /// while the file does not set `textScale`.
    package var desktopTextScale = 1.0
    /// The factor the sizes of this value already include (`applyingTextScale`): 1 as decoded.
    var textScaleInSizes = 1.0
    var springs = SpringPresets()
    var scroll = ScrollPhysics()
    var input = InputConfig()
    var chrome = ChromeConfig()
    var tabBar = TabBarConfig()
    package var kiosk = KioskConfig()
    package var profiling = ProfilingConfig()
    var zoom = ZoomConfig()
    var scrollIndicators = ScrollIndicatorConfig()
    package var photos = PhotosConfig()
    package var display = DisplayConfig()
    package var speech = SpeechConfig()
    /// Every registered scene's section, at its defaults until a file says otherwise.
    var scenes = SceneConfigs(SceneRegistry.configs)

    package init() {}

    /// A scene's section (each scene's folder names its own: `config.picker`).
    subscript<Section: SceneConfig>(section: Section.Type) -> Section {
        get { scenes[Section.self] }
        set { scenes[Section.self] = newValue }
    }

    /// The parameters of the preset `name` (SwiftUI's names).
    func spring(_ name: SpringName) -> SpringParameters { springs[name] }

    /// True when the dark theme is in force.
    var isDark: Bool {
        switch appearance {
        case .light: false
        case .dark: true
        case .system: desktopPrefersDark
        }
    }

    /// True when the high-contrast themes are in force.
    var isHighContrast: Bool { contrast == .high }

    /// The colours in force: `darkTheme` or `lightTheme` as `appearance` says, or their high-contrast
    /// variants as `contrast` says (writing changes that one).
    package var theme: Theme {
        get {
            switch (isHighContrast, isDark) {
            case (false, false): lightTheme
            case (false, true): darkTheme
            case (true, false): highContrastLightTheme
            case (true, true): highContrastDarkTheme
            }
        }
        set {
            switch (isHighContrast, isDark) {
            case (false, false): lightTheme = newValue
            case (false, true): darkTheme = newValue
            case (true, false): highContrastLightTheme = newValue
            case (true, true): highContrastDarkTheme = newValue
            }
        }
    }

    /// How scroll indicators look: `scrollIndicators` in the theme's indicator colour.
    var indicatorStyle: ScrollIndicatorConfig {
        var style = scrollIndicators
        style.color = theme.indicator
        return style
    }
}

/// SwiftUI's animation presets by name, so configs can say `"animation": "interactiveSpring"`.
struct SpringPresets: Codable, Equatable, Sendable {
    var interactiveSpring = SpringParameters.interactiveSpring
    var spring = SpringParameters.spring
    var springLegacy = SpringParameters.springLegacy
    var smooth = SpringParameters.smooth
    var snappy = SpringParameters.snappy
    var bouncy = SpringParameters.bouncy
    var `default` = SpringParameters.default

    init() {}

    subscript(name: SpringName) -> SpringParameters {
        switch name {
        case .interactiveSpring: interactiveSpring
        case .spring: spring
        case .springLegacy: springLegacy
        case .smooth: smooth
        case .snappy: snappy
        case .bouncy: bouncy
        case .default: `default`
        }
    }
}

struct InputConfig: Codable, Equatable, Sendable {
    /// A press that moves farther than this (points) is a drag, not a tap (UIKit's slop is about 10).
    var tapSlop = 8.0
    /// Points scrolled per wheel notch.
    var wheelStep = 48.0
    init() {}
}

/// The band at the top of every scene: its title at the leading end, the tab bar at the trailing end.
/// Scenes lay their content out below it.
struct ChromeConfig: Codable, Equatable, Sendable {
    /// Space around the band (SwiftUI's default `.padding()`).
    var padding = 16.0
    var headerHeight = 48.0
    /// The scene title's size ("large, heavy": `.title` bold, rounded-looking).
    var titleSize = 30.0
    /// Windows narrower than this (points) put the tab bar on its own row under the title.
    var stackBelowWidth = 680.0
    /// Height of that row.
    var tabRowHeight = 40.0
    /// How wide a theme's `border` outline is drawn (points): the high-contrast themes outline the tab
    /// bar and the dock where the normal ones tell them apart by a tint.
    var borderWidth = 2.0
    init() {}
}

struct TabBarConfig: Codable, Equatable, Sendable {
    var height = 30.0
    var segmentWidth = 104.0
    var cornerRadius = 8.0
    var fontSize = 13.0
    init() {}
}

extension Config: Codable {
    private enum CodingKeys: String, CodingKey {
        case theme, darkTheme, highContrastTheme, highContrastDarkTheme, appearance, reduceMotion, contrast,
            textScale, springs, scroll, input, chrome, tabBar, kiosk, profiling,
            zoom, scrollIndicators, photos, display, speech
    }

    /// The shared sections by their keys; the scenes' sections beside them, at the same level.
    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        lightTheme = try c.decode(Theme.self, forKey: .theme)
        darkTheme = try c.decode(Theme.self, forKey: .darkTheme)
        highContrastLightTheme = try c.decode(Theme.self, forKey: .highContrastTheme)
        highContrastDarkTheme = try c.decode(Theme.self, forKey: .highContrastDarkTheme)
        appearance = try c.decode(Appearance.self, forKey: .appearance)
        reduceMotion = try c.decode(Bool.self, forKey: .reduceMotion)
        contrast = try c.decode(Contrast.self, forKey: .contrast)
        textScale = try c.decode(Double.self, forKey: .textScale)
        springs = try c.decode(SpringPresets.self, forKey: .springs)
        scroll = try c.decode(ScrollPhysics.self, forKey: .scroll)
        input = try c.decode(InputConfig.self, forKey: .input)
        chrome = try c.decode(ChromeConfig.self, forKey: .chrome)
        tabBar = try c.decode(TabBarConfig.self, forKey: .tabBar)
        kiosk = try c.decode(KioskConfig.self, forKey: .kiosk)
        profiling = try c.decode(ProfilingConfig.self, forKey: .profiling)
        zoom = try c.decode(ZoomConfig.self, forKey: .zoom)
        scrollIndicators = try c.decode(ScrollIndicatorConfig.self, forKey: .scrollIndicators)
        photos = try c.decode(PhotosConfig.self, forKey: .photos)
        display = try c.decode(DisplayConfig.self, forKey: .display)
        speech = try c.decode(SpeechConfig.self, forKey: .speech)
        scenes = try SceneConfigs(SceneRegistry.configs, from: decoder)
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(lightTheme, forKey: .theme)
        try c.encode(darkTheme, forKey: .darkTheme)
        try c.encode(highContrastLightTheme, forKey: .highContrastTheme)
        try c.encode(highContrastDarkTheme, forKey: .highContrastDarkTheme)
        try c.encode(appearance, forKey: .appearance)
        try c.encode(reduceMotion, forKey: .reduceMotion)
        try c.encode(contrast, forKey: .contrast)
        try c.encode(textScale, forKey: .textScale)
        try c.encode(springs, forKey: .springs)
        try c.encode(scroll, forKey: .scroll)
        try c.encode(input, forKey: .input)
        try c.encode(chrome, forKey: .chrome)
        try c.encode(tabBar, forKey: .tabBar)
        try c.encode(kiosk, forKey: .kiosk)
        try c.encode(profiling, forKey: .profiling)
        try c.encode(zoom, forKey: .zoom)
        try c.encode(scrollIndicators, forKey: .scrollIndicators)
        try c.encode(photos, forKey: .photos)
        try c.encode(display, forKey: .display)
        try c.encode(speech, forKey: .speech)
        try scenes.encode(to: encoder)
    }
}

// MARK: Ranges (`ConfigRanges.swift`). Points are bounded by the largest window (16384); sizes that are
// drawn (type, buttons, rows) by what a screen can show.

extension Config: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        // Half to three times: GNOME's Accessibility panel offers 1.25 for "Large Text", its
        // text-scaling-factor key allows 0.5 to 3.0 (org.gnome.desktop.interface.gschema.xml).
        try c.check("textScale", textScale, 0.5...3)
        try c.section("springs", springs)
        try c.section("scroll", scroll)
        try c.section("input", input)
        try c.section("chrome", chrome)
        try c.section("tabBar", tabBar)
        try c.section("kiosk", kiosk)
        try c.section("profiling", profiling)
        try c.section("zoom", zoom)
        try c.section("scrollIndicators", scrollIndicators)
        try c.section("photos", photos)
        try c.section("display", display)
        try c.section("speech", speech)
        try scenes.checkRanges(&c)
    }
}

extension SpringPresets: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        for name in SpringName.allCases { try c.section(name.rawValue, self[name]) }
    }
}

extension InputConfig: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("tapSlop", tapSlop, 0...100)
        try c.check("wheelStep", wheelStep, 1...1000)
    }
}

extension ChromeConfig: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("padding", padding, 0...500)
        try c.check("headerHeight", headerHeight, 0...1000)
        try c.check("titleSize", titleSize, 1...200)
        try c.check("stackBelowWidth", stackBelowWidth, 0...16384)
        try c.check("tabRowHeight", tabRowHeight, 0...1000)
        try c.check("borderWidth", borderWidth, 0...20)
    }
}

extension TabBarConfig: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("height", height, 1...200)
        try c.check("segmentWidth", segmentWidth, 1...1000)
        try c.check("cornerRadius", cornerRadius, 0...100)
        try c.check("fontSize", fontSize, 1...200)
    }
}
