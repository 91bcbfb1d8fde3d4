/// Everything a designer might tune (every number a designer might tune lives in `Configs/`). Decoded from
/// `Configs/*.json` by `ConfigLoader`: a file may set any subset of keys; the rest keep these defaults.
package struct Config: Codable, Equatable, Sendable {
    package var theme = Theme()
    package var springs = SpringPresets()
    package var scroll = ScrollPhysics()
    package var input = InputConfig()
    package var chrome = ChromeConfig()
    package var tabBar = TabBarConfig()
    package var picker = PickerConfig()
    package var kiosk = KioskConfig()
    package var gallery = GalleryConfig()
    package var waterfall = WaterfallConfig()
    package var destinations = DestinationsConfig()
    package var profiling = ProfilingConfig()
    package var zoom = ZoomConfig()
    package var scrollIndicators = ScrollIndicatorConfig()
    package var photos = PhotosConfig()

    package init() {}

    /// The parameters of the preset `name` (SwiftUI's names).
    package func spring(_ name: SpringName) -> SpringParameters { springs[name] }
}

/// SwiftUI's animation presets by name, so configs can say `"animation": "interactiveSpring"`.
package struct SpringPresets: Codable, Equatable, Sendable {
    package var interactiveSpring = SpringParameters.interactiveSpring
    package var spring = SpringParameters.spring
    package var springLegacy = SpringParameters.springLegacy
    package var smooth = SpringParameters.smooth
    package var snappy = SpringParameters.snappy
    package var bouncy = SpringParameters.bouncy

    package init() {}

    package subscript(name: SpringName) -> SpringParameters {
        switch name {
        case .interactiveSpring: interactiveSpring
        case .spring: spring
        case .springLegacy: springLegacy
        case .smooth: smooth
        case .snappy: snappy
        case .bouncy: bouncy
        }
    }
}

package struct InputConfig: Codable, Equatable, Sendable {
    /// A press that moves farther than this (points) is a drag, not a tap (UIKit's slop is about 10).
    package var tapSlop = 8.0
    /// Points scrolled per wheel notch.
    package var wheelStep = 48.0
    package init() {}
}

/// The band at the top of every scene: its title at the leading end, the tab bar at the trailing end.
/// Scenes lay their content out below it.
package struct ChromeConfig: Codable, Equatable, Sendable {
    /// Space around the band (SwiftUI's default `.padding()`).
    package var padding = 16.0
    package var headerHeight = 48.0
    /// The scene title's size ("large, heavy": `.title` bold, rounded-looking).
    package var titleSize = 30.0
    /// Windows narrower than this (points) put the tab bar on its own row under the title.
    package var stackBelowWidth = 680.0
    /// Height of that row.
    package var tabRowHeight = 40.0
    package init() {}
}

package struct TabBarConfig: Codable, Equatable, Sendable {
    package var height = 30.0
    package var segmentWidth = 104.0
    package var cornerRadius = 8.0
    package var fontSize = 13.0
    package init() {}
}

/// The picker scene (one article's numbers by default, the other's in `Configs/seed-000.json`).
package struct PickerConfig: Codable, Equatable, Sendable {
    package var title = "Photos"
    /// Outer padding around everything (SwiftUI's default `.padding()`).
    package var padding = 16.0
    /// Space between the grid and the dock.
    package var spacing = 16.0
    package var grid = GridConfig()
    package var dock = DockConfig()
    /// Preset that drives every change (`.animation(.interactiveSpring(), value:)`).
    package var animation = SpringName.interactiveSpring
    /// Preset for the dock's `scrollTo(id)` when a photo arrives.
    package var dockScrollAnimation = SpringName.interactiveSpring
    /// The articles' behaviour (false): a photo tapped in the dock goes to the end of the grid.
    /// True: it goes back to the slot it came from.
    package var returnToOriginalSlot = false
    package init() {}
}

/// `LazyVGrid(columns: [GridItem(.adaptive(minimum: m))])` with fixed-height tiles.
package struct GridConfig: Codable, Equatable, Sendable {
    package var minimumColumnWidth = 80.0
    package var spacing = 8.0
    package var rowHeight = 150.0
    package var cornerRadius = 8.0
    package init() {}
}

/// The dock: a horizontally scrolling row on a light-grey rounded panel.
package struct DockConfig: Codable, Equatable, Sendable {
    /// Height of the scroll area (tiles are this tall).
    package var height = 100.0
    /// Inner padding between the panel's edge and the scroll area.
    package var padding = 16.0
    package var panelCornerRadius = 8.0
    package var tileWidth = 100.0
    package var spacing = 8.0
    package var tileCornerRadius = 8.0
    /// A Done button at the panel's trailing end that confirms the selection (as Return does). Off
    /// in the articles' look; on in the kiosk, where there is no keyboard.
    package var doneButton = false
    package var doneButtonWidth = 76.0
    package var doneButtonHeight = 36.0
    package init() {}
}

// MARK: Ranges (`ConfigRanges.swift`). Points are bounded by the largest window (16384); sizes that are
// drawn (type, buttons, rows) by what a screen can show.

extension Config: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.section("springs", springs)
        try c.section("scroll", scroll)
        try c.section("input", input)
        try c.section("chrome", chrome)
        try c.section("tabBar", tabBar)
        try c.section("picker", picker)
        try c.section("kiosk", kiosk)
        try c.section("gallery", gallery)
        try c.section("waterfall", waterfall)
        try c.section("destinations", destinations)
        try c.section("profiling", profiling)
        try c.section("zoom", zoom)
        try c.section("scrollIndicators", scrollIndicators)
        try c.section("photos", photos)
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

extension PickerConfig: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("padding", padding, 0...500)
        try c.check("spacing", spacing, 0...500)
        try c.section("grid", grid)
        try c.section("dock", dock)
    }
}

extension GridConfig: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("minimumColumnWidth", minimumColumnWidth, 1...4000)
        try c.check("spacing", spacing, 0...500)
        try c.check("rowHeight", rowHeight, 1...4000)
        try c.check("cornerRadius", cornerRadius, 0...1000)
    }
}

extension DockConfig: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        try c.check("height", height, 1...2000)
        try c.check("padding", padding, 0...500)
        try c.check("panelCornerRadius", panelCornerRadius, 0...1000)
        try c.check("tileWidth", tileWidth, 1...4000)
        try c.check("spacing", spacing, 0...500)
        try c.check("tileCornerRadius", tileCornerRadius, 0...1000)
        try c.check("doneButtonWidth", doneButtonWidth, 1...1000)
        try c.check("doneButtonHeight", doneButtonHeight, 1...1000)
    }
}
