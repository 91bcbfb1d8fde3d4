/// Everything a designer might tune (every number a designer might tune lives in `Configs/`). Decoded from
/// `Configs/*.json` by `ConfigLoader`: a file may set any subset of keys; the rest keep these defaults.
public struct Config: Codable, Equatable, Sendable {
    public var theme = Theme()
    public var springs = SpringPresets()
    public var scroll = ScrollPhysics()
    public var input = InputConfig()
    public var chrome = ChromeConfig()
    public var tabBar = TabBarConfig()
    public var picker = PickerConfig()
    public var kiosk = KioskConfig()
    public var gallery = GalleryConfig()
    public var waterfall = WaterfallConfig()
    public var destinations = DestinationsConfig()
    public var profiling = ProfilingConfig()

    public init() {}

    /// The spring preset named `name` (SwiftUI's names), nil if there is none.
    public func spring(named name: String) -> SpringParameters? { springs.named(name) }
}

/// SwiftUI's animation presets by name, so configs can say `"animation": "interactiveSpring"`.
public struct SpringPresets: Codable, Equatable, Sendable {
    public var interactiveSpring = SpringParameters.interactiveSpring
    public var spring = SpringParameters.spring
    public var springLegacy = SpringParameters.springLegacy
    public var smooth = SpringParameters.smooth
    public var snappy = SpringParameters.snappy
    public var bouncy = SpringParameters.bouncy

    public init() {}

    public static let names = ["interactiveSpring", "spring", "springLegacy", "smooth", "snappy", "bouncy"]

    public func named(_ name: String) -> SpringParameters? {
        switch name {
        case "interactiveSpring": interactiveSpring
        case "spring": spring
        case "springLegacy": springLegacy
        case "smooth": smooth
        case "snappy": snappy
        case "bouncy": bouncy
        default: nil
        }
    }
}

public struct InputConfig: Codable, Equatable, Sendable {
    /// A press that moves farther than this (points) is a drag, not a tap (UIKit's slop is about 10).
    public var tapSlop = 8.0
    /// Points scrolled per wheel notch.
    public var wheelStep = 48.0
    public init() {}
}

/// The band at the top of every scene: its title at the leading end, the tab bar at the trailing end.
/// Scenes lay their content out below it.
public struct ChromeConfig: Codable, Equatable, Sendable {
    /// Space around the band (SwiftUI's default `.padding()`).
    public var padding = 16.0
    public var headerHeight = 48.0
    /// The scene title's size ("large, heavy": `.title` bold, rounded-looking).
    public var titleSize = 30.0
    /// Windows narrower than this (points) put the tab bar on its own row under the title.
    public var stackBelowWidth = 680.0
    /// Height of that row.
    public var tabRowHeight = 40.0
    public init() {}
}

public struct TabBarConfig: Codable, Equatable, Sendable {
    public var height = 30.0
    public var segmentWidth = 104.0
    public var cornerRadius = 8.0
    public var fontSize = 13.0
    public init() {}
}

/// The picker scene (one article's numbers by default, the other's in `Configs/seed-000.json`).
public struct PickerConfig: Codable, Equatable, Sendable {
    public var title = "Photos"
    /// Outer padding around everything (SwiftUI's default `.padding()`).
    public var padding = 16.0
    /// Space between the grid and the dock.
    public var spacing = 16.0
    public var grid = GridConfig()
    public var dock = DockConfig()
    /// Preset that drives every change (`.animation(.interactiveSpring(), value:)`).
    public var animation = "interactiveSpring"
    /// Preset for the dock's `scrollTo(id)` when a photo arrives.
    public var dockScrollAnimation = "interactiveSpring"
    /// Seed behaviour (false): a photo tapped in the dock goes to the end of the grid.
    /// True: it goes back to the slot it came from.
    public var returnToOriginalSlot = false
    public init() {}
}

/// `LazyVGrid(columns: [GridItem(.adaptive(minimum: m))])` with fixed-height tiles.
public struct GridConfig: Codable, Equatable, Sendable {
    public var minimumColumnWidth = 80.0
    public var spacing = 8.0
    public var rowHeight = 150.0
    public var cornerRadius = 8.0
    public init() {}
}

/// The dock: a horizontally scrolling row on a light-grey rounded panel.
public struct DockConfig: Codable, Equatable, Sendable {
    /// Height of the scroll area (tiles are this tall).
    public var height = 100.0
    /// Inner padding between the panel's edge and the scroll area.
    public var padding = 16.0
    public var panelCornerRadius = 8.0
    public var tileWidth = 100.0
    public var spacing = 8.0
    public var tileCornerRadius = 8.0
    /// A Done button at the panel's trailing end that confirms the selection (as Return does). Off
    /// in the seeds' look; on in the kiosk, where there is no keyboard.
    public var doneButton = false
    public var doneButtonWidth = 76.0
    public var doneButtonHeight = 36.0
    public init() {}
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
    }
}

extension SpringPresets: RangeChecked {
    func checkRanges(_ c: inout RangeCheck) throws {
        for name in Self.names { try c.section(name, named(name)!) }
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
