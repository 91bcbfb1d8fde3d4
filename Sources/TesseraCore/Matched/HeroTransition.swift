/// One tile's trip out of its scrolling container into a scene's overlay, and home again: the shared
/// element of a hero transition (`matchedGeometryEffect` between a list cell and a fullscreen or detail
/// view; seeds 002 and 004).
///
/// The tile's own frame spring is handed over when the trip starts and handed back when it lands, so
/// the photo has one identity and one motion throughout: it is never drawn twice and never jumps.
/// Corner radius and shadow ride along on their own springs (same parameters), so they change with the
/// flight, not before or after it.
///
/// Spaces: heading for the overlay, the frame spring runs in window points (the overlay does not
/// scroll), so the hero lands exactly whatever the container does beneath it. Heading home, it runs
/// in the container's *unscrolled* space, like `MatchedTile`, so a slot that scrolls during the flight
/// is still landed on exactly. Turning round re-bases the spring by the container's offset
/// (`AnimatedRect.shift`), keeping displacement, velocity and clock: an interrupted flight reverses
/// from where it is, as fast as it was going.
public struct HeroTransition: Sendable {
    public enum Heading: Sendable, Equatable {
        /// Towards (or resting in) the overlay.
        case overlay
        /// Towards its slot in the container.
        case slot
    }

    /// What changes with the flight besides the frame: each end's corner radius (points) and shadow
    /// strength (0…1, a multiplier of the scene's shadow colour).
    public struct Style: Equatable, Sendable {
        public var cornerRadius: Double
        public var shadow: Double
        public init(cornerRadius: Double, shadow: Double) {
            self.cornerRadius = cornerRadius
            self.shadow = shadow
        }
    }

    public let id: String
    public private(set) var heading: Heading
    /// The frame spring: window points heading for the overlay, unscrolled container space heading home.
    public private(set) var frame: AnimatedRect
    public private(set) var cornerRadius: AnimatedValue
    public private(set) var shadow: AnimatedValue
    public let spring: SpringParameters

    /// Takes a tile's frame spring (unscrolled space, moving or not) as the start of a trip. The hero
    /// heads home until `present` sends it out.
    /// - Parameters:
    ///   - tileFrame: the tile's spring in its container's unscrolled space.
    ///   - slot: the style the tile has in its slot.
    public init(id: String, tileFrame: AnimatedRect, slot: Style, spring: SpringParameters) {
        self.id = id
        heading = .slot
        frame = tileFrame
        cornerRadius = AnimatedValue(slot.cornerRadius)
        shadow = AnimatedValue(slot.shadow, restThreshold: 0.002)
        self.spring = spring
    }

    /// Sends the hero to `overlay` (window points), taking on the overlay's `style`.
    /// - Parameter containerOffset: the container's scroll offset now (points), to re-base a hero that
    ///   was heading home.
    public mutating func present(in overlay: Rect, style: Style, containerOffset: Point) {
        if heading == .slot {
            frame.shift(by: Point(-containerOffset.x, -containerOffset.y))
            heading = .overlay
        }
        frame.animate(to: overlay, with: spring)
        cornerRadius.animate(to: style.cornerRadius, with: spring)
        shadow.animate(to: style.shadow, with: spring)
    }

    /// Sends the hero home to `slot` (the container's unscrolled space), taking on the slot's `style`.
    public mutating func dismiss(to slot: Rect, style: Style, containerOffset: Point) {
        if heading == .overlay {
            frame.shift(by: containerOffset)
            heading = .slot
        }
        frame.animate(to: slot, with: spring)
        cornerRadius.animate(to: style.cornerRadius, with: spring)
        shadow.animate(to: style.shadow, with: spring)
    }

    /// Follows a destination that moved (a resize, a reflow): the same spring, retargeted from the
    /// current value and velocity. Free when the destination is unchanged. `destination` is in window
    /// points heading for the overlay and unscrolled space heading home.
    public mutating func retarget(_ destination: Rect) {
        frame.animate(to: destination, with: spring)
    }

    public mutating func step(_ dt: Double) {
        frame.step(dt)
        cornerRadius.step(dt)
        shadow.step(dt)
    }

    /// The window frame drawn now.
    public func presented(containerOffset: Point) -> Rect {
        heading == .overlay ? frame.presented : frame.presented.offsetBy(dx: -containerOffset.x, dy: -containerOffset.y)
    }

    /// d(presented)/dt, points/second per component, given the container's scroll velocity.
    public func velocity(containerVelocity: Point) -> Rect {
        let v = frame.velocity
        return heading == .overlay ? v : Rect(v.x - containerVelocity.x, v.y - containerVelocity.y, v.width, v.height)
    }

    /// Where the frame is heading (window points heading for the overlay, unscrolled space heading home).
    public var target: Rect { frame.target }

    /// Every spring at rest.
    public var isSettled: Bool { frame.isSettled && cornerRadius.isSettled && shadow.isSettled }

    /// Home and at rest: the trip is over and the frame spring can go back to the tile.
    public var hasLanded: Bool { heading == .slot && isSettled }
}
