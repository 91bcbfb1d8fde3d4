/// The picker scene (one article's numbers by default, the other's in `Configs/seed-000.json`).
struct PickerConfig: SceneConfig {
    static let key = "picker"
    var title = "Photos"
    /// Outer padding around everything (SwiftUI's default `.padding()`).
    var padding = 16.0
    /// Space between the grid and the dock.
    var spacing = 16.0
    var grid = GridConfig()
    var dock = DockConfig()
    /// Preset that drives every change (`.animation(.interactiveSpring(), value:)`).
    var animation = SpringName.interactiveSpring
    /// Preset for the dock's `scrollTo(id)` when a photo arrives.
    var dockScrollAnimation = SpringName.interactiveSpring
    /// The articles' behaviour (false): a photo tapped in the dock goes to the end of the grid.
    /// True: it goes back to the slot it came from.
    var returnToOriginalSlot = false
    init() {}
}

/// `LazyVGrid(columns: [GridItem(.adaptive(minimum: m))])` with fixed-height tiles.
struct GridConfig: Codable, Equatable, Sendable {
    var minimumColumnWidth = 80.0
    var spacing = 8.0
    var rowHeight = 150.0
    var cornerRadius = 8.0
    init() {}
}

/// The dock: a horizontally scrolling row on a light-grey rounded panel.
struct DockConfig: Codable, Equatable, Sendable {
    /// Height of the scroll area (tiles are this tall).
    var height = 100.0
    /// Inner padding between the panel's edge and the scroll area.
    var padding = 16.0
    var panelCornerRadius = 8.0
    /// Width of a photo whose size is unknown; the others are `height` × their aspect ratio wide (a
    /// `.frame(height: 100)` cell in a `LazyHGrid` row takes its image's ideal width).
    var tileWidth = 100.0
    var spacing = 8.0
    var tileCornerRadius = 8.0
    /// A Done button at the panel's trailing end that confirms the selection (as Return does). Off
    /// in the articles' look; on in the kiosk, where there is no keyboard.
    var doneButton = false
    var doneButtonWidth = 76.0
    var doneButtonHeight = 36.0
    init() {}
}

extension PickerConfig {
    /// The Done button grows with the text scale and never shrinks (`Config.applyingTextScale()`).
    func scalingText(by factor: Double, grow: Double) -> PickerConfig {
        var c = self
        c.dock.doneButtonWidth *= grow
        c.dock.doneButtonHeight *= grow
        // The dock's row is as tall as its button at least, so a grown button stays inside the panel.
        if c.dock.doneButton { c.dock.height = max(c.dock.height, c.dock.doneButtonHeight) }
        return c
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

extension Config {
    /// The picker scene's section (`"picker": {…}`).
    var picker: PickerConfig {
        get { self[PickerConfig.self] }
        set { self[PickerConfig.self] = newValue }
    }
}
