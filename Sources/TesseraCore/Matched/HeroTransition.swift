import TesseraPhotos

/// What a hero carries on its trip besides its frame (the frame is the tile's own spring in the
/// `TileField`, handed between window space and its container's space): which way it is heading, and the
/// corner radius and shadow that change with the flight, on their own springs with the same parameters,
/// so they change with the flight rather than before or after it (matched geometry between a list cell
/// and a fullscreen or detail view, Apple's `matchedGeometryEffect` documentation).
struct HeroTransition: Sendable {
    enum Heading: Sendable, Equatable {
        /// Towards (or resting in) the overlay.
        case overlay
        /// Towards its slot in the container.
        case slot
    }

    /// What changes with the flight besides the frame: each end's corner radius (points) and shadow
    /// strength (0…1, a multiplier of the scene's shadow colour).
    struct Style: Equatable, Sendable {
        var cornerRadius: Double
        var shadow: Double
    }

    let id: PhotoID
    private(set) var heading: Heading = .slot
    private(set) var cornerRadius: AnimatedValue
    private(set) var shadow: AnimatedValue
    let spring: SpringParameters

    /// A hero leaving its slot, which has `slot`'s style.
    init(id: PhotoID, slot: Style, spring: SpringParameters) {
        self.id = id
        cornerRadius = AnimatedValue(slot.cornerRadius)
        shadow = AnimatedValue(slot.shadow, restThreshold: 0.002)
        self.spring = spring
    }

    /// Heads for the overlay, taking on its style.
    mutating func present(style: Style) { head(.overlay, style) }

    /// Heads home, taking on the slot's style.
    mutating func dismiss(style: Style) { head(.slot, style) }

    private mutating func head(_ heading: Heading, _ style: Style) {
        self.heading = heading
        cornerRadius.animate(to: style.cornerRadius, with: spring)
        shadow.animate(to: style.shadow, with: spring)
    }

    mutating func step(_ dt: Double) {
        cornerRadius.step(dt)
        shadow.step(dt)
    }

    /// Corner radius and shadow at rest.
    var isSettled: Bool { cornerRadius.isSettled && shadow.isSettled }
}
