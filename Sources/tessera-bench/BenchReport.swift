import Foundation

/// Everything one `make bench` run measured: written as JSON (`.build/bench.json`) and printed as a
/// table with the limits of BENCHMARKS.md beside each ratio.
struct BenchReport: Encodable {
    var machine: Machine
    /// Microseconds per simulation step with that many tiles, after a relayout (`StepBenchmark`).
    var stepMicros: [String: Double]
    /// The smallest share of tiles animating in any timed step (1: all of them throughout).
    var animatingShare: [String: Double]
    /// Microseconds per step of the same scene at rest.
    var settledStepMicros: [String: Double]
    /// The semantics tree's cost: a frame with no listener, an idle one and a listening one; the tree at
    /// 1,000 and 20,000 photos.
    var semantics: SemanticsBenchmark.Result
    var render: RenderBenchmark.Result
    /// The same on SDL's accelerated renderer, when the video driver offers one (`hardware` says
    /// whether it is a GPU).
    var accelerated: RenderBenchmark.Result?
    var decode: DecodeBenchmark.Result
    var library: LibraryBenchmark.Result
    /// Real windows: CPU at rest and per animated frame on each present path; nil without a display.
    var windowed: WindowedBenchmark.Result?
    /// Cadence in a watched window, and the present paths under a real compositor; nil without a display.
    var realScreen: RealScreenBenchmark.Result?
    /// A hundred thousand photos: launches, and each scene's window driven through its control socket;
    /// nil in a quick run or without a tessera binary.
    var huge: HugeLibraryBenchmark.Result?

    /// Step cost at 10,000 tiles over 1,000 after a relayout (limit 13).
    var stepGrowth: Double { stepMicros["10000"]! / stepMicros["1000"]! }
    /// Settled step cost over animating, at 10,000 tiles (limit 0.05).
    var settledShare: Double { settledStepMicros["10000"]! / stepMicros["10000"]! }

    enum CodingKeys: String, CodingKey {
        case machine, renderer, stepMicros, animatingShare, settledStepMicros, stepGrowth, settledShare
        case renderVsBareSDL, looksVsPlainBlit, render, accelerated, decode, library, windowed, realScreen
        case semantics, huge
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(machine, forKey: .machine)
        try c.encode(render.renderer, forKey: .renderer)
        try c.encode(stepMicros.mapValues(Self.rounded), forKey: .stepMicros)
        try c.encode(animatingShare.mapValues(Self.rounded), forKey: .animatingShare)
        try c.encode(settledStepMicros.mapValues(Self.rounded), forKey: .settledStepMicros)
        try c.encode(Self.rounded(stepGrowth), forKey: .stepGrowth)
        try c.encode(Self.rounded(settledShare), forKey: .settledShare)
        try c.encode(semantics, forKey: .semantics)
        try c.encode(Self.rounded(render.renderVsBareSDL), forKey: .renderVsBareSDL)
        try c.encode(Self.rounded(render.looksVsPlainBlit), forKey: .looksVsPlainBlit)
        try c.encode(render, forKey: .render)
        try c.encode(accelerated, forKey: .accelerated)  // null when none was at hand
        try c.encode(decode, forKey: .decode)
        try c.encode(library, forKey: .library)
        try c.encode(windowed, forKey: .windowed)
        try c.encode(realScreen, forKey: .realScreen)
        try c.encode(huge, forKey: .huge)
    }

    func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    func table() -> String {
        let r = render
        var lines = [
            "Tessera benchmarks: \(machine.swiftBuild) build, \(machine.cpu) × \(machine.cores), SDL \(machine.sdl)",
            machine.linkOrder.map {
                "link order (Tools/link-order): \($0.found) of \($0.listed) functions in tessera, on \($0.pages) "
                    + "pages (\($0.fewestPages) at the fewest)"
            } ?? "link order: unknown (no Tools/link-order/tessera.order, or nm could not read tessera)",
            "",
            "simulation step after a relayout of every tile, those near the screen animating (µs)",
            "  "
                + ["100", "1000", "10000"].map {
                    "\($0) tiles \(f(stepMicros[$0]!, 1)) (\(f((animatingShare[$0] ?? 0) * 100, 1)) % animating)"
                }.joined(separator: "   "),
            "  1,000 → 10,000 tiles: ×\(f(stepGrowth, 2))  \(verdict(stepGrowth <= 13, "limit ×13"))",
            "simulation step, 10,000 tiles at rest: \(f(settledStepMicros["10000"]!, 3)) µs = "
                + "\(f(settledShare * 100, 3)) % of a relayout's  \(verdict(settledShare <= 0.05, "limit 5 %"))",
            "",
            "semantics tree, a picker of 1,000 photos flying (µs a frame, step and draw list):",
            "  no listener \(f(semantics.frameMicros, 1)) · a bridge with no screen reader "
                + "\(f(semantics.idleListenerFrameMicros, 1)) ×\(f(semantics.idleRatio, 3)) "
                + "\(verdict(semantics.idleRatio <= 1.02, "limit ×1.02")) · a screen reader listening "
                + "\(f(semantics.listeningFrameMicros, 1))",
            "  the tree: \(f(semantics.treeMicros1000, 1)) µs at 1,000 photos, \(f(semantics.treeMicros20000, 1)) µs "
                + "at 20,000 ×\(f(semantics.treeGrowth, 2)) \(verdict(semantics.treeGrowth <= 1.2, "limit ×1.2"))",
            "",
        ]
        for result in [r] + (accelerated.map { [$0] } ?? []) {
            let device =
                result.device.map { " on \($0)" + (result.hardware ? "" : " (software OpenGL, not a GPU)") } ?? ""
            lines += [
                "render, \(result.renderer) renderer\(device): picker frame of \(result.visibleTiles) visible tiles, "
                    + "\(result.drawCalls) SDL draw calls (\(result.plainDrawCalls) plain)",
                "  Tessera \(f(result.tesseraMs, 3)) ms (engine CPU \(f(result.engineMs, 3))) · bare replay "
                    + "\(f(result.bareMs, 3)) ms · plain blits \(f(result.plainMs, 3)) ms · HUD adds \(f(result.hudMs, 3)) ms",
                "  renderVsBareSDL  \(f(result.renderVsBareSDL, 3))  "
                    + verdict(result.renderVsBareSDL <= 1.10, "limit 1.10, goal 1.03"),
                "  looksVsPlainBlit \(f(result.looksVsPlainBlit, 3))  "
                    + verdict(result.looksVsPlainBlit <= 1.6, "limit 1.6, goal 1.2"),
            ]
            if !result.replayIsPixelExact { lines.append("  (the replay was not pixel-exact on this renderer)") }
        }
        if accelerated?.hardware != true {
            lines.append("render, GPU: none at hand (run on a machine with a GPU and a display, or SDL_VIDEODRIVER)")
        }
        let d = decode
        lines += [
            "",
            "decode \(d.photos) × \(d.width)×\(d.height) JPEG (\(f(d.megabytes, 1)) MB): "
                + "\(f(d.photosPerSecond, 2)) photos/s, \(f(d.megapixelsPerSecond, 1)) MP/s",
            "first frame showing them: \(f(d.firstFrameMs, 0)) ms in process"
                + (d.headlessRunMs.map { ", \(f($0, 0)) ms as `tessera --headless --frames 1`" } ?? ""),
        ]
        let l = library
        let fl = l.fling
        let t = l.thumbnailDecode
        lines += [
            "",
            "\(l.photos) photos (\(l.distinctFiles) distinct files, \(l.sizes), \(f(l.megabytes, 1)) MB), "
                + "`tessera --headless --frames 1` launch to exit (s):",
            "  picker    cold \(f(l.pickerColdSeconds, 3)) \(verdict(l.pickerColdSeconds <= 1.5, "limit 1.5"))"
                + "   warm \(f(l.pickerWarmSeconds, 3)) \(verdict(l.pickerWarmSeconds <= 0.4, "limit 0.4"))"
                + "   without the cache \(f(l.pickerNoCacheSeconds, 3))",
            "  waterfall cold \(f(l.waterfallColdSeconds, 3)) \(verdict(l.waterfallColdSeconds <= 1.5, "limit 1.5"))"
                + "   warm \(f(l.waterfallWarmSeconds, 3)) \(verdict(l.waterfallWarmSeconds <= 0.4, "limit 0.4"))",
            "fling through the waterfall (cold cache, drawing as photos decode): \(fl.frames) frames in "
                + "\(f(fl.seconds, 1)) s\(fl.reachedEnd ? ", reached the end" : ", DID NOT reach the end")",
            "  peak RSS \(f(fl.peakRSSMegabytes, 1)) MB \(verdict(fl.peakRSSMegabytes <= 350, "limit 350"))"
                + "   frame p50 \(f(fl.frameP50Ms, 2)) ms, p99 \(f(fl.frameP99Ms, 2)) ms, max \(f(fl.frameMaxMs, 2)) ms",
            "  frames with placeholders \(fl.framesWithPlaceholders) (a window never waits for a decode);"
                + " thumbnails \(fl.thumbnailHits) hits, \(fl.thumbnailMisses) misses; \(fl.withdrawn) withdrawn;"
                + " queue at most \(fl.peakQueue)",
            "the same waterfall, \(l.flingScaling.drags) fast flings, \(l.flingScaling.small.photos) vs "
                + "\(l.flingScaling.large.photos) photos (medians of \(l.flingScaling.runs) runs each):",
            "  simulate p50 \(f(l.flingScaling.small.simulateP50Ms, 3)) → \(f(l.flingScaling.large.simulateP50Ms, 3)) ms "
                + "×\(f(l.flingScaling.simulateRatio, 2)) \(verdict(l.flingScaling.simulateRatio <= 1.2, "limit ×1.2"))",
            "  render p50 \(f(l.flingScaling.small.renderP50Ms, 3)) → \(f(l.flingScaling.large.renderP50Ms, 3)) ms "
                + "×\(f(l.flingScaling.renderRatio, 2)) \(verdict(l.flingScaling.renderRatio <= 1.2, "limit ×1.2"))",
            "  peak RSS \(f(l.flingScaling.small.peakRSSMegabytes, 1)) → \(f(l.flingScaling.large.peakRSSMegabytes, 1)) MB "
                + "×\(f(l.flingScaling.peakRSSRatio, 2)) \(verdict(l.flingScaling.peakRSSRatio <= 1.25, "limit ×1.25"))",
            "photo copied into the watched folder → on screen: "
                + (l.folderToScreenSeconds.map { "\(f($0, 3)) s \(verdict($0 <= 1, "limit 1"))" } ?? "not seen"),
            l.windowMemory.map {
                "picker in a 1024×768 window, peak RSS: first launch (making thumbnails) "
                    + "\(f($0.firstPeakRSSMegabytes, 1)) MB \(verdict($0.firstPeakRSSMegabytes <= 120, "limit 120")), "
                    + "next launch \(f($0.nextPeakRSSMegabytes, 1)) MB \(verdict($0.nextPeakRSSMegabytes <= 120, "limit 120"))"
            } ?? "picker in a window: no display, not measured",
            "one photo for a 256-px thumbnail (ms): \(t.jpeg) \(f(t.jpegMs, 1)) (libjpeg at 1/8 "
                + "\(f(t.jpegLibjpegMs, 1)));  \(t.smallPng) \(f(t.smallPngMs, 1)) (libspng row by row "
                + "\(f(t.smallPngLibspngMs, 1)));  \(t.png), past `PNGDecoder`'s 32 MB, \(f(t.pngMs, 1)) "
                + "(libspng both ways; \(f(t.pngLibspngMs, 1)))",
        ]
        lines += windowedLines()
        lines += realScreenLines()
        lines += Self.hugeLines(huge)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The windowed figures against BENCHMARKS.md's limits: at rest at most 0.5 % of a core and no frames;
    /// an animated picker frame at most 1.2 ms of CPU on the software path; never more frames a second
    /// than the 120 Hz step rate (Xvfb reports no refresh rate).
    private func windowedLines() -> [String] {
        guard let w = windowed else {
            return ["", "windowed: skipped (a quick run, no tessera binary, or no DISPLAY and no Xvfb)"]
        }
        var lines = ["", "windowed, in X display \(w.display) (process CPU by getrusage)"]
        for path in [w.software, w.accelerated].compactMap({ $0 }) {
            lines.append("  \(path.renderer)")
            for scene in ["picker", "waterfall", "gallery", "destinations"] {
                let cpu = path.restCPUPercent[scene] ?? 0
                let fps = path.restFramesPerSecond[scene] ?? 0
                let rss = path.peakRSSMegabytes[scene] ?? 0
                lines.append(
                    "    at rest, \(scene): \(f(cpu, 2)) % of a core, \(f(fps, 1)) frames/s  "
                        + verdict(cpu <= 0.5 && fps < 0.5, "limit 0.5 %, 0 frames") + ", peak RSS \(f(rss, 1)) MB")
            }
            let isSoftware = path.renderer.hasPrefix("software")
            lines.append(
                "    animated picker (24 photos 4000×3000, a toggle every 120 ms): "
                    + "\(f(path.animatedCPUMsPerFrame, 3)) ms CPU per frame, \(f(path.animatedFramesPerSecond, 1)) frames/s  "
                    + (isSoftware ? verdict(path.animatedCPUMsPerFrame <= 1.2, "limit 1.2 ms") : "")
                    + verdict(
                        path.animatedFramesPerSecond <= WindowedBenchmark.displayFramesPerSecondLimit,
                        "at most the display's 60 + 2 %"))
            lines.append("    the same at 1920×1080: \(f(path.animatedKioskCPUMsPerFrame, 3)) ms CPU per frame")
            if let small = path.animatedServerMsPerFrame, let large = path.animatedKioskServerMsPerFrame {
                lines.append(
                    "    the X server's CPU for those frames: \(f(small, 3)) ms at 1024×768, \(f(large, 3)) ms at 1920×1080; "
                        + "app + server \(f(path.animatedCPUMsPerFrame + small, 3)) and "
                        + "\(f(path.animatedKioskCPUMsPerFrame + large, 3)) ms")
            }
        }
        if let qt = w.qtQuick, let small = w.versusQtQuick, let large = w.kioskVersusQtQuick {
            lines += [
                "  \(qt.runtime), software backend, the same toggles (Tools/qt-picker/picker.qml): "
                    + "\(f(qt.cpuMsPerFrame, 3)) ms CPU per frame at 1024×768, \(f(qt.kioskCPUMsPerFrame, 3)) ms at 1920×1080",
                "    Tessera's software path ÷ Qt Quick's, each process alone: ×\(f(small, 2)) at 1024×768, "
                    + "×\(f(large, 2)) at 1920×1080",
                "      medians of rounds taking turns; each round: "
                    + (w.versusQtQuickRounds ?? []).map { f($0, 2) }.joined(separator: ", ") + " at 1024×768, "
                    + (w.kioskVersusQtQuickRounds ?? []).map { f($0, 2) }.joined(separator: ", ") + " at 1920×1080",
            ]
            if let server = qt.serverMsPerFrame, let kioskServer = qt.kioskServerMsPerFrame,
                let box = w.boxVersusQtQuick, let kioskBox = w.kioskBoxVersusQtQuick
            {
                lines += [
                    "    Qt's X server: \(f(server, 3)) ms per frame at 1024×768, \(f(kioskServer, 3)) ms at 1920×1080",
                    "    app + X server, Tessera ÷ Qt Quick: ×\(f(box, 2)) at 1024×768 \(verdict(box <= 0.6, "limit ×0.6")), "
                        + "×\(f(kioskBox, 2)) at 1920×1080 \(verdict(kioskBox <= 0.6, "limit ×0.6"))",
                    "      each round: " + (w.boxVersusQtQuickRounds ?? []).map { f($0, 2) }.joined(separator: ", ")
                        + " at 1024×768, "
                        + (w.kioskBoxVersusQtQuickRounds ?? []).map { f($0, 2) }.joined(separator: ", ")
                        + " at 1920×1080",
                ]
            }
            if let perSecond = w.perSecondVersusQtQuick, let tessera = w.defaultSettingsBoxMsPerSecond,
                let qt = w.qtQuickBoxMsPerSecond
            {
                lines.append(
                    "    at default settings (no --hz), 1024×768, app + X server: \(f(tessera, 1)) ms of CPU a second "
                        + "at \(f(w.defaultSettingsFramesPerSecond ?? 0, 1)) frames/s against Qt's \(f(qt, 1)): "
                        + "×\(f(perSecond, 2)) \(verdict(perSecond <= 0.6, "limit ×0.6"))")
            }
        } else {
            lines.append(
                "  Qt Quick reference: skipped (no Qt QML runtime, or a module it lacks; apt-get install qml-qt6 "
                    + "qml6-module-qtquick qml6-module-qtquick-window qml6-module-qtqml-workerscript, or qmlscene "
                    + "qml-module-qtquick2 qml-module-qtquick-window2)")
        }
        return lines + slintLines(w)
    }

    /// The Slint reference beside Tessera's software path: per frame at 60 frames a second (Slint at its
    /// own pace) and per second at each one's default settings, with the goal of BENCHMARKS.md (app + X
    /// server ×0.6).
    private func slintLines(_ w: WindowedBenchmark.Result) -> [String] {
        guard let slint = w.slint, let c = w.slintComparison else {
            return [
                "  Slint reference: skipped (no Python with slint, pillow and python-xlib: "
                    + "Tools/slint-picker/install.sh makes .build/slint-venv)"
            ]
        }
        func rounds(_ values: [Double]?) -> String { (values ?? []).map { f($0, 2) }.joined(separator: ", ") }
        var lines = [
            "  \(slint.runtime) renderer, the same toggles at its own pace (Tools/slint-picker): "
                + "\(f(slint.cpuMsPerFrame, 3)) ms CPU per frame at 1024×768, \(f(slint.kioskCPUMsPerFrame, 3)) ms at "
                + "1920×1080, \(f(slint.framesPerSecond, 1)) frames/s"
        ]
        if let small = c.versusSlint, let large = c.kioskVersusSlint {
            lines += [
                "    Tessera's software path ÷ Slint's, each process alone: ×\(f(small, 2)) at 1024×768, "
                    + "×\(f(large, 2)) at 1920×1080",
                "      each round: \(rounds(c.versusSlintRounds)) at 1024×768, \(rounds(c.kioskVersusSlintRounds)) at 1920×1080",
            ]
        }
        if let server = slint.serverMsPerFrame, let kioskServer = slint.kioskServerMsPerFrame,
            let box = c.boxVersusSlint, let kioskBox = c.kioskBoxVersusSlint
        {
            lines += [
                "    Slint's X server: \(f(server, 3)) ms per frame at 1024×768, \(f(kioskServer, 3)) ms at 1920×1080",
                "    app + X server, Tessera ÷ Slint: ×\(f(box, 2)) at 1024×768 \(verdict(box <= 0.6, "limit ×0.6")), "
                    + "×\(f(kioskBox, 2)) at 1920×1080 \(verdict(kioskBox <= 0.6, "limit ×0.6"))",
                "      each round: \(rounds(c.boxVersusSlintRounds)) at 1024×768, "
                    + "\(rounds(c.kioskBoxVersusSlintRounds)) at 1920×1080",
            ]
        }
        if let floor = c.floorBoxMsPerFrame, let kioskFloor = c.kioskFloorBoxMsPerFrame,
            let versus = c.floorVersusSlint, let kioskVersus = c.kioskFloorVersusSlint
        {
            // What no program presenting this way gets under: the bar for Tessera's ×0.6.
            lines += [
                "    the floor of such a frame (Tools/framefloor: the wake, the events, the pixels and the present, "
                    + "nothing else), app + X server: \(f(floor, 3)) ms at 1024×768, \(f(kioskFloor, 3)) ms at 1920×1080",
                "      floor ÷ Slint: ×\(f(versus, 2)) and ×\(f(kioskVersus, 2)); each round: "
                    + "\(rounds(c.floorVersusSlintRounds)) at 1024×768, \(rounds(c.kioskFloorVersusSlintRounds)) at 1920×1080",
            ]
        } else {
            lines.append(
                "    the floor of such a frame: skipped (Tools/framefloor/floor.c did not compile: cc, pkg-config, "
                    + "SDL2, X11 and Xext headers)")
        }
        if let perSecond = c.perSecondVersusSlint, let tessera = w.defaultSettingsBoxMsPerSecond,
            let slintPerSecond = slint.defaultSettingsBoxMsPerSecond
        {
            lines.append(
                "    at default settings (Tessera with no --hz; Slint as above), 1024×768, app + X server: "
                    + "\(f(tessera, 1)) ms of CPU a second at \(f(w.defaultSettingsFramesPerSecond ?? 0, 1)) frames/s "
                    + "against Slint's \(f(slintPerSecond, 1)) at \(f(slint.defaultSettingsFramesPerSecond ?? 0, 1)) "
                    + "frames/s: ×\(f(perSecond, 2)) \(verdict(perSecond <= 0.6, "limit ×0.6"))")
        }
        return lines
    }

    /// A watched script keeps the display's beat (at least 57 frames a second of Xvfb's 60, and no more
    /// than 60 + 2 % whatever `--hz` steps at; no gap over two ticks after a frame that fitted in one); the
    /// present paths side by side.
    private func realScreenLines() -> [String] {
        guard let r = realScreen else { return ["", "real screens: skipped (a quick run, or no display)"] }
        var lines = ["", "a watched script toggling a photo every 120 ms, in an X window (Xvfb: 60 Hz, it says none)"]
        for c in r.cadence {
            lines.append(
                "  \(c.window) stepping at \(f(c.hz, 0)) Hz: \(f(c.framesPerSecond, 1)) frames/s "
                    + verdict(
                        c.framesPerSecond >= 57 && c.framesPerSecond <= WindowedBenchmark.displayFramesPerSecondLimit,
                        "57 to the display's 60 + 2 %")
                    + ", longest gap \(f(c.longestGapMs, 1)) ms "
                    + verdict(c.longestGapMs <= 2 * c.tickMs + 2, "two ticks: \(f(2 * c.tickMs, 1)) ms")
                    + ", \(f(c.cpuMsPerFrame, 2)) ms CPU a frame")
        }
        guard let paths = r.presentPaths else { return lines + ["present paths under cage: skipped (no cage)"] }
        lines.append("the kiosk (1280×720, the same script) under cage, headless, no GPU — CPU per presented frame:")
        for p in paths {
            lines.append(
                "  \(p.driver == "x11" ? "Xwayland" : "Wayland ") \(p.renderer): \(f(p.cpuMsPerFrame, 2)) ms Tessera, "
                    + "\(f(p.sessionCPUMsPerFrame, 2)) ms with the compositor, \(f(p.framesPerSecond, 1)) frames/s")
        }
        return lines
    }

    /// The hundred thousand photos: launch to exit, and each driven window's frames, with its p99 set
    /// against a frame of a 60 Hz display as a plain ratio.
    static func hugeLines(_ huge: HugeLibraryBenchmark.Result?) -> [String] {
        func f(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }
        guard let h = huge else {
            return ["", "a hundred thousand photos: skipped (a quick run, or no tessera binary)"]
        }
        var lines = [
            "",
            "\(h.photos) photos (hard links to \(h.distinctFiles) bundled JPEGs), `tessera --headless --frames 1` "
                + "launch to exit (s), cold then warm (median of \(h.warmRuns)):",
            "  picker    cold \(f(h.pickerColdSeconds, 3))   warm \(f(h.pickerWarmSeconds, 3))",
            "  waterfall cold \(f(h.waterfallColdSeconds, 3))   warm \(f(h.waterfallWarmSeconds, 3))",
            "  the header index a warm start reads first (HeaderIndex, \(h.headerIndex.indexBytes / 1000) kB): "
                + "\(f(h.headerIndex.indexReadMs, 1)) ms; the same as JSON through JSONDecoder "
                + "(\(h.headerIndex.jsonBytes / 1000) kB): \(f(h.headerIndex.jsonReadMs, 1)) ms, "
                + "×\(f(h.headerIndex.jsonOverIndex, 1))",
        ]
        guard let display = h.display, let windows = h.windows else {
            return lines + ["  windows: skipped (no DISPLAY and no Xvfb)"]
        }
        lines.append(
            "  each scene in a window in X display \(display), driven through its control socket "
                + "(\(DrivenWindow.schedule.count) requests: flings, a slow drag back, resizes):")
        let hz = f(1000 / h.displayFrameMs, 0)
        for w in windows {
            let budget = w.budgetMs.map { " (its budget \(f($0, 2)) ms)" } ?? ""
            lines.append(
                "    \(w.scene.padding(toLength: 13, withPad: " ", startingAt: 0))\(w.frames) frames, "
                    + "\(w.overBudget) over budget\(budget); frame p50 \(f(w.frameP50Ms, 2)) ms, "
                    + "p99 \(f(w.frameP99Ms, 2)) ms, max \(f(w.frameMaxMs, 2)) ms; peak RSS \(f(w.peakRSSMegabytes, 1)) MB"
            )
            lines.append(
                "      p99 \(f(w.frameP99Ms, 2)) ms against a \(hz) Hz frame of \(f(h.displayFrameMs, 1)) ms: "
                    + "×\(f(w.frameP99Ms / h.displayFrameMs, 2))")
        }
        return lines
    }

    private func f(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }

    private func verdict(_ ok: Bool, _ limit: String) -> String { "(\(ok ? "ok" : "OVER"), \(limit))" }

    private static func rounded(_ v: Double) -> Double { (v * 1e6).rounded() / 1e6 }
}
