/// Percentiles, maximum and mean of one phase's times over a run, in milliseconds.
///
/// Percentiles are nearest-rank (docs/PROFILING.md#profiling): the p-th percentile of n sorted samples is the
/// sample of rank ⌈p·n/100⌉, so it is always a time some frame really took.
struct PhaseStatistics: Equatable, Sendable {
    var p50: Double
    var p95: Double
    var p99: Double
    var max: Double
    var mean: Double

    static let zero = PhaseStatistics(p50: 0, p95: 0, p99: 0, max: 0, mean: 0)

    init(p50: Double, p95: Double, p99: Double, max: Double, mean: Double) {
        self.p50 = p50
        self.p95 = p95
        self.p99 = p99
        self.max = max
        self.mean = mean
    }

    /// Statistics of `samples` (milliseconds, any order); all zero when there are none.
    init(samples: [Double]) {
        guard !samples.isEmpty else {
            self = .zero
            return
        }
        let sorted = samples.sorted()
        p50 = Self.nearestRank(50, of: sorted)
        p95 = Self.nearestRank(95, of: sorted)
        p99 = Self.nearestRank(99, of: sorted)
        max = sorted[sorted.count - 1]
        mean = sorted.reduce(0, +) / Double(sorted.count)
    }

    /// The `percent`-th percentile of ascending `sorted` by nearest rank: rank ⌈percent·n/100⌉,
    /// in integers so that 95 % of 100 is rank 95, not 96 by float rounding.
    static func nearestRank(_ percent: Int, of sorted: [Double]) -> Double {
        precondition(!sorted.isEmpty && (1...100).contains(percent))
        let rank = (percent * sorted.count + 99) / 100
        return sorted[rank - 1]
    }
}
