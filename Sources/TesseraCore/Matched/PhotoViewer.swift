import Foundation
import TesseraGeometry

/// What a fullscreen photo does under the fingers once it rests in the overlay
/// (docs/BEHAVIOUR.md#zoom-and-swipe-to-dismiss): pinch and double-tap zoom, pan with a glide when zoomed, and swipe down to
/// dismiss at fit — the photo viewer everyone knows from a phone (UIScrollView's zooming, Apple's
/// `viewForZooming(in:)` documentation).
///
/// State is a scale (1 at fit), a pan (the photo's centre minus the fit frame's centre, points) and, for
/// a swipe, a translation and the point the finger started at. The photo's frame follows from them
/// (`frame`); the scene holds the hero's tile at it while anything moves (`TileField.hold`), so a flight
/// home starts from exactly what is drawn, at the speed it is going.
///
/// - A pinch zooms about the fingers' midpoint: the point under them stays under them. Past 1× or
///   `maxScale` it resists (a rubber band on the scale's ratio past the limit) and springs back on release,
///   about the last midpoint.
/// - A one-finger drag when zoomed pans through two `ScrollAxis`es: the same rubber band, fling and bounce
///   as every scroll view, so an edge the photo covers never shows an empty band once it settles.
/// - A double tap toggles fit ↔ `doubleTapScale` about the tapped point; a Ctrl+wheel notch zooms about
///   the pointer; both on `ZoomConfig.spring`, from the current scale and its velocity (turning round).
/// - A vertical drag at fit is a swipe: the photo moves with the finger and shrinks about it; released
///   fast or far down it asks to be dismissed, otherwise it springs back.
struct PhotoViewer: Sendable {
    let config: ZoomConfig
    let physics: ScrollPhysics
    /// The photo's frame at fit, and the window (points): see `refit`.
    private(set) var fit: Rect
    private(set) var window: Size

    private(set) var scale = AnimatedValue(1, restThreshold: 0.0005)
    private(set) var panX = AnimatedValue(0, restThreshold: 0.05)
    private(set) var panY = AnimatedValue(0, restThreshold: 0.05)
    /// While a finger pans (or its glide runs): the pan as two scroll offsets (see `axisOffset`).
    private var axes: (x: ScrollAxis, y: ScrollAxis)?
    /// While two fingers pinch: the scale, centre and fingers' midpoint and distance when they began.
    private var pinch: (scale: Double, center: Point, midpoint: Point, distance: Double, last: Point)?
    /// While a swipe drags or springs back: the translation (points) and where the finger went down.
    private(set) var swipeX = AnimatedValue(0, restThreshold: 0.05)
    private(set) var swipeY = AnimatedValue(0, restThreshold: 0.05)
    private var swipeAnchor = Point.zero
    private(set) var isSwiping = false
    /// A swipe was dragging or springing back at the last step (its fade follows it until it rests).
    private var swipeWasActive = false
    /// How much of the backdrop shows because of the swipe (1 − progress), kept after a swipe dismissed
    /// the photo so the fade goes on from there; back to 1 when a photo is presented again.
    private(set) var fade = AnimatedValue(1, restThreshold: 0.002)
    /// The frame the step before, for the velocity of what is drawn.
    private var lastFrame: Rect?
    /// d(frame)/dt over the last step, points/second per component.
    private(set) var velocity = Rect.zero
    private var previousVelocity = Rect.zero
    /// What moves it now came from a gesture (not a resize, which the tile's own spring follows).
    private var byGesture = false
    /// Springing on to fit from a caught flight (`catchFlight`): a flight's overshoot past fit is not a
    /// zoom, so a drag meanwhile swipes or pages rather than pans.
    private var settlingFromFlight = false

    init(config: ZoomConfig, physics: ScrollPhysics, fit: Rect, window: Size) {
        self.config = config
        self.physics = physics
        self.fit = fit
        self.window = window
    }

    /// What a release of a drag or swipe asks of the scene.
    enum Outcome: Equatable {
        case none
        /// Fly the photo home, starting at `velocity` (points/second per component of the frame).
        case dismiss(velocity: Rect)
    }

    /// Follows the presented photo's fit frame and the window (a resize, another photo). A change is not
    /// motion: the next step measures no velocity across it.
    mutating func refit(_ fit: Rect, window: Size) {
        guard fit != self.fit || window != self.window else { return }
        self.fit = fit
        self.window = window
        lastFrame = nil
        // Zoomed through a resize: the pan springs back inside the new limits, and the tile's own spring
        // follows the moving frame (the fit frame itself jumped).
        byGesture = false
        guard isZoomed, axes == nil, pinch == nil, !isSwiping else { return }
        let goal = clampedPan(Point(panX.target, panY.target), at: scale.target)
        panX.animate(to: goal.x, with: config.spring)
        panY.animate(to: goal.y, with: config.spring)
    }

    // MARK: Reading

    /// The pan (points) now.
    var pan: Point {
        guard let axes else { return Point(panX.value, panY.value) }
        return Point(panFrom(offset: axes.x.offset, axis: .horizontal), panFrom(offset: axes.y.offset, axis: .vertical))
    }

    /// The swipe's progress, 0…1 (0 when none).
    var dismissProgress: Double {
        guard isSwiping || !swipeY.isSettled || swipeY.value != 0 else { return 0 }
        return min(1, max(0, swipeY.value / config.dismissDistance))
    }

    /// True when zoomed past fit (or on the way to or from it).
    var isZoomed: Bool { scale.target > 1.001 || (scale.value > 1.001 && !settlingFromFlight) }

    /// Nothing moves and no finger holds it.
    var isSettled: Bool {
        scale.isSettled && panX.isSettled && panY.isSettled && swipeX.isSettled && swipeY.isSettled && fade.isSettled
            && axes == nil && pinch == nil && !isSwiping && velocity == .zero
    }

    /// Something moves or a finger holds it, or it just stopped: the scene holds the tile at `frame` (and
    /// `velocity`) this step, so the tile's own spring rests where the viewer did, at its speed.
    var drivesFrame: Bool { byGesture && (!isSettled || previousVelocity != .zero) }

    /// The frame drawn now (window points): the fit frame zoomed by `scale` about its centre, moved by
    /// `pan`, then for a swipe shrunk about the finger's start and moved with the finger.
    var frame: Rect {
        let s = scale.value
        let p = pan
        let w = fit.width * s
        let h = fit.height * s
        var cx = fit.midX + p.x
        var cy = fit.midY + p.y
        let k = 1 - config.dismissShrink * dismissProgress
        cx = swipeAnchor.x + (cx - swipeAnchor.x) * k + swipeX.value
        cy = swipeAnchor.y + (cy - swipeAnchor.y) * k + swipeY.value
        return Rect(cx - w * k / 2, cy - h * k / 2, w * k, h * k)
    }

    // MARK: Limits

    /// How far the pan may go at scale `s` and still leave no empty band inside an edge the photo covers.
    func panLimits(at s: Double) -> (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        func range(_ length: Double, _ fitMid: Double, _ windowLength: Double) -> ClosedRange<Double> {
            guard length > windowLength else { return 0...0 }
            return (windowLength - length / 2 - fitMid)...(length / 2 - fitMid)
        }
        return (range(fit.width * s, fit.midX, window.width), range(fit.height * s, fit.midY, window.height))
    }

    private func clampedPan(_ p: Point, at s: Double) -> Point {
        let l = panLimits(at: s)
        return Point(min(max(p.x, l.x.lowerBound), l.x.upperBound), min(max(p.y, l.y.lowerBound), l.y.upperBound))
    }

    /// A pinch's raw scale shown with resistance past 1× and `maxScale`.
    func rubberBanded(_ raw: Double) -> Double {
        let c = config.rubberBand
        if raw > config.maxScale {
            return config.maxScale
                * (1 + RubberBand.displayed(overscroll: raw / config.maxScale - 1, dimension: 1, coefficient: c))
        }
        if raw < 1 {
            return 1 / (1 + RubberBand.displayed(overscroll: 1 / max(raw, 1e-3) - 1, dimension: 1, coefficient: c))
        }
        return raw
    }

    // MARK: Pan through scroll axes

    /// The pan as a scroll offset along `axis`: the content is the zoomed photo (or the window when the
    /// photo is smaller), and offset 0 shows its leading edge at the window's.
    private func base(_ axis: Axis, scale s: Double) -> Double {
        let (length, mid, windowLength) =
            axis == .horizontal ? (fit.width * s, fit.midX, window.width) : (fit.height * s, fit.midY, window.height)
        return length > windowLength ? length / 2 - mid : 0
    }

    private func panFrom(offset o: Double, axis: Axis) -> Double { base(axis, scale: scale.value) - o }

    private func makeAxis(_ axis: Axis, pan p: Double) -> ScrollAxis {
        var a = ScrollAxis(physics: physics, axis: axis)
        let (length, windowLength) =
            axis == .horizontal ? (fit.width * scale.value, window.width) : (fit.height * scale.value, window.height)
        a.setLengths(content: max(length, windowLength), viewport: windowLength)
        a.offset = base(axis, scale: scale.value) - p
        a.stop()
        return a
    }

    /// Ends a pan or glide where it is: its pan goes back into the pan springs, velocity kept.
    private mutating func releaseAxes() {
        guard let a = axes else { return }
        let p = pan
        axes = nil
        panX.animate(from: p.x, velocity: -a.x.velocity, to: p.x, with: config.spring)
        panY.animate(from: p.y, velocity: -a.y.velocity, to: p.y, with: config.spring)
    }

    // MARK: Gestures

    /// A finger arrived while the photo was still flying in: the viewer takes it from where it is drawn
    /// and at the speed it is going (`frame`, `velocity`: window points, points/second per component),
    /// and springs it on to fit — so the gesture that follows (a swipe, a pinch, a page) starts from the
    /// photo the person sees, as UIKit's interruptible animations do (WWDC 2018, "Designing Fluid
    /// Interfaces"). The flight's frame keeps the photo's aspect ratio, so a scale and a pan say it.
    mutating func catchFlight(at frame: Rect, velocity v: Rect) {
        guard fit.width > 0, frame.width > 0 else { return }
        byGesture = true
        settlingFromFlight = true
        lastFrame = nil
        scale.animate(from: frame.width / fit.width, velocity: v.width / fit.width, to: 1, with: config.spring)
        panX.animate(
            from: frame.midX - fit.midX, velocity: v.x + v.width / 2, to: 0, with: config.spring)
        panY.animate(
            from: frame.midY - fit.midY, velocity: v.y + v.height / 2, to: 0, with: config.spring)
    }

    /// A finger went down: a gliding pan stops under it (UIScrollView's catch).
    mutating func press() {
        byGesture = true
        guard var a = axes else { return }
        if a.x.isMoving || a.y.isMoving {
            a.x.beginDrag()
            a.y.beginDrag()
            a.x.endDrag(velocity: 0)
            a.y.endDrag(velocity: 0)
            axes = a
        }
    }

    /// A drag began: a pan when zoomed, a swipe when vertical at fit. False: not the viewer's.
    mutating func dragBegan(start: Point, axis: Axis) -> Bool {
        byGesture = true
        if isZoomed {
            guard scale.isSettled else { return false }
            if axes == nil {
                let p = pan
                axes = (makeAxis(.horizontal, pan: p.x), makeAxis(.vertical, pan: p.y))
                panX.set(p.x)
                panY.set(p.y)
            }
            axes!.x.beginDrag()
            axes!.y.beginDrag()
            return true
        }
        guard axis == .vertical, pinch == nil else { return false }
        if !isSwiping && swipeY.isSettled && swipeY.value == 0 { swipeAnchor = start }
        // A swipe springing back is caught where it is.
        swipeX.set(swipeX.value)
        swipeY.set(swipeY.value)
        isSwiping = true
        return true
    }

    mutating func dragChanged(_ delta: Point) {
        if axes != nil {
            axes!.x.drag(by: -delta.x)
            axes!.y.drag(by: -delta.y)
        } else if isSwiping {
            swipeX.set(swipeX.value + delta.x)
            swipeY.set(swipeY.value + delta.y)
        }
    }

    /// The finger lifted moving at `v` (points/second).
    mutating func dragEnded(velocity v: Point) -> Outcome {
        if axes != nil {
            axes!.x.endDrag(velocity: -v.x)
            axes!.y.endDrag(velocity: -v.y)
            return .none
        }
        guard isSwiping else { return .none }
        isSwiping = false
        let ty = swipeY.value
        if v.y > config.dismissVelocity || (ty > config.dismissThreshold && v.y > -config.dismissVelocity / 4) {
            return .dismiss(velocity: swipeVelocity(finger: v))
        }
        swipeX.animate(from: swipeX.value, velocity: v.x, to: 0, with: config.spring)
        swipeY.animate(from: ty, velocity: v.y, to: 0, with: config.spring)
        return .none
    }

    /// The frame's velocity while a finger moving at `v` drags the swipe: it moves with the finger and
    /// shrinks (about the finger's start) as it goes down.
    private func swipeVelocity(finger v: Point) -> Rect {
        let progress = dismissProgress
        let dk = progress > 0 && progress < 1 ? -config.dismissShrink * v.y / config.dismissDistance : 0
        let w = fit.width * scale.value
        let h = fit.height * scale.value
        let cx = fit.midX + pan.x
        let cy = fit.midY + pan.y
        let vcx = (cx - swipeAnchor.x) * dk + v.x
        let vcy = (cy - swipeAnchor.y) * dk + v.y
        return Rect(vcx - w * dk / 2, vcy - h * dk / 2, w * dk, h * dk)
    }

    mutating func pinchBegan(midpoint: Point, distance: Double) {
        byGesture = true
        settlingFromFlight = false
        releaseAxes()
        if isSwiping || swipeY.value != 0 || swipeX.value != 0 {
            isSwiping = false
            swipeX.animate(to: 0, with: config.spring)
            swipeY.animate(to: 0, with: config.spring)
        }
        let s = scale.value
        scale.set(s)
        let p = pan
        panX.set(p.x)
        panY.set(p.y)
        pinch = (s, Point(fit.midX + p.x, fit.midY + p.y), midpoint, max(distance, 1), midpoint)
    }

    mutating func pinchChanged(midpoint m: Point, distance: Double) {
        guard let start = pinch else { return }
        let s = rubberBanded(start.scale * distance / start.distance)
        let ratio = s / start.scale
        scale.set(s)
        panX.set(m.x + (start.center.x - start.midpoint.x) * ratio - fit.midX)
        panY.set(m.y + (start.center.y - start.midpoint.y) * ratio - fit.midY)
        pinch!.last = m
    }

    /// The pinch ended; `v` is the midpoint's velocity and `distanceVelocity` the fingers' spread's
    /// (points/second). Past a limit, scale and pan spring back about the last midpoint; inside, the pan
    /// glides on from the midpoint's velocity.
    mutating func pinchEnded(velocity v: Point, distanceVelocity: Double) {
        guard let start = pinch else { return }
        pinch = nil
        let s = scale.value
        let target = min(max(s, 1), config.maxScale)
        if target != s {
            let scaleVelocity = start.scale * distanceVelocity / start.distance
            zoom(to: target, about: start.last, scaleVelocity: scaleVelocity, panVelocity: v)
            return
        }
        var x = makeAxis(.horizontal, pan: panX.value)
        var y = makeAxis(.vertical, pan: panY.value)
        x.beginDrag()
        y.beginDrag()
        x.endDrag(velocity: -v.x)
        y.endDrag(velocity: -v.y)
        axes = (x, y)
    }

    /// Double tap: fit → `doubleTapScale` about `p`; zoomed → fit.
    mutating func doubleTap(at p: Point) {
        guard pinch == nil, !isSwiping else { return }
        zoom(to: isZoomed && scale.target > 1.001 ? 1 : min(config.doubleTapScale, config.maxScale), about: p)
    }

    /// Ctrl+wheel: zooms by `factor` about `p`, within the limits.
    mutating func magnify(at p: Point, by factor: Double) {
        guard pinch == nil, !isSwiping else { return }
        zoom(to: min(max(scale.target * factor, 1), config.maxScale), about: p)
    }

    /// Springs to scale `target` about window point `p` (the point under it stays there, as far as the
    /// pan limits allow), from the current scale and pan and their velocities.
    private mutating func zoom(
        to target: Double, about p: Point, scaleVelocity: Double? = nil, panVelocity: Point? = nil
    ) {
        byGesture = true
        settlingFromFlight = false
        releaseAxes()
        let s = scale.value
        let current = pan
        let ratio = target / s
        let centre = Point(fit.midX + current.x, fit.midY + current.y)
        let wanted = Point(p.x + (centre.x - p.x) * ratio - fit.midX, p.y + (centre.y - p.y) * ratio - fit.midY)
        let goal = target <= 1 ? .zero : clampedPan(wanted, at: target)
        if let scaleVelocity {
            scale.animate(from: s, velocity: scaleVelocity, to: target, with: config.spring)
        } else {
            scale.animate(to: target, with: config.spring)
        }
        if let panVelocity {
            panX.animate(from: current.x, velocity: panVelocity.x, to: goal.x, with: config.spring)
            panY.animate(from: current.y, velocity: panVelocity.y, to: goal.y, with: config.spring)
        } else {
            panX.animate(to: goal.x, with: config.spring)
            panY.animate(to: goal.y, with: config.spring)
        }
    }

    /// Back to fit at once, nothing held (the photo was sent home, or another one presented). The
    /// backdrop's swipe fade stays where it is (`keepFade`) or springs back to 1 on `spring`.
    mutating func reset(fadeBackOn spring: SpringParameters?) {
        scale.set(1)
        panX.set(0)
        panY.set(0)
        swipeX.set(0)
        swipeY.set(0)
        axes = nil
        pinch = nil
        isSwiping = false
        swipeWasActive = false
        byGesture = false
        settlingFromFlight = false
        lastFrame = nil
        velocity = .zero
        previousVelocity = .zero
        if let spring { fade.animate(to: 1, with: spring) }
    }

    // MARK: Motion

    /// Advances every spring and glide by `dt` seconds and measures the frame's velocity.
    mutating func step(_ dt: Double) {
        scale.step(dt)
        if scale.isSettled { settlingFromFlight = false }
        panX.step(dt)
        panY.step(dt)
        swipeX.step(dt)
        swipeY.step(dt)
        if var a = axes {
            a.x.step(dt)
            a.y.step(dt)
            axes = a
            if !a.x.isMoving && !a.y.isMoving && a.x.phase != .dragging {
                let p = pan
                axes = nil
                panX.set(p.x)
                panY.set(p.y)
            }
        }
        let swipeActive = isSwiping || !swipeY.isSettled
        if swipeActive || swipeWasActive {
            fade.set(1 - dismissProgress)
        } else {
            fade.step(dt)
        }
        swipeWasActive = swipeActive
        let now = frame
        previousVelocity = velocity
        if let last = lastFrame, dt > 0 {
            velocity = Rect(
                (now.x - last.x) / dt, (now.y - last.y) / dt, (now.width - last.width) / dt,
                (now.height - last.height) / dt)
        } else {
            velocity = .zero
        }
        lastFrame = now
    }
}
