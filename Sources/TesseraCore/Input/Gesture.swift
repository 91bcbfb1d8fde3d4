/// What a press becomes once the recognizer has seen enough of it: a tap, or a drag locked to the
/// axis of its first movement (docs/BEHAVIOUR.md#input: a vertical drag on a horizontal row scrolls the outer view).
package enum Gesture: Equatable, Sendable {
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
}
