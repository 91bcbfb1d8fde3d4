import TesseraGeometry

/// What the platform layer (SDL events, or a script) tells the engine. Points are window points.
/// `time` is in seconds on the source's own clock (SDL's event timestamps, or simulated time for
/// scripts); only differences between a gesture's own events are used, for release velocity.
package enum InputEvent: Equatable, Sendable {
    /// The left mouse button went down.
    case pointerDown(Point, time: Double)
    case pointerMove(Point, time: Double)
    case pointerUp(Point, time: Double)
    /// A finger of a touch screen, by the id the platform gives it (every finger, not only the first):
    /// the first finger down acts as the pointer; a second one makes a pinch (`GestureRecognizer`).
    case fingerDown(Int, Point, time: Double)
    case fingerMove(Int, Point, time: Double)
    case fingerUp(Int, Point, time: Double)
    /// A desktop zoom about a point (Ctrl+wheel): `scale` > 1 zooms in by that factor.
    case magnify(at: Point, scale: Double)
    /// Ctrl+wheel notches at a point, as the platform reports them: > 0 zooms in (the wheel turned away
    /// from the user, as in browsers and image viewers). The core turns them into a factor
    /// (`zoom.wheelScalePerNotch`): the platform applies no setting of the core's.
    case zoomNotches(at: Point, notches: Double)
    /// Wheel notches at a point: `dy > 0` scrolls towards the top/start (SDL's `wheel.y > 0`).
    case wheel(at: Point, dx: Double, dy: Double)
    /// A key press the engine understands.
    case key(Key)
    /// The window's size in points changed.
    case resize(Size)
}
