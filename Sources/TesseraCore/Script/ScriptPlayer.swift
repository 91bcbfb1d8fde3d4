/// Plays a script against simulated time: each fixed step asks for what happens at that step's time,
/// in the script's order. Drags are spread over steps (one move per step), as a hand would.
package struct ScriptPlayer: Sendable {
    /// What the runner must do at a step. Pointer input goes through the same recognizer as SDL's.
    package enum Event: Equatable, Sendable {
        case input(InputEvent)
        /// Press and release at the centre of this tile's presented frame (resolved by the runner).
        case tap(id: String, stepIndex: Int)
        case scene(SceneID)
        case screenshot(String)
        case dump(String)
        /// Take in the photo folder's changes.
        case rescan
    }

    private let steps: [Script.Step]
    private var next = 0
    private var drags: [ActiveDrag] = []

    private struct ActiveDrag: Sendable {
        var from: Point
        var to: Point
        var start: Double
        var seconds: Double
        var hold: Double
    }

    package init(script: Script) {
        steps = script.steps
    }

    /// True once every step has started and every drag has been released.
    var isFinished: Bool { next >= steps.count && drags.isEmpty }

    /// Simulated time of the last scripted action (a drag ends at its release).
    var endTime: Double {
        steps.map { step in
            if case .drag(_, _, let seconds, let hold) = step.action { return step.at + seconds + hold }
            return step.at
        }.max() ?? 0
    }

    /// Everything due at simulated time `time` (seconds), appended to `events` in order.
    package mutating func events(at time: Double, into events: inout [Event]) {
        // Half a microsecond of slack: `at` values are decimal, step times are n / hz.
        let now = time + 5e-7
        // Drags already under way move (or release) first: they began at an earlier step.
        var i = 0
        while i < drags.count {
            if advance(&drags[i], time: time, now: now, into: &events) {
                drags.remove(at: i)
            } else {
                i += 1
            }
        }
        while next < steps.count, steps[next].at <= now {
            let step = steps[next]
            switch step.action {
            case .tap(let id):
                events.append(.tap(id: id, stepIndex: next))
            case .click(let p):
                events.append(.input(.pointerDown(p, time: time)))
                events.append(.input(.pointerUp(p, time: time)))
            case .drag(let from, let to, let seconds, let hold):
                events.append(.input(.pointerDown(from, time: time)))
                drags.append(ActiveDrag(from: from, to: to, start: time, seconds: seconds, hold: hold))
            case .wheel(let at, let dx, let dy):
                events.append(.input(.wheel(at: at, dx: dx, dy: dy)))
            case .key(let name):
                // Names were checked when the run began (`FrameLoop`); an unknown one does nothing.
                if let key = Key(name: name) { events.append(.input(.key(key))) }
            case .scene(let scene):
                events.append(.scene(scene))
            case .resize(let size):
                events.append(.input(.resize(size)))
            case .screenshot(let path):
                events.append(.screenshot(path))
            case .dump(let path):
                events.append(.dump(path))
            case .rescan:
                events.append(.rescan)
            }
            next += 1
        }
    }

    /// One step of a drag: a move towards `to`, or the release once moved and held. True when released.
    private func advance(_ drag: inout ActiveDrag, time: Double, now: Double, into events: inout [Event]) -> Bool {
        let elapsed = time - drag.start
        if elapsed < drag.seconds {
            let t = drag.seconds > 0 ? elapsed / drag.seconds : 1
            let p = Point(drag.from.x + (drag.to.x - drag.from.x) * t, drag.from.y + (drag.to.y - drag.from.y) * t)
            events.append(.input(.pointerMove(p, time: time)))
            return false
        }
        if drag.start + drag.seconds + drag.hold > now {
            // Arriving at `to` (once), then holding still.
            events.append(.input(.pointerMove(drag.to, time: time)))
            return false
        }
        events.append(.input(.pointerUp(drag.to, time: time)))
        return true
    }
}
