import CSDL2
import TesseraCore
import TesseraGeometry
import TesseraPhotos
import TesseraSDL

/// What Tessera's renderer costs over the SDL calls it makes, and what its looks cost over plain blits.
///
/// The frame: the picker at 1024×768 with 48 photos (the bundled ones, each twice) and six in the
/// dock, at rest. One process, one renderer, one frame, drawn four ways in alternating order each
/// round:
/// - `tessera`: the scene's draw list built and rendered by `DrawListRenderer` (the whole pipeline);
/// - `bare`: the SDL calls that frame made, recorded (`SDLInterposers.swift`) and replayed by a loop
///   with no engine around them;
/// - `plain`: the same frame without the looks (`RenderCallLog.withoutLooks`): one plain copy per
///   photo, one rect per fill, no corners;
/// - `hud`: the pipeline with the profiler's HUD drawn over it.
/// Each round draws `framesPerRound` frames of each way, interleaved frame by frame in a shuffled
/// order, so that load from elsewhere on the machine falls on all four alike and no way always
/// follows the same other; ratios are of each
/// round's totals, then the median over rounds.
struct RenderBenchmark {
    var rounds = 25
    var framesPerRound = 12

    struct Result: Encodable {
        var renderer: String
        /// The OpenGL device, if any (`GL_RENDERER`), and whether the renderer draws on a GPU.
        var device: String?
        var hardware: Bool
        var visibleTiles: Int
        /// SDL draw calls (clears, fills, copies, geometry) in the frame, and in its plain version.
        var drawCalls: Int
        var plainDrawCalls: Int
        /// Median milliseconds per frame.
        var tesseraMs: Double
        var bareMs: Double
        var plainMs: Double
        /// What drawing the HUD adds to a frame, in milliseconds.
        var hudMs: Double
        /// The engine's own CPU time per frame (draw list and renderer bookkeeping, SDL calls
        /// swallowed by the interposers), in milliseconds: the floor of `tesseraMs − bareMs`.
        var engineMs: Double
        var renderVsBareSDL: Double
        var looksVsPlainBlit: Double
        /// The replayed calls reproduce the frame exactly.
        var replayIsPixelExact: Bool
    }

    struct IncompleteRecording: Error, CustomStringConvertible {
        var renderer: String
        var description: String {
            "the recorded SDL calls do not reproduce the \(renderer) frame: a render function is not interposed"
        }
    }

    func run(on target: RenderTarget, assets: String) throws -> Result {
        let bundled = try PhotoLibrary.scanning(folder: assets)
        let photos = PhotoLibrary(
            photos: (0..<48).map { i in
                let source = bundled.photos[i % bundled.photos.count]
                return Photo(id: PhotoID(String(format: "bench-%02d", i + 1)), path: source.path)
            })
        let config = Config()
        let sim = Simulation(
            config: config, photos: photos, scene: BenchScenes.picker, window: Size(1024, 768), hz: 120)
        // Six photos tapped into the dock, as a user would.
        for id in photos.ids.prefix(6) {
            guard let frame = sim.presentedFrame(of: id) else { continue }
            sim.handle(.pointerDown(frame.center, time: sim.time))
            sim.handle(.pointerUp(frame.center, time: sim.time))
        }
        while !sim.isSettled { sim.step() }

        let drawer = DrawListRenderer(renderer: target.renderer, photos: photos, fonts: try FontSet())
        let background = config.theme.background
        var list = DrawList()
        func tesseraFrame() {
            sim.draw(into: &list)
            drawer.render(list, background: background)
            target.finish()
        }
        let profiling = ProfilingSession(
            config: config.profiling, clock: SDLPerformanceCounter(), budgetMs: 1000 / 120, showsHUD: true,
            trace: nil)
        func hudFrame() {
            let profiler = profiling.profiler
            profiler.beginFrame()
            profiler.measure(.render) {
                sim.draw(into: &list)
                profiling.drawOverlay(into: &list, window: sim.window)
                drawer.render(list, background: background)
            }
            profiler.measure(.present) { target.finish() }
            profiler.endFrame(animatingTiles: 0)
        }

        // Warm up (photos decoded, labels rasterised), then record one frame's calls.
        for _ in 0..<3 { tesseraFrame() }
        let visibleTiles = list.commands.filter { if case .photo = $0 { true } else { false } }.count
        let log = RenderCallLog(renderer: target.renderer)
        activeRenderCallLog = log
        tesseraFrame()
        activeRenderCallLog = nil
        let plain = log.withoutLooks()
        let reference = target.pixels()
        for _ in 0..<2 { tesseraFrame() }
        log.replay(on: target.renderer)
        target.finish()
        let replayIsPixelExact = !reference.isEmpty && target.pixels() == reference
        if target.name == "software", !replayIsPixelExact { throw IncompleteRecording(renderer: target.name) }
        for _ in 0..<200 { hudFrame() }  // history for the HUD's graph

        swallowRenderCalls = true
        let engineMs = (0..<rounds).map { _ in
            Stopwatch.seconds { for _ in 0..<framesPerRound { tesseraFrame() } } * 1000 / Double(framesPerRound)
        }.median
        swallowRenderCalls = false

        let ways: [(String, () -> Void)] = [
            ("tessera", tesseraFrame),
            (
                "bare",
                {
                    log.replay(on: target.renderer)
                    target.finish()
                }
            ),
            (
                "plain",
                {
                    plain.replay(on: target.renderer)
                    target.finish()
                }
            ),
            ("hud", hudFrame),
        ]
        var milliseconds: [String: [Double]] = [:]
        var bareRatios: [Double] = []
        var plainRatios: [Double] = []
        var hudCosts: [Double] = []
        var order = Array(ways.indices)
        var shuffler = Shuffler()
        for round in 0..<(rounds + 1) {
            var totals = [Double](repeating: 0, count: ways.count)
            for _ in 0..<framesPerRound {
                shuffler.shuffle(&order)
                for way in order { totals[way] += Stopwatch.seconds(ways[way].1) }
            }
            guard round > 0 else { continue }  // warm-up round
            var perFrame: [String: Double] = [:]
            for (k, way) in ways.enumerated() { perFrame[way.0] = totals[k] * 1000 / Double(framesPerRound) }
            for (name, ms) in perFrame { milliseconds[name, default: []].append(ms) }
            bareRatios.append(perFrame["tessera"]! / perFrame["bare"]!)
            plainRatios.append(perFrame["tessera"]! / perFrame["plain"]!)
            hudCosts.append(perFrame["hud"]! - perFrame["tessera"]!)
        }
        return Result(
            renderer: target.name, device: target.device, hardware: target.isHardware, visibleTiles: visibleTiles,
            drawCalls: log.drawCallCount,
            plainDrawCalls: plain.drawCallCount, tesseraMs: milliseconds["tessera"]!.median,
            bareMs: milliseconds["bare"]!.median, plainMs: milliseconds["plain"]!.median, hudMs: hudCosts.median,
            engineMs: engineMs,
            renderVsBareSDL: bareRatios.median, looksVsPlainBlit: plainRatios.median,
            replayIsPixelExact: replayIsPixelExact)
    }
}

/// A fixed-seed xorshift shuffle: the same interleaving every run, no way favoured.
struct Shuffler {
    private var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    mutating func shuffle(_ values: inout [Int]) {
        for i in stride(from: values.count - 1, to: 0, by: -1) {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            values.swapAt(i, Int(state % UInt64(i + 1)))
        }
    }
}
