import TesseraGeometry

/// Touch exploration, as phone screen readers do it (Apple's VoiceOver gestures; Android's TalkBack
/// "explore by touch"), for the speaking kiosk (docs/ACCESSIBILITY.md): one finger down and moving reads
/// what is under it and activates nothing; a single tap reads what it touched; a double tap anywhere
/// activates the last element read; two fingers scroll, as one finger does without it.
///
/// It sits in front of the gesture recognizer and turns touches into what the simulation does: read the
/// element at a point, activate the last one read, or hand on a one-finger drag made of the first of two
/// fingers. A mouse button counts as a finger (id `TouchExploration.mouse`).
struct TouchExploration: Sendable {
    /// What a touch asks for.
    enum Outcome: Equatable, Sendable {
        /// Read the element under this point (window points).
        case read(Point)
        /// Activate the element read last.
        case activateLastRead
        /// Input for the gesture recognizer: the scrolling finger's events.
        case forward(InputEvent)
    }

    /// The mouse's finger id (SDL's touch ids are non-negative).
    static let mouse = -1

    /// Seconds and points within which two taps make a double tap (the recognizer's own settings).
    var doubleTapInterval: Double
    var doubleTapDistance: Double
    /// How far a finger moves before it explores rather than taps (the recognizer's slop).
    var slop: Double

    /// The fingers down and where they are now.
    private var fingers: [Int: Point] = [:]
    /// The single finger down: where and when it landed, and whether it has moved past the slop.
    private var touch: (finger: Int, start: Point, time: Double, exploring: Bool)?
    /// A tap that may be the first of a double tap: when and where it lifted.
    private var pendingTap: (time: Double, point: Point)?
    /// The finger scrolling on behalf of two (its events go to the recognizer), until every finger lifts.
    private var scrolling: Int?
    private var scrolled = false

    init(doubleTapInterval: Double, doubleTapDistance: Double, slop: Double) {
        self.doubleTapInterval = doubleTapInterval
        self.doubleTapDistance = doubleTapDistance
        self.slop = slop
    }

    /// True while time alone can still decide something (a held finger starts reading; a lone tap is
    /// read once no second one came): the simulation keeps stepping meanwhile.
    var isWaiting: Bool { pendingTap != nil || (touch.map { !$0.exploring } ?? false) }

    /// Takes a pointer or finger event at `now` (the simulation's seconds, the clock `elapse` reads; the
    /// event's own time stays on what is forwarded, for the recognizer's velocities). Other events are
    /// not its business (nil).
    mutating func handle(_ event: InputEvent, now: Double) -> [Outcome]? {
        clock = now
        switch event {
        case .pointerDown(let p, let t): return down(Self.mouse, p, t)
        case .pointerMove(let p, let t): return fingers[Self.mouse] == nil ? [] : move(Self.mouse, p, t)
        case .pointerUp(let p, let t): return up(Self.mouse, p, t)
        case .fingerDown(let f, let p, let t): return down(f, p, t)
        case .fingerMove(let f, let p, let t): return move(f, p, t)
        case .fingerUp(let f, let p, let t): return up(f, p, t)
        default: return nil
        }
    }

    /// The simulation's time of the event being handled.
    private var clock = 0.0

    /// Time passed with nothing new (`now`, the input clock's seconds): a held finger starts reading, a
    /// lone tap is read.
    mutating func elapse(to now: Double) -> [Outcome] {
        if let tap = pendingTap, now - tap.time > doubleTapInterval {
            pendingTap = nil
            return [.read(tap.point)]
        }
        if let held = touch, !held.exploring, now - held.time > doubleTapInterval, pendingTap == nil {
            touch?.exploring = true
            return [.read(fingers[held.finger] ?? held.start)]
        }
        return []
    }

    private mutating func down(_ finger: Int, _ p: Point, _ t: Double) -> [Outcome] {
        fingers[finger] = p
        if fingers.count == 2, let first = touch?.finger, let at = fingers[first] {
            // A second finger: the two scroll together, carried by the first.
            touch = nil
            scrolling = first
            scrolled = true
            return [.forward(.fingerDown(0, at, time: t))]
        }
        guard fingers.count == 1, !scrolled else { return [] }
        touch = (finger, p, clock, false)
        return []
    }

    private mutating func move(_ finger: Int, _ p: Point, _ t: Double) -> [Outcome] {
        guard fingers[finger] != nil else { return [] }
        fingers[finger] = p
        if scrolling == finger { return [.forward(.fingerMove(0, p, time: t))] }
        guard let current = touch, current.finger == finger else { return [] }
        if !current.exploring {
            guard current.start.distance(to: p) > slop else { return [] }
            touch?.exploring = true
            pendingTap = nil
        }
        return [.read(p)]
    }

    private mutating func up(_ finger: Int, _ p: Point, _ t: Double) -> [Outcome] {
        guard fingers.removeValue(forKey: finger) != nil else { return [] }
        var outcomes: [Outcome] = []
        if let carrier = scrolling {
            if carrier == finger || fingers[carrier] == nil {
                outcomes.append(.forward(.fingerUp(0, carrier == finger ? p : fingers[carrier] ?? p, time: t)))
                scrolling = nil
            }
        } else if let current = touch, current.finger == finger {
            touch = nil
            if !current.exploring, clock - current.time <= doubleTapInterval {
                if let first = pendingTap, clock - first.time <= 2 * doubleTapInterval,
                    first.point.distance(to: p) <= doubleTapDistance
                {
                    pendingTap = nil
                    outcomes.append(.activateLastRead)
                } else {
                    pendingTap = (clock, p)
                }
            }
        }
        if fingers.isEmpty { scrolled = false }
        return outcomes
    }
}
