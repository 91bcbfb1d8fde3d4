/// Everything a designer might tune (SPEC: "every number lives in Configs/"). Decoded from
/// `Configs/*.json` by `ConfigLoader`: a file may set any subset of keys; the rest keep these defaults.
package struct Config: Codable, Equatable, Sendable {
    package var theme = Theme()
    package var springs = SpringPresets()
    package var scroll = ScrollPhysics()
    package var input = InputConfig()
    package var chrome = ChromeConfig()
    var tabBar = TabBarConfig()
    package var picker = PickerConfig()
    package var kiosk = KioskConfig()
    package var gallery = GalleryConfig()
    package var waterfall = WaterfallConfig()
    package var destinations = DestinationsConfig()
    package var profiling = ProfilingConfig()
    package var zoom = ZoomConfig()
    package var scrollIndicators = ScrollIndicatorConfig()

    package init() {}

    /// The spring preset named `name` (SwiftUI's names), nil if there is none.
    package func spring(named name: String) -> SpringParameters? { springs.named(name) }
}

/// SwiftUI's animation presets by name, so configs can say `"animation": "interactiveSpring"`.
package struct SpringPresets: Codable, Equatable, Sendable {
    var interactiveSpring = SpringParameters.interactiveSpring
    package var spring = SpringParameters.spring
    var springLegacy = SpringParameters.springLegacy
    package var smooth = SpringParameters.smooth
    var snappy = SpringParameters.snappy
    var bouncy = SpringParameters.bouncy

    package init() {}

    package static let names = ["interactiveSpring", "spring", "springLegacy", "smooth", "snappy", "bouncy"]

    package func named(_ name: String) -> SpringParameters? {
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

package struct InputConfig: Codable, Equatable, Sendable {
    /// A press that moves farther than this (points) is a drag, not a tap (UIKit's slop is about 10).
    var tapSlop = 8.0
    /// Points scrolled per wheel notch.
    var wheelStep = 48.0
    package init() {}
}

/// The band at the top of every scene: its title at the leading end, the tab bar at the trailing end.
/// Scenes lay their content out below it.
package struct ChromeConfig: Codable, Equatable, Sendable {
    /// Space around the band (SwiftUI's default `.padding()`).
    var padding = 16.0
    var headerHeight = 48.0
    /// The scene title's size ("large, heavy": `.title` bold, rounded-looking).
    var titleSize = 30.0
    /// Windows narrower than this (points) put the tab bar on its own row under the title.
    var stackBelowWidth = 680.0
    /// Height of that row.
    var tabRowHeight = 40.0
    package init() {}
}

package struct TabBarConfig: Codable, Equatable, Sendable {
    package var height = 30.0
    var segmentWidth = 104.0
    package var cornerRadius = 8.0
    var fontSize = 13.0
    package init() {}
}

/// The picker scene (SPEC §1; seed 001's numbers by default, seed 000's in `Configs/seed-000.json`).
package struct PickerConfig: Codable, Equatable, Sendable {
    package var title = "Photos"
    /// Outer padding around everything (SwiftUI's default `.padding()`).
    var padding = 16.0
    /// Space between the grid and the dock.
    var spacing = 16.0
    package var grid = GridConfig()
    package var dock = DockConfig()
    /// Preset that drives every change (`.animation(.interactiveSpring(), value:)`).
    var animation = "interactiveSpring"
    /// Preset for the dock's `scrollTo(id)` when a photo arrives.
    var dockScrollAnimation = "interactiveSpring"
    /// Seed behaviour (false): a photo tapped in the dock goes to the end of the grid.
    /// True: it goes back to the slot it came from.
    var returnToOriginalSlot = false
    package init() {}
}

/// `LazyVGrid(columns: [GridItem(.adaptive(minimum: m))])` with fixed-height tiles.
package struct GridConfig: Codable, Equatable, Sendable {
    var minimumColumnWidth = 80.0
    var spacing = 8.0
    var rowHeight = 150.0
    package var cornerRadius = 8.0
    package init() {}
}

/// The dock: a horizontally scrolling row on a light-grey rounded panel.
package struct DockConfig: Codable, Equatable, Sendable {
    /// Height of the scroll area (tiles are this tall).
    package var height = 100.0
    /// Inner padding between the panel's edge and the scroll area.
    var padding = 16.0
    var panelCornerRadius = 8.0
    var tileWidth = 100.0
    var spacing = 8.0
    var tileCornerRadius = 8.0
    /// A Done button at the panel's trailing end that confirms the selection (as Return does). Off
    /// in the seeds' look; on in the kiosk, where there is no keyboard.
    var doneButton = false
    var doneButtonWidth = 76.0
    var doneButtonHeight = 36.0
    package init() {}
}
