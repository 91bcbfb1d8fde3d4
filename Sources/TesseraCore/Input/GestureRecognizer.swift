/// Turns pointer events into taps and drags. A press that stays within `slop` points of where it went
/// down is a tap on release; one that moves farther is a drag from then on (UIKit's touch slop idea).
/// Release velocity comes from the recent samples (`VelocityTracker`), so a drag that is held still
/// before release does not fling.
package struct GestureRecognizer: Sendable {
    /// Points a press may wander before it is a drag.
    package var slop: Double

    private var pressStart: Point?
    private var lastPoint = Point.zero
    private var isDragging = false
    private var trackerX = VelocityTracker()
    private var trackerY = VelocityTracker()

    package init(slop: Double) {
        self.slop = slop
    }

    /// True between a press and its release.
    var isPressed: Bool { pressStart != nil }

    /// Feeds one event; appends what it recognised to `gestures`.
    package mutating func handle(_ event: InputEvent, into gestures: inout [Gesture]) {
        switch event {
        case .pointerDown(let p, let time):
            if isDragging { gestures.append(.dragEnded(velocity: .zero)) }
            pressStart = p
            lastPoint = p
            isDragging = false
            trackerX.reset()
            trackerY.reset()
            track(p, time)
            gestures.append(.press(p))
        case .pointerMove(let p, let time):
            guard let start = pressStart else { return }
            track(p, time)
            if !isDragging {
                let dx = p.x - start.x
                let dy = p.y - start.y
                guard (dx * dx + dy * dy).squareRoot() > slop else { return }
                isDragging = true
                gestures.append(.dragBegan(start: start, axis: abs(dx) >= abs(dy) ? .horizontal : .vertical))
                // The slop is not lost: the content catches up with the pointer at once.
                lastPoint = start
            }
            gestures.append(.dragChanged(delta: p - lastPoint))
            lastPoint = p
        case .pointerUp(let p, let time):
            guard let start = pressStart else { return }
            track(p, time)
            if isDragging {
                if p != lastPoint { gestures.append(.dragChanged(delta: p - lastPoint)) }
                gestures.append(.dragEnded(velocity: Point(trackerX.velocity(at: time), trackerY.velocity(at: time))))
            } else {
                gestures.append(.tap(start))
            }
            pressStart = nil
            isDragging = false
        case .wheel(let at, let dx, let dy):
            gestures.append(.wheel(at: at, dx: dx, dy: dy))
        case .key(let name):
            gestures.append(.key(name))
        case .resize:
            break
        }
    }

    /// Ends a press without a tap (a scene switch cancels it): a drag, or a press that caught a
    /// scroll, ends at rest.
    mutating func cancel(into gestures: inout [Gesture]) {
        if pressStart != nil { gestures.append(.dragEnded(velocity: .zero)) }
        pressStart = nil
        isDragging = false
    }

    private mutating func track(_ p: Point, _ time: Double) {
        trackerX.add(time: time, position: p.x)
        trackerY.add(time: time, position: p.y)
    }
}
