import TesseraGeometry
import TesseraPhotos

/// One tile's on-screen identity (`matchedGeometryEffect(id:)`, Apple's SwiftUI documentation): wherever
/// the model puts it, its presented frame springs from where it was to where layout now puts it.
///
/// The spring runs in one of two spaces (`Space`). In a container's *unscrolled* space — the frame as if
/// the container and every container around it were scrolled to zero — the presented frame is the spring
/// minus the containers' offsets: scrolling moves a tile at once (it never lags the finger), a layout
/// change animates, and a flight into a container that is itself scrolling to reveal it lands exactly in
/// its slot, because the target does not move while the offset does. In window space (a hero heading for
/// an overlay that does not scroll) the presented frame is the spring itself. See docs/ARCHITECTURE.md.
struct MatchedTile: Sendable {
    enum Layer: String, Sendable {
        /// Drawn inside its container's clip.
        case container
        /// Drawn above every container, clipped by none: a tile travelling between containers, or
        /// between its container and an overlay.
        case flight
        /// At rest in a scene's overlay (a fullscreen or detail hero), above every container.
        case overlay
    }

    /// Where the frame spring runs.
    enum Space: Sendable, Equatable {
        /// The container's unscrolled space: presented = spring − the containers' offsets.
        case container
        /// Window points: presented = spring.
        case window
    }

    let id: PhotoID
    /// The container the model puts this tile in.
    var container: ContainerID
    /// That container's place in the field's `containerOrder` (a step reads its scroll by index, not by
    /// hashing its name, for every moving tile).
    var slot = 0
    var layer: Layer = .container
    var space: Space = .container
    /// The frame spring, in `space`.
    var frame: AnimatedRect
    /// Where layout puts the tile in its container (unscrolled space): where a flight home lands.
    var home: Rect
    /// Window frame drawn this step and the step before (for interpolated rendering).
    var presented: Rect
    var previousPresented: Rect
    /// d(presented)/dt, points/second per component.
    var velocity: Rect = .zero
    /// The tile's opacity spring (a list that fades behind a detail view).
    var fade = AnimatedValue(1, restThreshold: 0.002)
    /// The scene's scale effect (a scroll transition), about the frame's centre; layout ignores it.
    var scale = 1.0

    init(id: PhotoID, container: ContainerID, unscrolled: Rect, presented: Rect) {
        self.id = id
        self.container = container
        frame = AnimatedRect(unscrolled)
        home = unscrolled
        self.presented = presented
        previousPresented = presented
    }

    /// Opacity, 0…1 (the spring may overshoot; what is drawn may not).
    var opacity: Double { min(1, max(0, fade.value)) }

    /// True while a spring or a container's scroll is carrying it.
    var isMoving: Bool { !frame.isSettled || !fade.isSettled || velocity != .zero }

    /// Every spring at rest: the step may stop visiting it.
    var isSettled: Bool { frame.isSettled && fade.isSettled }

    /// The frame drawn at `alpha` ∈ [0, 1] between the previous step and this one.
    func interpolated(_ alpha: Double) -> Rect {
        alpha >= 1 ? presented : previousPresented.interpolated(to: presented, alpha)
    }
}
