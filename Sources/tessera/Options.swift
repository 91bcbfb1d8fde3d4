import TesseraCore
import TesseraGeometry

/// The command line of `tessera` (docs/REFERENCE.md, "`tessera` flags"). Parsing is pure so it can be tested; a bad flag or
/// value is a `UsageError` naming it (exit 2).
struct Options: Equatable, Sendable {
    var scene: SceneID?
    var photos: String?
    var config: String?
    var kiosk = false
    var output: String?
    var window: Size?
    var headless = false
    var script: String?
    var frames: Int?
    var screenshot: String?
    var dumpState: String?
    var profile = false
    var profileJSON: String?
    var trace: String?
    /// `--control PATH`: a Unix socket taking requests while a window runs (`ControlServer`).
    var control: String?
    var hz = 120.0
    var renderEvery = 1
    var monkey: UInt64?
    var monkeyDumps: String?
    var renderer = RendererChoice.auto
    /// `--scale S`: pixels per point, instead of what the display says (`DisplayScale`).
    var scale: Double?
    /// `--no-thumbnails`: neither read nor write the shared thumbnail cache, nor the header index.
    var noThumbnails = false
    /// `--speak`: say what is focused, selected and shown through speech-dispatcher (`speech.enabled`).
    var speak = false
    var help = false
    var version = false

    init() {}

    struct UsageError: Error, Equatable, CustomStringConvertible {
        var message: String
        var description: String { message }
        init(message: String) { self.message = message }
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var rest = arguments[...]
        /// Set for `--flag=value`: the value is whatever follows the `=`, even if it starts with `--`.
        var attached = false
        func value(_ flag: String) throws -> String {
            guard let v = rest.popFirst() else { throw UsageError(message: "\(flag) needs a value") }
            // `--output --headless` would otherwise write selections to a file named "--headless" and
            // lose the flag; a value that really starts with "--" can be given as `--output=--x`.
            if v.hasPrefix("--") && !attached {
                throw UsageError(
                    message: "\(flag) needs a value, got the flag \"\(v)\" (use \(flag)=\(v) if you mean it)")
            }
            return v
        }
        while let argument = rest.popFirst() {
            // `--flag=value` is accepted as well as `--flag value`.
            var flag = argument
            attached = false
            if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                flag = String(argument[..<eq])
                rest.insert(String(argument[argument.index(after: eq)...]), at: rest.startIndex)
                attached = true
            }
            switch flag {
            case "--scene":
                let name = try value(flag)
                guard let scene = SceneID(rawValue: name) else {
                    throw UsageError(
                        message:
                            "--scene: unknown scene \"\(name)\" (one of \(SceneID.allCases.map(\.rawValue).joined(separator: ", ")))"
                    )
                }
                options.scene = scene
            case "--photos": options.photos = try value(flag)
            case "--config": options.config = try value(flag)
            case "--kiosk": options.kiosk = true
            case "--output": options.output = try value(flag)
            case "--window":
                let text = try value(flag)
                let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...16384).contains(w),
                    (1...16384).contains(h)
                else { throw UsageError(message: "--window: expected WIDTHxHEIGHT like 1024x768, got \"\(text)\"") }
                options.window = Size(Double(w), Double(h))
            case "--headless": options.headless = true
            case "--script": options.script = try value(flag)
            case "--frames":
                let text = try value(flag)
                guard let n = Int(text), n >= 0 else {
                    throw UsageError(message: "--frames: expected a whole number ≥ 0, got \"\(text)\"")
                }
                options.frames = n
            case "--screenshot": options.screenshot = try value(flag)
            case "--dump-state": options.dumpState = try value(flag)
            case "--profile": options.profile = true
            case "--profile-json": options.profileJSON = try value(flag)
            case "--trace": options.trace = try value(flag)
            case "--control": options.control = try value(flag)
            case "--hz":
                let text = try value(flag)
                guard let hz = Double(text), hz.isFinite, hz >= 10, hz <= 2000 else {
                    throw UsageError(message: "--hz: expected a rate from 10 to 2000, got \"\(text)\"")
                }
                options.hz = hz
            case "--render-every":
                let text = try value(flag)
                guard let k = Int(text), k >= 1 else {
                    throw UsageError(message: "--render-every: expected a whole number ≥ 1, got \"\(text)\"")
                }
                options.renderEvery = k
            case "--monkey":
                let text = try value(flag)
                guard let seed = UInt64(text) else {
                    throw UsageError(message: "--monkey: expected a whole-number seed, got \"\(text)\"")
                }
                options.monkey = seed
            case "--monkey-dumps": options.monkeyDumps = try value(flag)
            case "--renderer":
                let text = try value(flag)
                guard let choice = RendererChoice(rawValue: text) else {
                    throw UsageError(
                        message:
                            "--renderer: expected one of \(RendererChoice.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(text)\""
                    )
                }
                options.renderer = choice
            case "--scale":
                let text = try value(flag)
                guard let scale = Double(text), scale.isFinite, DisplayScale.range.contains(scale) else {
                    throw UsageError(
                        message:
                            "--scale: expected pixels per point from \(DisplayScale.range.lowerBound) to \(DisplayScale.range.upperBound), got \"\(text)\""
                    )
                }
                options.scale = scale
            case "--no-thumbnails": options.noThumbnails = true
            case "--speak": options.speak = true
            case "--help", "-h": options.help = true
            case "--version": options.version = true
            default:
                throw UsageError(message: "unknown option \"\(argument)\" (see --help)")
            }
        }
        return options
    }

    static var version: String { tesseraVersion }

    static var usage: String {
        let scenes = SceneID.allCases
        let names = scenes.map(\.rawValue)
        let sceneList = ([names[0] + " (default)"] + names.dropFirst()).joined(separator: ", ")
        return usageTemplate.replacingOccurrences(of: "{scenes}", with: sceneList)
            .replacingOccurrences(of: "{digits}", with: "1–\(scenes.count)")
    }

    /// The usage text; the scene list and digit keys come from the registry.
    private static let usageTemplate = """
        Usage: tessera [options]

        SwiftUI-grade motion on SDL2: a windowed demo, a fullscreen kiosk, a frame-time profiler.

          --scene NAME         {scenes}
          --photos DIR         photos to show: every JPEG/PNG in DIR (default: the bundled Assets/Photos)
          --config FILE        JSON config over the defaults (default: Configs/default.json)
          --kiosk              fullscreen kiosk mode (Configs/kiosk.json unless --config is given)
          --output FILE        where confirmed selections go, one JSON line each (default: stdout)
          --window WxH         window size in points (default 1024x768)
          --headless           no display needed: offscreen, software renderer, simulated time
          --script FILE        scripted input; deterministic
          --frames N           stop after N fixed simulation steps
          --screenshot FILE    PNG of the last rendered frame
          --dump-state FILE    JSON state at exit
          --profile            per-phase frame-time summary at exit
          --profile-json FILE  the same summary as JSON
          --trace FILE         Chrome Trace Event JSON of every frame
          --control PATH       a window takes requests on this Unix socket (mode 0600), one JSON line
                               each: a script step without "at", {"dump": true}, {"reload": true}
          --hz N               fixed simulation rate (default 120)
          --render-every K     headless: render one frame every K steps (default 1)
          --renderer KIND      a window's renderer: auto (default: the GPU's, or SDL's software renderer
                               when OpenGL is itself software), software, accelerated
          --monkey SEED        random input storm (needs --frames); checks invariants every step
          --monkey-dumps DIR   the storm also dumps state into DIR every 10 simulated seconds
          --scale S            pixels per point, 0.5–4 (default: the display's; headless 1)
          --no-thumbnails      neither read nor write the shared thumbnail cache ($XDG_CACHE_HOME/thumbnails)
                               nor the photo folder's header index ($XDG_CACHE_HOME/tessera/headers)
          --speak              say what is focused, selected and shown, through speech-dispatcher
          --help, --version

        Keys: {digits} switch scenes, Escape closes a fullscreen photo or detail view, F3 frame-time HUD,
        F4 slow motion, Return confirms the picker's selection, Ctrl+Q quits.
        Exit codes: 0 ok, 1 unexpected, 2 bad usage/config/script/photos or a requested file that
        cannot be written, 3 no usable display (try --headless), 4 the run ended holding a confirmed
        selection that could not be written to --output, 5 the display went away.
        Signals: SIGTERM and SIGINT end a run as a quit does; SIGHUP reloads a window's config.
        """
}
