import TesseraPhotos

/// What a gesture means to the picker.
enum PickerCommand: Equatable, Sendable {
    /// Move a grid photo to the end of the dock.
    case select(PhotoID)
    /// Move a dock photo back to the grid.
    case deselect(PhotoID)
    /// Record the dock's photos as a confirmed selection, then empty the dock (Return, Done).
    case confirm
}
