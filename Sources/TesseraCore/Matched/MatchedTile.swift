/// One photo's on-screen identity (`matchedGeometryEffect(id:)`): wherever the model puts it, its
/// presented frame springs from where it was to where layout now puts it.
///
/// The spring runs on the tile's *unscrolled* frame — its frame as if its container's offset were
/// zero. The presented frame is that minus the container's current offset. So scrolling moves a tile
/// at once (it never lags the finger), a layout change animates, and a flight into a container that
/// is itself scrolling to reveal it (the dock's `scrollTo`) lands exactly in its slot: the target in
/// unscrolled space does not move while the offset does.
public struct MatchedTile: Sendable {
    public enum Layer: String, Sendable {
        /// Drawn inside its container's clip.
        case container
        /// Drawn above every container, clipped by none: a photo travelling between containers, or
        /// between its container and an overlay.
        case flight
        /// At rest in a scene's overlay (a fullscreen or detail hero), above the backdrop and every
        /// container, clipped by none.
        case overlay
    }

    public let id: String
    /// The container the model puts this tile in.
    public internal(set) var container: String
    public internal(set) var layer: Layer
    /// The unscrolled frame's spring.
    var frame: AnimatedRect
    /// Window frame drawn this step and the step before (for interpolated rendering).
    public internal(set) var presented: Rect
    public internal(set) var previousPresented: Rect
    /// d(presented)/dt, points/second per component.
    public internal(set) var velocity: Rect = .zero
    public internal(set) var opacity = 1.0
    public internal(set) var scale = 1.0

    init(id: String, container: String, unscrolled: Rect, presented: Rect) {
        self.id = id
        self.container = container
        layer = .container
        frame = AnimatedRect(unscrolled)
        self.presented = presented
        previousPresented = presented
    }

    /// True while the spring or the container's scroll is carrying it.
    public var isMoving: Bool { !frame.isSettled || velocity != .zero }

    /// The frame drawn at `alpha` ∈ [0, 1] between the previous step and this one.
    public func interpolated(_ alpha: Double) -> Rect {
        alpha >= 1 ? presented : previousPresented.interpolated(to: presented, alpha)
    }
}
