import Foundation
import TesseraGeometry
import TesseraPhotos

/// A script file (docs/REFERENCE.md, "Scripts"): timed input for deterministic runs.
package struct Script: Equatable, Sendable {
    package var scene: SceneID?
    package var window: Size?
    package var steps: [Step]

    package struct Step: Equatable, Sendable {
        /// Simulated seconds from the start.
        package var at: Double
        var action: Action
    }

    enum Action: Equatable, Sendable {
        /// Press and release at the centre of the tile's presented frame.
        case tap(PhotoID)
        /// The same on an element found by name (`Script+Elements.swift`).
        case tapElement(ElementQuery)
        /// Runs an element's action as a screen reader does.
        case activate(ElementTarget, SemanticsAction)
        case click(Point)
        /// Press at `from`, move linearly to `to` over `seconds` (one move per step), stay pressed for
        /// `hold` seconds, release.
        case drag(from: Point, to: Point, seconds: Double, hold: Double)
        case wheel(at: Point, dx: Double, dy: Double)
        case key(Key)
        case scene(SceneID)
        case resize(Size)
        case screenshot(String)
        case dump(String)
        /// Touch gestures (`Script+Gestures.swift`): real finger events.
        case touch(TouchGesture)
        /// Take in the photo folder's changes now (`Script+Rescan.swift`).
        case rescan
    }

    package init(scene: SceneID? = nil, window: Size? = nil, steps: [Step]) {
        self.scene = scene
        self.window = window
        self.steps = steps
    }

    /// A script that cannot be used; `message` names the step index or the top-level key.
    package struct Error: Swift.Error, Equatable, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }

    /// A recorded monkey storm of 50 simulated seconds is about 300 KB; 16 MB is far past any script.
    static let maxFileBytes = 16 << 20

    package static func load(path: String) throws -> Script {
        let data: Data
        do {
            data = try FileContents.read(path, limit: maxFileBytes)
        } catch let error as FileContents.Error {
            throw Error(message: "script \(path): cannot read the file (\(error.reason))")
        }
        do {
            return try parse(data)
        } catch let error as Error {
            throw Error(message: "script \(path): \(error.message)")
        }
    }

    /// Most steps in a script: 40 times a recorded 50-second monkey storm. What a script costs in memory
    /// grows with its steps (`ScriptStepCount`; BENCHMARKS.md, "Budgets by construction").
    static let maxSteps = 100_000

    static func parse(_ data: Data) throws -> Script {
        if let count = ScriptStepCount.count(data, limit: maxSteps), count > maxSteps {
            throw Error(message: "\"steps\": more than \(maxSteps) steps (at most \(maxSteps); split the script)")
        }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw Error(message: "not valid JSON (truncated or malformed)")
        }
        guard let object = root as? [String: Any] else { throw Error(message: "expected a JSON object at the top") }
        for key in object.keys where !["scene", "window", "steps"].contains(key) {
            throw Error(message: "unknown top-level key \"\(key)\"")
        }
        var script = Script(steps: [])
        if let value = object["scene"] {
            guard let name = value as? String, let scene = SceneID(rawValue: name) else {
                throw Error(
                    message: "\"scene\": expected one of \(SceneID.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            script.scene = scene
        }
        if let value = object["window"] {
            script.window =
                try size(value)
                ?? {
                    throw Error(message: "\"window\": expected [width, height], each from 1 to \(Int(maxSide))")
                }()
        }
        guard let steps = object["steps"] as? [Any] else { throw Error(message: "\"steps\": expected an array") }
        var lastAt = 0.0
        for (index, raw) in steps.enumerated() {
            do {
                let step = try parseStep(raw)
                guard step.at >= lastAt else {
                    throw Error(message: "\"at\" \(step.at) is earlier than the step before")
                }
                lastAt = step.at
                script.steps.append(step)
            } catch let error as Error {
                throw Error(message: "step \(index): \(error.message)")
            }
        }
        return script
    }

    static let actionNames = [
        "tap", "click", "drag", "wheel", "key", "scene", "resize", "screenshot", "dump", "pinch", "doubleTap",
        "rescan", "activate",
    ]

    /// The latest simulated time a script may name, in seconds: one simulated day. A run steps through
    /// every fixed step up to it, so `"at": 1e12` would run until killed.
    static let maxSeconds = 86400.0
    /// The largest window side, points (as `--window`).
    static let maxSide = 16384.0
    /// Wheel notches in one step: far past any real burst, and small enough to stay finite.
    static let maxNotches = 10_000.0

    /// A step asked for while a run goes (`--control`): a step's object without `"at"`, which happens now
    /// (`time`, the simulation's).
    package static func liveStep(_ object: [String: Any], at time: Double) throws -> Step {
        guard object["at"] == nil else { throw Error(message: "\"at\": a control request happens now, without \"at\"") }
        var timed = object
        timed["at"] = 0
        var step = try parseStep(timed)
        step.at = time
        return step
    }

    private static func parseStep(_ raw: Any) throws -> Step {
        guard let object = raw as? [String: Any] else { throw Error(message: "expected an object") }
        let at = try seconds(object["at"], "at")
        let actions = object.keys.filter { actionNames.contains($0) }.sorted()
        let unknown = object.keys.filter { $0 != "at" && !actionNames.contains($0) }.sorted()
        if actions.count == 1, let key = unknown.first {
            throw Error(message: "unknown key \"\(key)\" (a step has \"at\" and one action)")
        }
        if actions.isEmpty, unknown.count == 1 { throw Error(message: "unknown action \"\(unknown[0])\"") }
        guard let name = actions.first else {
            throw Error(message: "no action (one of \(actionNames.joined(separator: ", ")))")
        }
        guard actions.count == 1 else {
            throw Error(message: "more than one action: \(actions.joined(separator: ", "))")
        }
        let value = object[name]!
        func bad(_ expected: String) -> Error { Error(message: "\"\(name)\": expected \(expected)") }
        let action: Action
        switch name {
        case "tap":
            if let id = value as? String, !id.isEmpty {
                action = .tap(PhotoID(id))
            } else {
                guard value is [String: Any] else { throw bad("a photo id or {\"name\": …, \"role\": …}") }
                guard case .named(let query) = try parseElement(name, value, allowsAction: false).0 else {
                    throw bad("a photo id")
                }
                action = .tapElement(query)
            }
        case "activate":
            let (target, act) = try parseElement(name, value, allowsAction: true)
            action = .activate(target, act)
        case "click":
            guard let p = point(value) else { throw bad("[x, y]") }
            action = .click(p)
        case "drag":
            guard let d = value as? [String: Any] else { throw bad("an object with from, to, seconds") }
            for key in d.keys where !["from", "to", "seconds", "hold", "touch"].contains(key) {
                throw Error(message: "\"drag\": unknown key \"\(key)\"")
            }
            guard let from = point(d["from"]) else { throw Error(message: "\"drag.from\": expected [x, y]") }
            guard let to = point(d["to"]) else { throw Error(message: "\"drag.to\": expected [x, y]") }
            let seconds = try Self.seconds(d["seconds"], "drag.seconds")
            let hold = d["hold"] == nil ? 0 : try Self.seconds(d["hold"], "drag.hold")
            let drag = Action.drag(from: from, to: to, seconds: seconds, hold: hold)
            action = d["touch"] == nil ? drag : try touchDrag(drag, d["touch"])
        case "wheel":
            guard let w = value as? [String: Any] else { throw bad("an object with at, dx, dy") }
            for key in w.keys where !["at", "dx", "dy"].contains(key) {
                throw Error(message: "\"wheel\": unknown key \"\(key)\"")
            }
            guard let at = point(w["at"]) else { throw Error(message: "\"wheel.at\": expected [x, y]") }
            let dx = w["dx"] == nil ? 0 : number(w["dx"])
            let dy = w["dy"] == nil ? 0 : number(w["dy"])
            guard let dx, let dy, abs(dx) <= maxNotches, abs(dy) <= maxNotches else {
                throw Error(
                    message: "\"wheel\": dx and dy must be numbers from -\(Int(maxNotches)) to \(Int(maxNotches))")
            }
            action = .wheel(at: at, dx: dx, dy: dy)
        case "key":
            guard let name = value as? String, !name.isEmpty else { throw bad("an SDL key name") }
            guard let key = Key(name: name) else {
                throw Error(message: "\"key\": \"\(name)\" is not a key Tessera knows")
            }
            action = .key(key)
        case "scene":
            guard let s = value as? String, let scene = SceneID(rawValue: s) else {
                throw bad("one of \(SceneID.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            action = .scene(scene)
        case "resize":
            // A window squeezed to nothing is input to survive, not a bad script: the simulation lays
            // out at no less than 1×1.
            guard let s = size(value, minimum: 0) else { throw bad("[width, height], each from 0 to \(Int(maxSide))") }
            action = .resize(s)
        case "screenshot", "dump":
            guard let path = value as? String, !path.isEmpty else { throw bad("a file path") }
            action = name == "dump" ? .dump(path) : .screenshot(path)
        case "pinch", "doubleTap":
            action = .touch(try parseTouchGesture(name, value))
        case "rescan":
            action = try rescan(value)
        default:
            throw Error(message: "unknown action \"\(name)\"")
        }
        return Step(at: at, action: action)
    }

    /// Seconds from 0 to `maxSeconds` under `key`.
    private static func seconds(_ value: Any?, _ key: String) throws -> Double {
        guard let seconds = number(value), seconds >= 0, seconds <= maxSeconds else {
            let got =
                number(value).map { " got \(ConfigRange.format($0))" }
                ?? (value == nil ? " it is missing" : " not a number")
            throw Error(
                message: "\"\(key)\": expected seconds from 0 to \(Int(maxSeconds)) (one simulated day);\(got)")
        }
        return seconds
    }

    /// A JSON number (not a boolean, which Foundation also bridges to NSNumber), finite.
    static func number(_ value: Any?) -> Double? {
        // Booleans bridge as NSNumber too; their Objective-C type is "c" (char).
        guard let n = value as? NSNumber, String(cString: n.objCType) != "c" else { return nil }
        let d = n.doubleValue
        return d.isFinite ? d : nil
    }

    static func point(_ value: Any?) -> Point? {
        guard let a = value as? [Any], a.count == 2, let x = number(a[0]), let y = number(a[1]) else { return nil }
        return Point(x, y)
    }

    private static func size(_ value: Any?, minimum: Double = 1) -> Size? {
        guard let p = point(value), p.x >= minimum, p.y >= minimum, p.x <= maxSide, p.y <= maxSide else { return nil }
        return Size(p.x, p.y)
    }
}
