import Foundation
import TesseraGeometry

/// Turns pointer events into taps and drags. A press that stays within `slop` points of where it went
/// down is a tap on release; one that moves farther is a drag from then on (UIKit's touch slop idea).
/// Release velocity comes from the recent samples (`VelocityTracker`), so a drag that is held still
/// before release does not fling.
///
/// Fingers: the first finger down is the pointer (a tap, a drag); a second finger ends that press at rest
/// and starts a pinch of the two (UIPinchGestureRecognizer's two touches); a third is ignored. When a
/// pinching finger lifts the pinch ends, and the other finger does nothing more until it lifts too. A
/// tap soon after another and near it is also a double tap.
struct GestureRecognizer: Sendable {
    /// Points a press may wander before it is a drag.
    var slop: Double
    /// Seconds between two taps' releases for a double tap, and how far apart (points) they may be.
    var doubleTapInterval = 0.3
    var doubleTapDistance = 40.0
    /// Zoom factor per Ctrl+wheel notch (`zoom.wheelScalePerNotch`).
    var zoomPerNotch = 1.15

    private var pressStart: Point?
    private var lastPoint = Point.zero
    private var isDragging = false
    private var trackerX = VelocityTracker()
    private var trackerY = VelocityTracker()
    /// Every finger down, in the order they went down.
    private var fingers: [(id: Int, point: Point)] = []
    /// The finger that is the pointer, while it is.
    private var primary: Int?
    /// The two pinching fingers, while they pinch.
    private var pinch: (Int, Int)?
    private var pinchDistance = VelocityTracker()
    /// The last tap that did not complete a double tap: where and when (event seconds).
    private var lastTap: (point: Point, time: Double)?

    init(slop: Double) {
        self.slop = slop
    }

    /// True between a press and its release (or while any finger is down).
    var isPressed: Bool { pressStart != nil || !fingers.isEmpty }

    /// Feeds one event; appends what it recognised to `gestures`.
    mutating func handle(_ event: InputEvent, into gestures: inout [Gesture]) {
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
                recordTap(start, time, into: &gestures)
            }
            pressStart = nil
            isDragging = false
        case .fingerDown(let id, let p, let time):
            handleFingerDown(id, p, time, into: &gestures)
        case .fingerMove(let id, let p, let time):
            guard let k = fingers.firstIndex(where: { $0.id == id }) else { return }
            fingers[k].point = p
            if let pinch, pinch.0 == id || pinch.1 == id {
                let (center, distance) = pinchGeometry()
                trackPinch(center, distance, time)
                gestures.append(.pinchChanged(center: center, distance: distance))
            } else if id == primary {
                handle(.pointerMove(p, time: time), into: &gestures)
            }
        case .fingerUp(let id, let p, let time):
            guard let k = fingers.firstIndex(where: { $0.id == id }) else { return }
            let moved = fingers[k].point != p
            fingers[k].point = p
            if let pinch, pinch.0 == id || pinch.1 == id {
                let (center, distance) = pinchGeometry()
                trackPinch(center, distance, time)
                if moved { gestures.append(.pinchChanged(center: center, distance: distance)) }
                gestures.append(
                    .pinchEnded(
                        velocity: Point(trackerX.velocity(at: time), trackerY.velocity(at: time)),
                        distanceVelocity: pinchDistance.velocity(at: time)))
                self.pinch = nil
            } else if id == primary {
                handle(.pointerUp(p, time: time), into: &gestures)
                primary = nil
            }
            fingers.remove(at: k)
        case .magnify(let at, let scale):
            gestures.append(.magnify(at: at, scale: scale))
        case .zoomNotches(let at, let notches):
            gestures.append(.magnify(at: at, scale: pow(zoomPerNotch, notches)))
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
        if pinch != nil { gestures.append(.pinchEnded(velocity: .zero, distanceVelocity: 0)) }
        pressStart = nil
        isDragging = false
        fingers.removeAll()
        primary = nil
        pinch = nil
        lastTap = nil
    }

    private mutating func handleFingerDown(_ id: Int, _ p: Point, _ time: Double, into gestures: inout [Gesture]) {
        guard !fingers.contains(where: { $0.id == id }) else { return }
        fingers.append((id, p))
        if fingers.count == 1, pressStart == nil {
            primary = id
            handle(.pointerDown(p, time: time), into: &gestures)
        } else if fingers.count == 2, let first = primary, pinch == nil {
            // The first finger's press ends at rest (no tap, no fling); the two fingers pinch from here.
            if pressStart != nil { gestures.append(.dragEnded(velocity: .zero)) }
            pressStart = nil
            isDragging = false
            primary = nil
            lastTap = nil
            pinch = (first, id)
            trackerX.reset()
            trackerY.reset()
            pinchDistance.reset()
            let (center, distance) = pinchGeometry()
            trackPinch(center, distance, time)
            gestures.append(.pinchBegan(center: center, distance: distance))
        }
    }

    /// The pinching fingers' midpoint and distance (points).
    private func pinchGeometry() -> (Point, Double) {
        guard let pinch, let a = fingers.first(where: { $0.id == pinch.0 })?.point,
            let b = fingers.first(where: { $0.id == pinch.1 })?.point
        else { return (.zero, 0) }
        return (Point((a.x + b.x) / 2, (a.y + b.y) / 2), a.distance(to: b))
    }

    private mutating func trackPinch(_ center: Point, _ distance: Double, _ time: Double) {
        track(center, time)
        pinchDistance.add(time: time, position: distance)
    }

    /// A tap close in time and place to the one before completes a double tap.
    private mutating func recordTap(_ p: Point, _ time: Double, into gestures: inout [Gesture]) {
        if let last = lastTap, time - last.time <= doubleTapInterval + 1e-9,
            last.point.distance(to: p) <= doubleTapDistance
        {
            gestures.append(.doubleTap(p))
            lastTap = nil
        } else {
            lastTap = (p, time)
        }
    }

    private mutating func track(_ p: Point, _ time: Double) {
        trackerX.add(time: time, position: p.x)
        trackerY.add(time: time, position: p.y)
    }
}
