import TesseraGeometry

/// A storm of pseudo-random input, as thousands of strangers' fingers would give a kiosk: clicks,
/// drags at every speed (flicks, slow pulls, held drags), wheel bursts, keys, scene switches and
/// resizes down to a 1×1 window. Made from a seed, as an ordinary `Script`, so a storm that breaks
/// something is written out and replayed exactly.
package struct Monkey: Sendable {
    var seed: UInt64
    /// Simulated seconds the input lasts.
    var duration: Double
    var eventCount: Int
    /// Window size at the start; the storm's clicks aim inside the current size.
    var window: Size

    package init(seed: UInt64, duration: Double, eventCount: Int, window: Size) {
        self.seed = seed
        self.duration = duration
        self.eventCount = eventCount
        self.window = window
    }

    /// Odd sizes on purpose: tiny, thin, the defaults, portrait and wide.
    static let sizes = [
        Size(320, 240), Size(1, 1), Size(2, 300), Size(1024, 768), Size(800, 600), Size(600, 900), Size(1280, 800),
        Size(300, 2), Size(1920, 1080),
    ]
    static let keys: [Key] = [
        .left, .right, .up, .down, .escape, .return, .space, .tab, .f3, .digit1, .digit2, .digit3, .digit4, .a,
    ]

    /// The storm as a script starting in `scene`; `dumpEvery` seconds a `dump` step into `dumpFolder`.
    package func script(scene: SceneID, dumpFolder: String? = nil, dumpEvery: Double = 10) -> Script {
        var random = SeededRandom(seed: seed)
        var times = (0..<eventCount).map { _ in Double.random(in: 0..<duration, using: &random) }
        times.sort()
        var size = window
        var steps: [Script.Step] = []
        for at in times {
            // Rounded to the microsecond so the written script reads back identically.
            let at = (at * 1e6).rounded() / 1e6
            func point() -> Point {
                Point(
                    (Double.random(in: -0.05...1.05, using: &random) * size.width).rounded(),
                    (Double.random(in: -0.05...1.05, using: &random) * size.height).rounded())
            }
            let roll = Double.random(in: 0..<1, using: &random)
            let action: Script.Action
            switch roll {
            case ..<0.35:
                action = .click(point())
            case ..<0.53:
                // From 20 ms flicks to half-second pulls; a third are held still before release; some
                // with a finger.
                let seconds = [0.02, 0.05, 0.1, 0.2, 0.5].randomElement(using: &random)!
                let hold =
                    Bool.random(using: &random) && Bool.random(using: &random)
                    ? Double.random(in: 0...0.3, using: &random) : 0
                let drag = Script.Action.drag(
                    from: point(), to: point(), seconds: seconds, hold: (hold * 1000).rounded() / 1000)
                action = roll < 0.47 ? drag : .touch(.drag(from: point(), to: point(), seconds: seconds, hold: 0))
            case ..<0.55:
                let from = Double(Int.random(in: 20...400, using: &random))
                let to = Double(Int.random(in: 20...400, using: &random))
                action = .touch(.pinch(center: point(), from: from, to: to, seconds: 0.3))
            case ..<0.57:
                action = .touch(.doubleTap(id: nil, at: point()))
            case ..<0.72:
                let notches = Double(Int.random(in: -5...5, using: &random))
                action =
                    Bool.random(using: &random)
                    ? .wheel(at: point(), dx: 0, dy: notches) : .wheel(at: point(), dx: notches, dy: 0)
            case ..<0.84:
                action = .key(Self.keys.randomElement(using: &random)!)
            case ..<0.92:
                action = .scene(SceneID.allCases.randomElement(using: &random)!)
            default:
                size = Self.sizes.randomElement(using: &random)!
                action = .resize(size)
            }
            steps.append(Script.Step(at: at, action: action))
        }
        if let dumpFolder {
            var t = dumpEvery
            while t <= duration + 3 {
                steps.append(Script.Step(at: t, action: .dump("\(dumpFolder)/monkey-\(seed)-\(Int(t)).json")))
                t += dumpEvery
            }
            steps.sort { $0.at < $1.at }
        }
        return Script(scene: scene, window: window, steps: steps)
    }
}
