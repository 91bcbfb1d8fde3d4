import TesseraPhotos

/// The hero scenes' tiles' aspect ratios (width / height): in model order for layout, by id for the
/// overlay frame a hero heads for. A tile without a usable one (unknown size, zero, not finite) is laid
/// out at the scene's fallback rather than collapsing to nothing.
struct TileAspectRatios: Sendable {
    /// One per tile, in model order (what the layouts take).
    let inModelOrder: [Double]
    private let byID: [PhotoID: Double]
    private let fallback: Double

    /// - Parameters:
    ///   - ids: the tiles, in model order; a repeated id keeps its first aspect ratio.
    ///   - aspectRatios: one per id, nil where the size is unknown.
    init(ids: [PhotoID], aspectRatios: [Double?], fallback: Double) {
        inModelOrder = aspectRatios.map { aspect in
            guard let aspect, aspect.isFinite, aspect > 0 else { return fallback }
            return aspect
        }
        byID = Dictionary(zip(ids, inModelOrder), uniquingKeysWith: { first, _ in first })
        self.fallback = fallback
    }

    /// Tile `id`'s aspect ratio; the fallback for an id it does not know.
    subscript(id: PhotoID) -> Double { byID[id] ?? fallback }
}
