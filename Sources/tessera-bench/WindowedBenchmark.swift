import Foundation

/// What a person's machine pays for a real window (docs/KIOSK.md, "Rest, and frames on the display's beat"): `tessera` run as a
/// user runs it, in an X window (Xvfb when there is no display), measured with the process's own
/// accounting (`cpuSeconds` and `wallSeconds` of `--profile-json`, `getrusage`), once for each way of
/// presenting (`--renderer software` and `accelerated`).
///
/// - At rest: each scene, a run of `restSeconds` more than a short one: the extra CPU (`cpuSeconds` of
///   `--profile-json`) and the extra frames presented, over the extra wall time.
/// - Animated: the picker with 24 camera-size photos (4000×3000 JPEGs), one photo toggled between
///   grid and dock every 120 ms for 10 s, against the same 10 s with no taps, both read from two
///   seconds after launch to the end as Qt Quick's runs are: the extra CPU over the extra frames is
///   what an animated frame costs (the median of `animatedRounds` pairs of runs), at
///   1024×768 and at 1920×1080, and the same in Qt Quick's software backend (`QtQuickReference`) and
///   Slint's software renderer (`SlintReference`), all drawing 60 frames a second (Tessera at
///   `animatedHz`, Qt Quick's render loop and Slint at their own pace).
struct WindowedBenchmark {
    var restSeconds = 10.0
    /// Both are measured over the last 8 s of a 10 s run (`QtQuickReference.settle`).
    var animatedSeconds = 10.0
    /// Animated runs per size (medians): one run moves by a third from run to run on a shared machine,
    /// and one round's ratio by a fifth (0.43–0.57 at 1024×768 over a morning's medians of three).
    var animatedRounds = 5
    /// Tessera's step (and so frame) rate in the animated runs: the rate Qt Quick's render loop draws
    /// the same toggles at here (60, its reported `framesPerSecond`). A frame that follows the last one
    /// sooner is the cheaper one (BENCHMARKS.md, "Frame rate"), so both are measured at one rate.
    var animatedHz = 60
    /// The most frames a second a window may present on the bench's display: its 60 Hz, + 2 %.
    static let displayFramesPerSecondLimit = 61.2
    var photoCount = 24

    struct Path: Encodable {
        var renderer: String
        /// Percent of one core at rest, per scene.
        var restCPUPercent: [String: Double]
        /// Frames presented per second at rest, per scene (0 is the goal).
        var restFramesPerSecond: [String: Double]
        /// Peak resident memory of a run in each scene as a user runs it (no profile asked for; bundled
        /// photos, 1024×768), megabytes.
        var peakRSSMegabytes: [String: Double]
        /// Milliseconds of CPU per presented frame while animating, start-up excluded (1024×768).
        var animatedCPUMsPerFrame: Double
        /// The same at a kiosk's 1920×1080.
        var animatedKioskCPUMsPerFrame: Double
        /// The frames the toggles added, per second of the run.
        var animatedFramesPerSecond: Double
        /// The X server's CPU per frame the toggles added, over the same window (1024×768, 1920×1080);
        /// nil where the server's process is not known.
        var animatedServerMsPerFrame: Double?
        var animatedKioskServerMsPerFrame: Double?
    }

    struct Result: Encodable {
        var display: String
        var software: Path?
        var accelerated: Path?
        /// The same toggles in Qt Quick's software backend; nil without Qt's QML runtime.
        var qtQuick: ReferenceRun.Figures?
        /// Tessera's software path over Qt Quick's per animated frame, the median of the rounds' ratios
        /// (1024×768, 1920×1080), and each round's.
        var versusQtQuick: Double?
        var kioskVersusQtQuick: Double?
        var versusQtQuickRounds: [Double]?
        var kioskVersusQtQuickRounds: [Double]?
        /// The same counting the X server's CPU on both sides (what the box pays), medians and rounds.
        var boxVersusQtQuick: Double?
        var kioskBoxVersusQtQuick: Double?
        var boxVersusQtQuickRounds: [Double]?
        var kioskBoxVersusQtQuickRounds: [Double]?
        /// At default settings (no `--hz`), 1024×768: the frames a second and the app + server CPU a
        /// second the toggles added, and that over Qt Quick's (medians; each round's).
        var defaultSettingsFramesPerSecond: Double?
        var defaultSettingsBoxMsPerSecond: Double?
        var qtQuickBoxMsPerSecond: Double?
        var perSecondVersusQtQuick: Double?
        var perSecondVersusQtQuickRounds: [Double]?
        /// The same against Slint's software renderer; nil without Slint's Python package.
        var slint: ReferenceRun.Figures?
        var slintComparison: SlintComparison?
    }

    func run(tessera: URL, root: URL) throws -> Result? {
        guard let display = try XDisplay.open(width: 1920, height: 1200) else { return nil }
        defer { display.close() }
        let photos = try BenchImages.folder(count: photoCount, width: 4000, height: 3000, under: root)
        var result = Result(display: display.name)
        for renderer in ["software", "accelerated"] {
            // Qt Quick's software backend is measured in turn with Tessera's software path.
            let qt = renderer == "software" ? QtQuickReference.picker(under: root) : nil
            let slint = renderer == "software" ? slintReference(root: root) : nil
            guard
                let (path, animated) = try measure(
                    renderer: renderer, tessera: tessera, photos: photos, display: display, qt: qt, slint: slint)
            else { continue }
            if renderer == "software" {
                result.software = path
                result.qtQuick = animated.qt
                result.versusQtQuick = animated.versusQt
                result.kioskVersusQtQuick = animated.kioskVersusQt
                result.versusQtQuickRounds = animated.roundRatios
                result.kioskVersusQtQuickRounds = animated.kioskRoundRatios
                result.boxVersusQtQuick = animated.boxRoundRatios?.median
                result.kioskBoxVersusQtQuick = animated.kioskBoxRoundRatios?.median
                result.boxVersusQtQuickRounds = animated.boxRoundRatios
                result.kioskBoxVersusQtQuickRounds = animated.kioskBoxRoundRatios
                result.defaultSettingsFramesPerSecond = animated.defaultSettings?.framesPerSecond
                result.defaultSettingsBoxMsPerSecond = animated.defaultSettings?.boxMsPerSecond
                result.qtQuickBoxMsPerSecond = animated.qtSmall?.boxMsPerSecond
                result.perSecondVersusQtQuick = animated.perSecondRoundRatios?.median
                result.perSecondVersusQtQuickRounds = animated.perSecondRoundRatios
                result.slint = animated.slint
                result.slintComparison = animated.slintComparison
            } else {
                result.accelerated = path
            }
        }
        return result
    }

    private func measure(
        renderer: String, tessera: URL, photos: URL, display: XDisplay, qt: URL?, slint: SlintPicker?
    ) throws -> (Path, AnimatedFigures)? {
        var cpu: [String: Double] = [:]
        var fps: [String: Double] = [:]
        var rss: [String: Double] = [:]
        var name = renderer
        for scene in ["picker", "waterfall", "gallery", "destinations"] {
            let base = ["--scene", scene, "--window", "1024x768", "--renderer", renderer]
            // Interactive runs end after N steps of real time (120 a second).
            guard let short = try run(tessera, base + ["--frames", "360"], display: display.name) else { return nil }
            guard
                let long = try run(
                    tessera, base + ["--frames", String(360 + Int(restSeconds * 120))], display: display.name)
            else { return nil }
            let seconds = long.wall - short.wall
            cpu[scene] = max(0, long.cpu - short.cpu) / seconds * 100
            fps[scene] = max(0, long.frames - short.frames) / seconds
            guard let peak = try Self.peakRSS(tessera, base + ["--frames", "360"], display: display.name) else {
                return nil
            }
            rss[scene] = peak
            name = long.name
        }
        guard
            let animated = try animatedRounds(
                renderer: renderer, tessera: tessera, photos: photos, display: display, qt: qt, slint: slint)
        else { return nil }
        let path = Path(
            renderer: name, restCPUPercent: cpu, restFramesPerSecond: fps, peakRSSMegabytes: rss,
            animatedCPUMsPerFrame: animated.small.cpuMsPerFrame,
            animatedKioskCPUMsPerFrame: animated.large.cpuMsPerFrame,
            animatedFramesPerSecond: animated.small.framesPerSecond,
            animatedServerMsPerFrame: animated.small.serverMsPerFrame,
            animatedKioskServerMsPerFrame: animated.large.serverMsPerFrame)
        return (path, animated)
    }

    /// The animated picker alone, on the software path and in Qt Quick (`tessera-bench --animated`).
    struct AnimatedResult: Encodable {
        var display: String
        var rounds: Int
        var cpuMsPerFrame: Double
        var kioskCPUMsPerFrame: Double
        var framesPerSecond: Double
        var qtQuick: ReferenceRun.Figures?
        var versusQtQuick: Double?
        var kioskVersusQtQuick: Double?
        var versusQtQuickRounds: [Double]?
        var kioskVersusQtQuickRounds: [Double]?
        /// The X server's CPU per frame, and the ratios counting it on both sides.
        var serverMsPerFrame: Double?
        var kioskServerMsPerFrame: Double?
        var boxVersusQtQuick: Double?
        var kioskBoxVersusQtQuick: Double?
        var defaultSettingsFramesPerSecond: Double?
        var defaultSettingsBoxMsPerSecond: Double?
        var qtQuickBoxMsPerSecond: Double?
        var perSecondVersusQtQuick: Double?
        var perSecondVersusQtQuickRounds: [Double]?
        var slint: ReferenceRun.Figures?
        var slintComparison: SlintComparison?
    }

    func runAnimated(tessera: URL, root: URL) throws -> AnimatedResult? {
        guard let display = try XDisplay.open(width: 1920, height: 1200) else { return nil }
        defer { display.close() }
        let photos = try BenchImages.folder(count: photoCount, width: 4000, height: 3000, under: root)
        guard
            let figures = try animatedRounds(
                renderer: "software", tessera: tessera, photos: photos, display: display,
                qt: QtQuickReference.picker(under: root), slint: slintReference(root: root))
        else { return nil }
        return AnimatedResult(
            display: display.name, rounds: animatedRounds, cpuMsPerFrame: figures.small.cpuMsPerFrame,
            kioskCPUMsPerFrame: figures.large.cpuMsPerFrame, framesPerSecond: figures.small.framesPerSecond,
            qtQuick: figures.qt, versusQtQuick: figures.versusQt, kioskVersusQtQuick: figures.kioskVersusQt,
            versusQtQuickRounds: figures.roundRatios, kioskVersusQtQuickRounds: figures.kioskRoundRatios,
            serverMsPerFrame: figures.small.serverMsPerFrame, kioskServerMsPerFrame: figures.large.serverMsPerFrame,
            boxVersusQtQuick: figures.boxRoundRatios?.median,
            kioskBoxVersusQtQuick: figures.kioskBoxRoundRatios?.median,
            defaultSettingsFramesPerSecond: figures.defaultSettings?.framesPerSecond,
            defaultSettingsBoxMsPerSecond: figures.defaultSettings?.boxMsPerSecond,
            qtQuickBoxMsPerSecond: figures.qtSmall?.boxMsPerSecond,
            perSecondVersusQtQuick: figures.perSecondRoundRatios?.median,
            perSecondVersusQtQuickRounds: figures.perSecondRoundRatios, slint: figures.slint,
            slintComparison: figures.slintComparison)
    }

    /// What an animated frame costs: the app's CPU, and the X server's over the same window (the
    /// display server runs on the same cores: a kiosk pays for both).
    struct Animated: Equatable {
        var cpuMsPerFrame: Double
        var framesPerSecond: Double
        /// Nil where the server's process is not known (a `DISPLAY` whose server is not on this machine).
        var serverMsPerFrame: Double? = nil
        /// App and server together.
        var boxMsPerFrame: Double? { serverMsPerFrame.map { cpuMsPerFrame + $0 } }
        /// What the toggles added to app and server together, per second of the window: what a run at
        /// its own settings costs, whatever frame rate it chose.
        var boxMsPerSecond: Double? = nil
    }

    /// The animated picker's figures over `animatedRounds` rounds: medians, and Tessera over Qt Quick.
    struct AnimatedFigures {
        var small: Animated
        var large: Animated
        /// Qt Quick's medians; nil without `qmlscene`.
        var qt: ReferenceRun.Figures?
        /// Each round's Tessera ÷ Qt Quick, at 1024×768 and 1920×1080, and their medians.
        var roundRatios: [Double]?
        var kioskRoundRatios: [Double]?
        /// The same counting the X server's CPU on both sides.
        var boxRoundRatios: [Double]?
        var kioskBoxRoundRatios: [Double]?
        /// Tessera at its default settings (no `--hz`) at 1024×768, median, and its app + server CPU
        /// per second over Qt Quick's, each round's.
        var defaultSettings: Animated?
        var perSecondRoundRatios: [Double]?
        /// Qt Quick's medians at 1024×768.
        var qtSmall: Animated?
        /// Slint's medians and Tessera over Slint; nil without Slint's Python package.
        var slint: ReferenceRun.Figures?
        var slintComparison: SlintComparison?
        var versusQt: Double? { roundRatios?.median }
        var kioskVersusQt: Double? { kioskRoundRatios?.median }
    }

    /// Tessera's software path over Slint's software renderer (`SlintReference`, at its own pace of about
    /// 60 frames a second), medians of the rounds' ratios and each round's: per frame, Tessera at
    /// `animatedHz` (the app alone, and app + X server), at 1024×768 and 1920×1080; and app + X server per
    /// second at each one's default settings (Tessera with no `--hz`), at 1024×768.
    struct SlintComparison: Encodable {
        var versusSlint: Double?
        var kioskVersusSlint: Double?
        var versusSlintRounds: [Double]?
        var kioskVersusSlintRounds: [Double]?
        var boxVersusSlint: Double?
        var kioskBoxVersusSlint: Double?
        var boxVersusSlintRounds: [Double]?
        var kioskBoxVersusSlintRounds: [Double]?
        var perSecondVersusSlint: Double?
        var perSecondVersusSlintRounds: [Double]?
        /// The floor of such a frame (`FrameFloor`), app + X server per frame at 1024×768 and 1920×1080
        /// (medians), and over Slint's (medians of the rounds' ratios, and each round's); nil where the
        /// floor did not compile.
        var floorBoxMsPerFrame: Double?
        var kioskFloorBoxMsPerFrame: Double?
        var floorVersusSlint: Double?
        var kioskFloorVersusSlint: Double?
        var floorVersusSlintRounds: [Double]?
        var kioskFloorVersusSlintRounds: [Double]?
    }

    /// Slint's reference, its picker.py, and the floor measured beside it.
    typealias SlintPicker = (reference: SlintReference, script: URL, floor: FrameFloor?)

    /// Slint's reference where its script and a Python with its packages are at hand; nil otherwise.
    private func slintReference(root: URL) -> SlintPicker? {
        guard let script = SlintReference.picker(under: root),
            let reference = SlintReference(seconds: animatedSeconds, root: root)
        else { return nil }
        return (reference, script, FrameFloor(root: root))
    }

    /// `animated` at 1024×768 and 1920×1080, `animatedRounds` times taking turns, and in each round the
    /// same in Qt Quick (`qt`, its picker QML) and in Slint (`slint`, at its own pace) right after. Why
    /// in turn: this machine's speed drifts
    /// by a fifth over minutes, and measuring all of Tessera's rounds before all of Qt's made the ratio
    /// move with the drift; a ratio within one round compares runs a minute apart.
    private func animatedRounds(
        renderer: String, tessera: URL, photos: URL, display: XDisplay, qt: URL?, slint: SlintPicker?
    ) throws -> AnimatedFigures? {
        let reference = QtQuickReference(seconds: animatedSeconds)
        // Qt Quick stops being run once a round of it fails (no QtQuick module): it is then left out;
        // Slint likewise.
        var qt = qt
        var slint = slint
        var slintSmall: [Animated] = []
        var slintLarge: [Animated] = []
        var floorSmall: [Animated] = []
        var floorLarge: [Animated] = []
        var small: [Animated] = []
        var large: [Animated] = []
        var qtSmall: [Animated] = []
        var qtLarge: [Animated] = []
        var defaults: [Animated] = []
        for _ in 0..<animatedRounds {
            guard
                let s = try animated(
                    window: "1024x768", renderer: renderer, tessera: tessera, photos: photos, display: display),
                let l = try animated(
                    window: "1920x1080", renderer: renderer, tessera: tessera, photos: photos, display: display)
            else { return nil }
            small.append(s)
            large.append(l)
            if let d = try animated(
                window: "1024x768", renderer: renderer, tessera: tessera, photos: photos, display: display, hz: nil)
            {
                defaults.append(d)
            }
            if let picker = qt, let reference {
                if let s = try reference.animated(size: "1024x768", qml: picker, photos: photos, display: display),
                    let l = try reference.animated(size: "1920x1080", qml: picker, photos: photos, display: display)
                {
                    qtSmall.append(s)
                    qtLarge.append(l)
                } else {
                    qt = nil
                }
            }
            // Slint at its own pace, as a user's Slint app runs: per frame at both sizes, and per second
            // at 1024×768 from the same run.
            if let (reference, script, floor) = slint {
                if let s = try reference.animated(size: "1024x768", script: script, photos: photos, display: display),
                    let l = try reference.animated(size: "1920x1080", script: script, photos: photos, display: display)
                {
                    if let fast = Self.fasterThanTheDisplay([s, l]) {
                        FileHandle.standardError.write(
                            Data(
                                ("tessera-bench: \(reference.runtimeName) presented \(Int(fast.framesPerSecond)) "
                                    + "frames/s, more than the display's 60; Slint left out "
                                    + "(Tools/slint-picker/install.sh installs one that keeps the pace)\n").utf8))
                        slint = nil
                    } else {
                        slintSmall.append(s)
                        slintLarge.append(l)
                        if let floor, let s = try floor.animated(size: "1024x768", display: display),
                            let l = try floor.animated(size: "1920x1080", display: display)
                        {
                            floorSmall.append(s)
                            floorLarge.append(l)
                        }
                    }
                } else {
                    FileHandle.standardError.write(Data("tessera-bench: a Slint run failed; Slint left out\n".utf8))
                    slint = nil
                }
            }
        }
        func medians(_ runs: [Animated]) -> Animated {
            let servers = runs.compactMap(\.serverMsPerFrame)
            let perSecond = runs.compactMap(\.boxMsPerSecond)
            return Animated(
                cpuMsPerFrame: runs.map(\.cpuMsPerFrame).median, framesPerSecond: runs.map(\.framesPerSecond).median,
                serverMsPerFrame: servers.count == runs.count ? servers.median : nil,
                boxMsPerSecond: perSecond.count == runs.count ? perSecond.median : nil)
        }
        var figures = AnimatedFigures(small: medians(small), large: medians(large))
        figures.defaultSettings = defaults.isEmpty ? nil : medians(defaults)
        if let (reference, _, _) = slint, !slintSmall.isEmpty {
            // Slint's default settings are its per-frame runs' own: the same medians.
            let slintSmallMedians = medians(slintSmall)
            figures.slint = ReferenceRun.Figures(
                runtime: reference.runtimeName, small: slintSmallMedians, large: medians(slintLarge),
                defaults: slintSmallMedians)
            let boxRounds = Self.ratios(small, slintSmall, size: "1024x768", of: \.boxMsPerFrame)
            let kioskBoxRounds = Self.ratios(large, slintLarge, size: "1920x1080", of: \.boxMsPerFrame)
            let perSecondRounds =
                defaults.count == slintSmall.count
                ? Self.ratios(defaults, slintSmall, size: "1024x768", of: \.boxMsPerSecond) : nil
            let rounds = Self.ratios(small, slintSmall, size: "1024x768")
            let kioskRounds = Self.ratios(large, slintLarge, size: "1920x1080")
            figures.slintComparison = SlintComparison(
                versusSlint: rounds?.median, kioskVersusSlint: kioskRounds?.median, versusSlintRounds: rounds,
                kioskVersusSlintRounds: kioskRounds, boxVersusSlint: boxRounds?.median,
                kioskBoxVersusSlint: kioskBoxRounds?.median, boxVersusSlintRounds: boxRounds,
                kioskBoxVersusSlintRounds: kioskBoxRounds, perSecondVersusSlint: perSecondRounds?.median,
                perSecondVersusSlintRounds: perSecondRounds)
            // Only rounds where the floor ran beside Slint are set against it.
            if !floorSmall.isEmpty, floorSmall.count == slintSmall.count {
                let floorRounds = Self.ratios(floorSmall, slintSmall, size: "1024x768", of: \.boxMsPerFrame)
                let kioskFloorRounds = Self.ratios(floorLarge, slintLarge, size: "1920x1080", of: \.boxMsPerFrame)
                figures.slintComparison?.floorBoxMsPerFrame = medians(floorSmall).boxMsPerFrame
                figures.slintComparison?.kioskFloorBoxMsPerFrame = medians(floorLarge).boxMsPerFrame
                figures.slintComparison?.floorVersusSlint = floorRounds?.median
                figures.slintComparison?.kioskFloorVersusSlint = kioskFloorRounds?.median
                figures.slintComparison?.floorVersusSlintRounds = floorRounds
                figures.slintComparison?.kioskFloorVersusSlintRounds = kioskFloorRounds
            }
        }
        guard qt != nil, let reference, !qtSmall.isEmpty else { return figures }
        let qtSmallMedians = medians(qtSmall)
        figures.qtSmall = qtSmallMedians
        figures.qt = ReferenceRun.Figures(
            runtime: reference.runtime.name, small: qtSmallMedians, large: medians(qtLarge))
        figures.roundRatios = Self.ratios(small, qtSmall, size: "1024x768")
        figures.kioskRoundRatios = Self.ratios(large, qtLarge, size: "1920x1080")
        figures.boxRoundRatios = Self.ratios(small, qtSmall, size: "1024x768", of: \.boxMsPerFrame)
        figures.kioskBoxRoundRatios = Self.ratios(large, qtLarge, size: "1920x1080", of: \.boxMsPerFrame)
        if defaults.count == qtSmall.count {
            figures.perSecondRoundRatios = Self.ratios(defaults, qtSmall, size: "1024x768", of: \.boxMsPerSecond)
        }
        return figures
    }

    /// The first of a reference's runs that presented more frames a second than the display shows, nil
    /// when none did. An older Slint (1.9) draws an animation as fast as its event loop turns on X11
    /// (700–900 frames a second): frames no display shows, each cheaper than one at the display's rate
    /// (BENCHMARKS.md, "Frame rate"), so not a frame to set Tessera's against.
    static func fasterThanTheDisplay(_ runs: [Animated]) -> Animated? {
        runs.first { $0.framesPerSecond > displayFramesPerSecondLimit }
    }

    /// Each round's Tessera ÷ Qt Quick. A round where either measured nothing (its toggled run took no
    /// more CPU than the still one: the machine moved between them) is left out, with a line on stderr,
    /// rather than becoming an infinite or zero ratio; nil when no round is left.
    static func ratios(
        _ tessera: [Animated], _ qt: [Animated], size: String, of cost: (Animated) -> Double? = \.cpuMsPerFrame
    ) -> [Double]? {
        var ratios: [Double] = []
        for (round, (t, q)) in zip(tessera, qt).enumerated() {
            if let t = cost(t), let q = cost(q), t > 0, q > 0 {
                ratios.append(t / q)
            } else {
                FileHandle.standardError.write(
                    Data(
                        "tessera-bench: animated round \(round + 1) at \(size): no extra CPU measured, left out\n".utf8)
                )
            }
        }
        return ratios.isEmpty ? nil : ratios
    }

    /// The picker with one photo toggled every 120 ms against the same run with no taps: the extra CPU
    /// over the extra frames is what an animated frame costs. Both are read over the window Qt Quick's
    /// runs are (`QtQuickReference.settle` seconds after launch to `animatedSeconds`): start-up and the
    /// first toggle's reflow of the whole grid, which Qt Quick makes before it is measured, are left
    /// out of both (BENCHMARKS.md, "The same window for both").
    /// `hz` nil runs at Tessera's default settings (its own step rate, presents at the display's).
    private func animated(
        window: String, renderer: String, tessera: URL, photos: URL, display: XDisplay, hz: Int? = -1
    ) throws -> Animated? {
        let rate = hz == -1 ? animatedHz : hz
        // A second of steps past the window, so the run is still going when the window closes.
        let steps = Int((animatedSeconds + 1) * Double(rate ?? Self.defaultHz))
        let toggles = stride(from: 0.2, to: animatedSeconds - 0.5, by: 0.12).map {
            #"{"at": \#(String(format: "%.2f", $0)), "tap": "photo-03"}"#
        }
        let animated = try script(toggles)
        let still = try script([])
        defer {
            try? FileManager.default.removeItem(at: animated)
            try? FileManager.default.removeItem(at: still)
        }
        let base =
            ["--photos", photos.path, "--window", window, "--renderer", renderer, "--frames", String(steps)]
            + (rate.map { ["--hz", String($0)] } ?? [])
        let start = QtQuickReference.settle(animatedSeconds)
        guard
            let moving = try measured(
                tessera, base + ["--script", animated.path], display: display, from: start, to: animatedSeconds),
            let resting = try measured(
                tessera, base + ["--script", still.path], display: display, from: start, to: animatedSeconds)
        else { return nil }
        let extraFrames = max(1, moving.frames - resting.frames)
        let extraServer = moving.server.flatMap { m in resting.server.map { max(0, m - $0) } }
        return Animated(
            cpuMsPerFrame: max(0, moving.cpu - resting.cpu) * 1000 / extraFrames,
            framesPerSecond: extraFrames / (animatedSeconds - start),
            serverMsPerFrame: extraServer.map { $0 * 1000 / extraFrames },
            boxMsPerSecond: extraServer.map {
                (max(0, moving.cpu - resting.cpu) + $0) * 1000 / (animatedSeconds - start)
            })
    }

    /// `tessera`'s step rate when no `--hz` is given.
    static let defaultHz = 120

    /// One run's CPU seconds from `start` to `end` seconds after launch (the kernel's accounting, as Qt
    /// Quick's), the X server's over the same window, and the frames it drew meanwhile (its `--trace`,
    /// whose clock starts at the first frame: that came the run's lifetime less the trace's span after
    /// launch, give or take its exit).
    private func measured(_ tessera: URL, _ arguments: [String], display: XDisplay, from start: Double, to end: Double)
        throws -> (cpu: Double, server: Double?, frames: Double)?
    {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: trace) }
        var cpu: [Double] = []
        let launched = Date()
        guard
            try run(
                tessera, arguments + ["--trace", trace.path], display: display.name,
                whileRunning: {
                    cpu = Self.cpuSeconds(
                        of: [$0] + [display.serverPID].compactMap { $0 }, over: end - start, after: start)
                }) != nil
        else { return nil }
        let frames = try TraceFrames(contentsOf: trace)
        let firstFrame = max(0, Date().timeIntervalSince(launched) - frames.span)
        return (
            cpu[0], cpu.count > 1 ? cpu[1] : nil, Double(frames.drawn(from: start - firstFrame, seconds: end - start))
        )
    }

    /// CPU seconds (user + system) each of `pids` spends in `seconds`, starting `delay` seconds from now
    /// (`Stopwatch.processCPUSeconds`), read together.
    static func cpuSeconds(of pids: [Int32], over seconds: Double, after delay: Double) -> [Double] {
        Thread.sleep(forTimeInterval: delay)
        let start = pids.map(Stopwatch.processCPUSeconds(of:))
        Thread.sleep(forTimeInterval: seconds)
        return zip(pids, start).map { Stopwatch.processCPUSeconds(of: $0) - $1 }
    }

    /// The frames of a `--trace` file, in seconds from the first frame's start (the trace's own clock).
    struct TraceFrames {
        /// Each frame's start and end.
        let frames: [(start: Double, end: Double)]
        /// When each frame's render phase began.
        let renders: [Double]

        init(contentsOf trace: URL) throws {
            guard let json = try JSONSerialization.jsonObject(with: Data(contentsOf: trace)) as? [String: Any],
                let events = json["traceEvents"] as? [[String: Any]]
            else { throw BenchError("cannot read the trace \(trace.path)") }
            func spans(_ name: String) -> [(start: Double, end: Double)] {
                events.compactMap { event in
                    guard event["ph"] as? String == "X", event["name"] as? String == name,
                        let ts = event["ts"] as? Double, let dur = event["dur"] as? Double
                    else { return nil }
                    return (ts / 1e6, (ts + dur) / 1e6)
                }
            }
            let frames = spans("frame")
            let origin = frames.map(\.start).min() ?? 0
            self.frames = frames.map { ($0.start - origin, $0.end - origin) }
            renders = spans("render").map { $0.start - origin }
        }

        /// From the first frame's start to the last one's end (0 without frames).
        var span: Double { frames.map(\.end).max() ?? 0 }

        /// Frames whose render phase began `from` seconds after the first frame's start, within `seconds`.
        func drawn(from start: Double, seconds: Double) -> Int {
            renders.filter { (start...(start + seconds)).contains($0) }.count
        }
    }

    private func script(_ steps: [String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-\(UUID()).json")
        try #"{"scene": "picker", "steps": [\#(steps.joined(separator: ", "))]}"#.write(
            to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// One `tessera` run's `--profile-json` figures.
    private struct Figures {
        var cpu: Double
        var wall: Double
        var frames: Double
        var name: String
        /// Peak resident memory, megabytes.
        var peakRSS: Double
    }

    /// Runs `tessera` in the display and reads its profile; nil when it could not open a window with
    /// that renderer.
    private func run(
        _ tessera: URL, _ arguments: [String], display: String, whileRunning: (Int32) -> Void = { _ in }
    ) throws -> Figures? {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = try Self.launch(tessera, arguments + ["--profile-json", profile.path], display: display)
        whileRunning(process.processIdentifier)
        let peakRSS = Self.peakRSS(untilExit: process)
        guard process.terminationStatus == 0,
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: profile)) as? [String: Any],
            let cpu = json["cpuSeconds"] as? Double, let wall = json["wallSeconds"] as? Double,
            let frames = json["frames"] as? Int
        else { return nil }
        return Figures(
            cpu: cpu, wall: wall, frames: Double(frames), name: json["renderer"] as? String ?? "?", peakRSS: peakRSS)
    }

    /// The peak resident memory (megabytes) of a run as a user's window runs: no profile asked for (a
    /// profiled run keeps 65,536 frames' timings, 6 MB); nil when it failed.
    /// `environment` is added to the bench's own.
    static func peakRSS(
        _ tessera: URL, _ arguments: [String], display: String, environment: [String: String] = [:]
    ) throws -> Double? {
        let process = try launch(tessera, arguments, display: display, environment: environment)
        let peak = Self.peakRSS(untilExit: process)
        return process.terminationStatus == 0 ? peak : nil
    }

    /// `tessera` with `arguments` in an X window on `display`, started; `environment` added to the bench's.
    private static func launch(
        _ tessera: URL, _ arguments: [String], display: String, environment added: [String: String] = [:]
    ) throws -> Process {
        let process = Process()
        process.executableURL = tessera
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment.merging(added) { $1 }
        environment["DISPLAY"] = display
        environment["SDL_VIDEODRIVER"] = "x11"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The kernel's high-water mark of `process`'s resident memory (megabytes), read until it exits.
    private static func peakRSS(untilExit process: Process) -> Double {
        var peak = 0.0
        while process.isRunning {
            peak = max(peak, peakRSSMegabytes(of: process.processIdentifier) ?? 0)
            usleep(50_000)
        }
        process.waitUntilExit()
        return peak
    }

    /// `VmHWM` of /proc/PID/status in megabytes; nil once the process is gone.
    static func peakRSSMegabytes(of pid: Int32) -> Double? {
        guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/status"), let data = try? file.readToEnd()
        else { return nil }
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return line?.split(separator: " ").dropFirst().first.flatMap { Double($0) }.map { $0 / 1024 }
    }
}

/// An X display to open windows in: `DISPLAY` when set, else a private Xvfb started for the bench.
struct XDisplay {
    let name: String
    private let server: Process?
    /// The X server's process, whose CPU is charged to what it draws; nil where it is not on this machine.
    let serverPID: Int32?

    private init(name: String, server: Process?) {
        self.name = name
        self.server = server
        serverPID = server?.processIdentifier ?? Self.serverProcess(of: name)
    }

    static func open(width: Int = 1280, height: Int = 800) throws -> XDisplay? {
        if let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty {
            return XDisplay(name: display, server: nil)
        }
        let xvfb = "/usr/bin/Xvfb"
        guard FileManager.default.isExecutableFile(atPath: xvfb) else { return nil }
        // A display number no server holds: a socket or lock file left by another (or a dead) server
        // would have the windows open there, or Xvfb refuse to start.
        let taken = { (n: Int) in
            ["/tmp/.X11-unix/X\(n)", "/tmp/.X\(n)-lock"].contains { FileManager.default.fileExists(atPath: $0) }
        }
        let first = 40 + Int(getpid() % 50)
        guard let number = (0..<200).lazy.map({ 40 + (first - 40 + $0) % 200 }).first(where: { !taken($0) }) else {
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xvfb)
        process.arguments = [":\(number)", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Ready once its socket exists (a few hundred milliseconds).
        for _ in 0..<50 where !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
            Thread.sleep(forTimeInterval: 0.1)
        }
        return XDisplay(name: ":\(number)", server: process)
    }

    func close() {
        server?.terminate()
        server?.waitUntilExit()
    }

    /// The local X server (Xvfb, Xorg, Xwayland) whose command line names `display` (":1"), from
    /// /proc; nil for a remote display or none found.
    static func serverProcess(of display: String) -> Int32? {
        guard display.hasPrefix(":") else { return nil }
        let number = display.split(separator: ".").first.map(String.init) ?? display
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            // /proc's files say they are empty: read to the end, not by their size.
            guard let pid = Int32(entry), let file = FileHandle(forReadingAtPath: "/proc/\(entry)/cmdline"),
                let data = try? file.readToEnd()
            else { continue }
            let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard let program = arguments.first?.split(separator: "/").last,
                ["Xvfb", "Xorg", "Xwayland", "X"].contains(String(program)), arguments.contains(number)
            else { continue }
            return pid
        }
        return nil
    }
}
