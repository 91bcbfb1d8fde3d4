/// What a gesture means, after hit testing: a change to a scene's model (or to which scene shows).
/// Scenes turn gestures into commands and apply them; tests apply them directly.
package enum Command: Equatable, Sendable {
    /// Picker: move a grid photo to the end of the dock.
    case select(String)
    /// Picker: move a dock photo back to the grid.
    case deselect(String)
    /// Picker: record the dock's photos as a confirmed selection, then empty the dock (Return, Done).
    case confirm
    /// Hero scenes: fly this tile into the overlay (the waterfall's fullscreen photo, a detail view).
    case present(String)
    /// Hero scenes: send the presented tile home.
    case dismiss
    /// Gallery: move the Featured row's scroll position one card back (-1) or forward (+1).
    case scrollToNeighbour(Int)
    /// Show another scene (the tab bar, keys 1…n): the simulation's, not a scene's.
    case switchScene(SceneID)
}
