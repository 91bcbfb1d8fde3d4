import TesseraGeometry
import TesseraPhotos

/// Touch gestures in scripts (docs/REFERENCE.md, "Scripts"): a pinch, a double tap, and a drag with a finger. They
/// play as finger events (`InputEvent.fingerDown`…), the same path a touch screen's fingers take.
///
///     {"at": t, "pinch": {"center": [x, y], "from": 120, "to": 330, "seconds": 0.4}}
///     {"at": t, "doubleTap": "photo-03"}   or   {"at": t, "doubleTap": [x, y]}
///     {"at": t, "drag": {"from": [x, y], "to": [x, y], "seconds": s, "touch": true}}
enum TouchGesture: Equatable, Sendable {
    /// Two fingers on a horizontal line through `center`, `from` points apart going to `to` over
    /// `seconds`, then both lift.
    case pinch(center: Point, from: Double, to: Double, seconds: Double)
    /// Two taps `ScriptPlayer.doubleTapGap` apart on a tile's centre or a point.
    case doubleTap(id: PhotoID?, at: Point)
    /// A drag with a finger (`drag` with `"touch": true`).
    case drag(from: Point, to: Point, seconds: Double, hold: Double)

    /// Seconds from the step's start to its last event.
    var duration: Double {
        switch self {
        case .pinch(_, _, _, let seconds): seconds
        case .doubleTap: ScriptPlayer.doubleTapGap
        case .drag(_, _, let seconds, let hold): seconds + hold
        }
    }

    func encode(into o: inout [String: Any]) {
        switch self {
        case .pinch(let c, let from, let to, let seconds):
            o["pinch"] = ["center": [c.x, c.y], "from": from, "to": to, "seconds": seconds]
        case .doubleTap(let id, let p):
            o["doubleTap"] = id.map { $0.rawValue as Any } ?? [p.x, p.y]
        case .drag(let from, let to, let seconds, let hold):
            o["drag"] = [
                "from": [from.x, from.y], "to": [to.x, to.y], "seconds": seconds, "hold": hold, "touch": true,
            ]
        }
    }
}

extension Script {
    static func parseTouchGesture(_ name: String, _ value: Any) throws -> TouchGesture {
        if name == "doubleTap" {
            if let id = value as? String, !id.isEmpty { return .doubleTap(id: PhotoID(id), at: .zero) }
            guard let p = point(value) else { throw Error(message: "\"doubleTap\": expected a photo id or [x, y]") }
            return .doubleTap(id: nil, at: p)
        }
        guard let d = value as? [String: Any] else {
            throw Error(message: "\"pinch\": expected an object with center, from, to, seconds")
        }
        for key in d.keys where !["center", "from", "to", "seconds"].contains(key) {
            throw Error(message: "\"pinch\": unknown key \"\(key)\"")
        }
        guard let center = point(d["center"]) else { throw Error(message: "\"pinch.center\": expected [x, y]") }
        guard let from = number(d["from"]), from > 0 else {
            throw Error(message: "\"pinch.from\": expected points > 0")
        }
        guard let to = number(d["to"]), to > 0 else { throw Error(message: "\"pinch.to\": expected points > 0") }
        guard let seconds = number(d["seconds"]), seconds >= 0 else {
            throw Error(message: "\"pinch.seconds\": expected seconds ≥ 0")
        }
        return .pinch(center: center, from: from, to: to, seconds: seconds)
    }

    /// A `drag` that says `"touch": true` becomes a finger's drag.
    static func touchDrag(_ drag: Action, _ flag: Any?) throws -> Action {
        guard number(flag) == nil, let flag = flag as? Bool else {
            throw Error(message: "\"drag.touch\": expected true or false")
        }
        guard flag, case .drag(let from, let to, let seconds, let hold) = drag else { return drag }
        return .touch(.drag(from: from, to: to, seconds: seconds, hold: hold))
    }
}

extension ScriptPlayer {
    /// Seconds between the two taps of a scripted double tap.
    static let doubleTapGap = 0.1
    /// The finger a touch drag or tap uses; a pinch uses the next two.
    static let finger = 0

    /// The second tap of a double tap, due at `time`.
    struct LaterTap: Sendable {
        var time: Double
        var id: PhotoID?
        var point: Point
        var stepIndex: Int
    }

    /// Starts a touch gesture at `time`: fingers down now, moves and lifts in later steps.
    mutating func start(_ gesture: TouchGesture, time: Double, stepIndex: Int, into events: inout [Event]) {
        switch gesture {
        case .pinch(let c, let from, let to, let seconds):
            for (k, side) in [(1, -1.0), (2, 1.0)] {
                let a = Point(c.x + side * from / 2, c.y)
                let b = Point(c.x + side * to / 2, c.y)
                events.append(.input(.fingerDown(Self.finger + k, a, time: time)))
                drags.append(
                    ActiveDrag(from: a, to: b, start: time, seconds: seconds, hold: 0, finger: Self.finger + k))
            }
        case .doubleTap(let id, let p):
            tap(id: id, at: p, time: time, stepIndex: stepIndex, into: &events)
            laterTaps.append(LaterTap(time: time + Self.doubleTapGap, id: id, point: p, stepIndex: stepIndex))
        case .drag(let from, let to, let seconds, let hold):
            events.append(.input(.fingerDown(Self.finger, from, time: time)))
            drags.append(ActiveDrag(from: from, to: to, start: time, seconds: seconds, hold: hold, finger: Self.finger))
        }
    }

    /// Second taps now due.
    mutating func playLaterTaps(now: Double, time: Double, into events: inout [Event]) {
        while let first = laterTaps.first, first.time <= now {
            laterTaps.removeFirst()
            tap(id: first.id, at: first.point, time: time, stepIndex: first.stepIndex, into: &events)
        }
    }

    private func tap(id: PhotoID?, at p: Point, time: Double, stepIndex: Int, into events: inout [Event]) {
        if let id {
            events.append(.fingerTap(id: id, finger: Self.finger, stepIndex: stepIndex))
        } else {
            events.append(.input(.fingerDown(Self.finger, p, time: time)))
            events.append(.input(.fingerUp(Self.finger, p, time: time)))
        }
    }

    /// A move of `finger` (the mouse when nil).
    func move(_ finger: Int?, _ p: Point, _ time: Double) -> InputEvent {
        finger.map { .fingerMove($0, p, time: time) } ?? .pointerMove(p, time: time)
    }
}
