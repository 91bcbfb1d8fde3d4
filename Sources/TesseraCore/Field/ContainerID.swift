/// A scrolling container's name, as the state dump spells it. The fixed ones are cases, so a typo does not
/// compile; the gallery's rows are named by their config keys (`featured`, …).
package enum ContainerID: Hashable, Sendable, CustomStringConvertible {
    /// The picker's photo grid and its dock.
    case grid, dock
    /// The waterfall's masonry column.
    case waterfall
    /// The gallery's outer vertical scroll, and one horizontal row per section.
    case gallery
    case galleryRow(String)
    /// The destinations list.
    case list

    package var description: String {
        switch self {
        case .grid: "grid"
        case .dock: "dock"
        case .waterfall: "waterfall"
        case .gallery: "gallery"
        case .galleryRow(let name): name
        case .list: "list"
        }
    }
}
