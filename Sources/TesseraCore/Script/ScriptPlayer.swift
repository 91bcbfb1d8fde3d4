import TesseraGeometry
import TesseraPhotos

/// Plays a script against simulated time: each fixed step asks for what happens at that step's time,
/// in the script's order. Drags are spread over steps (one move per step), as a hand would.
struct ScriptPlayer: Sendable {
    /// What the runner must do at a step. Pointer input goes through the same recognizer as SDL's.
    enum Event: Equatable, Sendable {
        case input(InputEvent)
        /// Press and release at the centre of this tile's presented frame (resolved by the runner).
        case tap(id: PhotoID, stepIndex: Int)
        /// Press and release at the centre of the element with this name (and role) as presented.
        case tapElement(ElementQuery, stepIndex: Int)
        /// Runs the element's action (`Simulation.perform`).
        case activate(ElementTarget, SemanticsAction, stepIndex: Int)
        /// The same with finger `finger` instead of the mouse.
        case fingerTap(id: PhotoID, finger: Int, stepIndex: Int)
        case scene(SceneID)
        case screenshot(String)
        case dump(String)
        /// Take in the photo folder's changes.
        case rescan
    }

    private let steps: [Script.Step]
    private var next = 0
    var drags: [ActiveDrag] = []
    /// Second taps of double taps: when, and where (a tile id or a point).
    var laterTaps: [LaterTap] = []

    struct ActiveDrag: Sendable {
        var from: Point
        var to: Point
        var start: Double
        var seconds: Double
        var hold: Double
        /// The finger that drags, nil for the mouse.
        var finger: Int? = nil
    }

    init(script: Script) {
        steps = script.steps
    }

    /// True once every step has started and every drag has been released.
    var isFinished: Bool { next >= steps.count && drags.isEmpty && laterTaps.isEmpty }

    /// Simulated time of the next step that has something to play: `now` while a drag or a double
    /// tap's second tap is under way (they act at every step), the next action's time, or nil when
    /// nothing is left.
    func nextEventTime(now: Double) -> Double? {
        if !drags.isEmpty || !laterTaps.isEmpty { return now }
        return next < steps.count ? steps[next].at : nil
    }

    /// Simulated time of the last scripted action (a drag ends at its release).
    var endTime: Double {
        steps.map { step in
            if case .drag(_, _, let seconds, let hold) = step.action { return step.at + seconds + hold }
            if case .touch(let gesture) = step.action { return step.at + gesture.duration }
            return step.at
        }.max() ?? 0
    }

    /// Everything due at simulated time `time` (seconds), appended to `events` in order.
    mutating func events(at time: Double, into events: inout [Event]) {
        // Half a microsecond of slack: `at` values are decimal, step times are n / hz.
        let now = time + 5e-7
        // Drags already under way move (or release) first: they began at an earlier step.
        // Fingers lift after every finger has moved: a pinch's two fingers both reach their end points.
        var lifts: [Event] = []
        var i = 0
        while i < drags.count {
            if advance(&drags[i], time: time, now: now, into: &events, lifts: &lifts) {
                drags.remove(at: i)
            } else {
                i += 1
            }
        }
        events += lifts
        playLaterTaps(now: now, time: time, into: &events)
        while next < steps.count, steps[next].at <= now {
            let step = steps[next]
            switch step.action {
            case .tap(let id):
                events.append(.tap(id: id, stepIndex: next))
            case .tapElement(let query):
                events.append(.tapElement(query, stepIndex: next))
            case .activate(let target, let action):
                events.append(.activate(target, action, stepIndex: next))
            case .click(let p):
                events.append(.input(.pointerDown(p, time: time)))
                events.append(.input(.pointerUp(p, time: time)))
            case .drag(let from, let to, let seconds, let hold):
                events.append(.input(.pointerDown(from, time: time)))
                drags.append(ActiveDrag(from: from, to: to, start: time, seconds: seconds, hold: hold))
            case .wheel(let at, let dx, let dy):
                events.append(.input(.wheel(at: at, dx: dx, dy: dy)))
            case .key(let key):
                events.append(.input(.key(key)))
            case .scene(let scene):
                events.append(.scene(scene))
            case .resize(let size):
                events.append(.input(.resize(size)))
            case .screenshot(let path):
                events.append(.screenshot(path))
            case .dump(let path):
                events.append(.dump(path))
            case .touch(let gesture):
                start(gesture, time: time, stepIndex: next, into: &events)
            case .rescan:
                events.append(.rescan)
            }
            next += 1
        }
    }

    /// One step of a drag: a move towards `to`, or the release once moved and held. True when released.
    private func advance(
        _ drag: inout ActiveDrag, time: Double, now: Double, into events: inout [Event], lifts: inout [Event]
    ) -> Bool {
        let elapsed = time - drag.start
        if elapsed < drag.seconds {
            let t = drag.seconds > 0 ? elapsed / drag.seconds : 1
            let p = Point(drag.from.x + (drag.to.x - drag.from.x) * t, drag.from.y + (drag.to.y - drag.from.y) * t)
            events.append(.input(move(drag.finger, p, time)))
            return false
        }
        if drag.start + drag.seconds + drag.hold > now {
            // Arriving at `to` (once), then holding still.
            events.append(.input(move(drag.finger, drag.to, time)))
            return false
        }
        if let finger = drag.finger {
            events.append(.input(.fingerMove(finger, drag.to, time: time)))
            lifts.append(.input(.fingerUp(finger, drag.to, time: time)))
        } else {
            events.append(.input(.pointerUp(drag.to, time: time)))
        }
        return true
    }
}
