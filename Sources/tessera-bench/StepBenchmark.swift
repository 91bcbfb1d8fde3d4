import TesseraCore
import TesseraGeometry
import TesseraPhotos

/// The simulation step (springs, layout, scrolling) of a picker with N tiles, after a relayout or all
/// at rest: no rendering, no photos decoded.
///
/// After a relayout: each round resizes the window between 1024 and 700 points wide, which changes the
/// grid from 11 to 7 columns (or back), so every tile's target moves, and wheels the grid so it
/// scrolls too; then it times `stepsPerRound` steps (layout included, on the first), while the
/// springs are still running. Only the tiles whose move could be seen animate (docs/BEHAVIOUR.md,
/// "Settled tiles cost nothing"): `animatingShare` says how many. The result is the median over rounds
/// of the mean step time.
struct StepBenchmark {
    var rounds = 15
    var stepsPerRound = 24

    struct Result {
        /// Median microseconds per step.
        var micros: Double
        /// The smallest share of tiles animating in any timed step (1 = all of them, all the time).
        var animatingShare: Double
    }

    static func picker(tiles: Int) -> Simulation {
        let library = PhotoLibrary(
            photos: (0..<tiles).map { Photo(id: PhotoID("tile-\($0)"), path: "/nonexistent/\($0).jpg") })
        return Simulation(
            config: Config(), photos: library, scene: BenchScenes.picker, window: Size(1024, 768), hz: 120)
    }

    /// Each tile count in turn every round, so a burst of load from elsewhere on the machine hits
    /// them all alike.
    func animating(tileCounts: [Int]) -> [Int: Result] {
        let sims = tileCounts.map(Self.picker)
        var perStep = [[Double]](repeating: [], count: sims.count)
        var share = [Double](repeating: 1, count: sims.count)
        for round in 0..<(rounds + 1) {
            for (k, sim) in sims.enumerated() {
                let tiles = tileCounts[k]
                sim.handle(.resize(round % 2 == 0 ? Size(700, 768) : Size(1024, 768)))
                sim.handle(.wheel(at: Point(300, 300), dx: 0, dy: round % 2 == 0 ? -2 : 2))
                var lowest = tiles
                let seconds = Stopwatch.seconds {
                    for _ in 0..<stepsPerRound {
                        sim.layOutIfNeeded()
                        sim.step()
                        lowest = min(lowest, sim.animatingTileCount)
                    }
                }
                guard round > 0 else { continue }  // the first round warms caches up
                perStep[k].append(seconds * 1e6 / Double(stepsPerRound))
                share[k] = min(share[k], Double(lowest) / Double(tiles))
            }
        }
        var results: [Int: Result] = [:]
        for (k, tiles) in tileCounts.enumerated() {
            results[tiles] = Result(micros: perStep[k].median, animatingShare: share[k])
        }
        return results
    }

    /// The same scene once everything rests: steps are timed in batches long enough to measure.
    func settled(tiles: Int) -> Result {
        let sim = Self.picker(tiles: tiles)
        sim.handle(.resize(Size(700, 768)))
        while !sim.isSettled { sim.step() }
        let batch = 2000
        var perStep: [Double] = []
        for _ in 0..<rounds {
            let seconds = Stopwatch.seconds {
                for _ in 0..<batch {
                    sim.layOutIfNeeded()
                    sim.step()
                }
            }
            perStep.append(seconds * 1e6 / Double(batch))
        }
        return Result(micros: perStep.median, animatingShare: Double(sim.animatingTileCount) / Double(tiles))
    }
}
