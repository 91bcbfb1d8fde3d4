/// What a gesture means to the gallery.
enum GalleryCommand: Equatable, Sendable {
    /// Move the Featured row's scroll position one card back (-1) or forward (+1): a paddle, Left/Right.
    case scrollToNeighbour(Int)
}
