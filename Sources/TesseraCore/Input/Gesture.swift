import TesseraGeometry

/// What a press becomes once the recognizer has seen enough of it: a tap, or a drag locked to the
/// axis of its first movement (docs/BEHAVIOUR.md#input: a vertical drag on a horizontal row scrolls the outer view).
enum Gesture: Equatable, Sendable {
    /// A pointer went down (before it is known to be a tap or a drag): a touch on a moving scroll
    /// stops it there, as UIScrollView's does.
    case press(Point)
    case tap(Point)
    /// The press at `start` moved past the tap slop; `axis` is the dominant axis of that first movement.
    case dragBegan(start: Point, axis: Axis)
    /// Pointer movement since the previous drag event, in points (finger space: +y is down).
    case dragChanged(delta: Point)
    /// The press ended; `velocity` is the pointer's release velocity in points/second.
    case dragEnded(velocity: Point)
    case wheel(at: Point, dx: Double, dy: Double)
    case key(Key)
    /// A second tap near the first one soon after it (UIKit's `numberOfTapsRequired = 2`). It follows that
    /// second tap's `.tap`: a scene with no use for double taps sees two taps.
    case doubleTap(Point)
    /// A second finger went down: the two fingers' midpoint and distance (points). The first finger's
    /// press ended (`.dragEnded` at rest) before this.
    case pinchBegan(center: Point, distance: Double)
    /// Either pinching finger moved: the midpoint and distance now (points).
    case pinchChanged(center: Point, distance: Double)
    /// A pinching finger lifted: the midpoint's velocity (points/second) and the distance's
    /// (points/second). The other finger does nothing more until it lifts.
    case pinchEnded(velocity: Point, distanceVelocity: Double)
    /// A desktop zoom step about `at` (Ctrl+wheel): `scale` > 1 zooms in.
    case magnify(at: Point, scale: Double)
}
