import Foundation
import TesseraCore
import TesseraGeometry
import TesseraPhotos

/// What the semantics tree costs (BENCHMARKS.md, "What is on screen, said"): a picker whose photos keep
/// flying between grid and dock, run through the run loop with no semantics listener, with one that is
/// there but not listening (a bridge with no screen reader on the bus), and with one listening (the tree
/// made after every frame); and the tree made once at 1,000 and at 20,000 photos. Rounds take turns, so
/// load from elsewhere hits every case alike; the figures are medians.
struct SemanticsBenchmark {
    var rounds = 15
    var framesPerRound = 240

    struct Result: Encodable {
        /// Microseconds per frame (step and draw list): no listener, an idle one, a listening one.
        var frameMicros: Double
        var idleListenerFrameMicros: Double
        var listeningFrameMicros: Double
        /// Idle listener over none (limit 1.02: nothing measurable).
        var idleRatio: Double
        /// Microseconds to make the tree of the picker at 1,000 and 20,000 photos, and their ratio.
        var treeMicros1000: Double
        var treeMicros20000: Double
        var treeGrowth: Double
    }

    /// A listener that counts trees, listening or not.
    private final class Counter: SemanticsListener {
        let isListening: Bool
        var trees = 0
        init(listening: Bool) { isListening = listening }
        func treeChanged(_ tree: SemanticsTree) { trees += 1 }
    }

    private final class DrawNothing: FrameSink {
        func render(_ list: inout DrawList, window: Size) {}
        func saveScreenshot(to path: String) throws {}
    }

    private static func picker(photos: Int) -> Simulation {
        let library = PhotoLibrary(
            photos: (0..<photos).map {
                Photo(id: PhotoID(String(format: "photo-%05d", $0)), path: "/nonexistent/\($0).jpg")
            })
        return Simulation(
            config: Config(), photos: library, scene: BenchScenes.picker, window: Size(1024, 768), hz: 120)
    }

    /// A script toggling the first photos in and out of the dock every 125 ms, so something always flies
    /// (written to a file and read back, as `--script` reads one).
    private func toggles(frames: Int) throws -> Script {
        let steps = (0..<(frames / 15)).map { i in
            #"{"at": \#(Double(i) * 0.125), "click": [\#(60 + (i % 4) * 91), 140]}"#
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-semantics-bench.json")
        try Data(#"{"steps": [\#(steps.joined(separator: ", "))]}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try Script.load(path: url.path)
    }

    func run() throws -> Result {
        var perFrame: [[Double]] = [[], [], []]
        for round in 0...rounds {
            for (k, listener) in [nil, Counter(listening: false), Counter(listening: true)].enumerated() {
                let sim = Self.picker(photos: 1000)
                let loop = try FrameLoop(
                    simulation: sim, sink: DrawNothing(), timing: .simulated,
                    script: try toggles(frames: framesPerRound),
                    frames: framesPerRound)
                if let listener { loop.semanticsListeners = [listener] }
                let seconds = try Stopwatch.seconds { try loop.run() }
                if round > 0 { perFrame[k].append(seconds * 1e6 / Double(framesPerRound)) }
            }
        }
        var treeTimes: [[Double]] = [[], []]
        let sims = [Self.picker(photos: 1000), Self.picker(photos: 20_000)]
        // As after any frame's step: each container's visible range is current (right after a layout the
        // readers look at every tile until the next step rebuilds it).
        for sim in sims {
            sim.layOutIfNeeded()
            sim.step()
        }
        for round in 0...rounds {
            for (k, sim) in sims.enumerated() {
                let seconds = Stopwatch.seconds {
                    for _ in 0..<50 { _ = sim.semantics() }
                }
                if round > 0 { treeTimes[k].append(seconds * 1e6 / 50) }
            }
        }
        let medians = perFrame.map(Self.median)
        let trees = treeTimes.map(Self.median)
        return Result(
            frameMicros: medians[0], idleListenerFrameMicros: medians[1], listeningFrameMicros: medians[2],
            idleRatio: medians[1] / medians[0], treeMicros1000: trees[0], treeMicros20000: trees[1],
            treeGrowth: trees[1] / trees[0])
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
