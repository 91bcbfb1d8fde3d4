import TesseraPhotos

/// What a gesture means to a scene with a hero stage (the waterfall's fullscreen photo, a detail view).
enum HeroCommand: Equatable, Sendable {
    /// Fly this tile into the overlay.
    case present(PhotoID)
    /// Send the presented tile home.
    case dismiss
}
