/// The range every number in a config must fall in, checked where each config type lists its own
/// keys (`RangeChecked`) with the key path of the value: `tabBar.fontSize: must be from 1 to 200,
/// got -5`. Upper bounds matter as much as lower ones: a 1e300-second spring, a 4e9-frame profiler
/// ring or 1e8 gallery cards pass a "positive" check and then crash, produce NaN frames or exhaust
/// memory. The ranges are documented in `Configs/README.md` (a test keeps that table and this code
/// in step, and checks every number in `Configs/default.json` has a range).
struct ConfigRange: Equatable, Sendable, CustomStringConvertible {
    var lower: Double
    var upper: Double
    /// Only whole numbers (the key is an integer count).
    var isWhole: Bool

    /// "from 1 to 200" (whole numbers: "a whole number from 1 to 1000").
    var description: String {
        "\(isWhole ? "a whole number " : "")from \(Self.format(lower)) to \(Self.format(upper))"
    }

    /// A number as a person writes it: 16, 0.25, 1e+300.
    static func format(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }
}

/// A config type that checks its own numbers: `checkRanges` calls `check` once per numeric key (and
/// `section` per nested config), so the same walk both validates a config and lists the ranges.
protocol RangeChecked {
    func checkRanges(_ check: inout RangeCheck) throws
}

/// Walks a config's numbers with their key paths, checking each against its range and recording it.
struct RangeCheck {
    private var prefix: [String] = []
    /// Every key checked so far, with its range, in the order checked.
    private(set) var ranges: [(key: String, range: ConfigRange)] = []

    mutating func check(_ key: String, _ value: Double, _ range: ClosedRange<Double>) throws {
        try record(key, value, ConfigRange(lower: range.lowerBound, upper: range.upperBound, isWhole: false))
    }

    mutating func check(_ key: String, _ value: Int, _ range: ClosedRange<Int>) throws {
        try record(
            key, Double(value),
            ConfigRange(lower: Double(range.lowerBound), upper: Double(range.upperBound), isWhole: true))
    }

    /// Checks a nested config under `key`.
    mutating func section(_ key: String, _ nested: some RangeChecked) throws {
        prefix.append(key)
        defer { prefix.removeLast() }
        try nested.checkRanges(&self)
    }

    private mutating func record(_ key: String, _ value: Double, _ range: ConfigRange) throws {
        let path = (prefix + [key]).joined(separator: ".")
        ranges.append((path, range))
        guard value.isFinite, value >= range.lower, value <= range.upper else {
            throw ConfigLoader.Error(message: "\(path): must be \(range), got \(ConfigRange.format(value))")
        }
    }

    /// Every key's range, from a walk of the defaults (which are all in range).
    static func documented() -> [(key: String, range: ConfigRange)] {
        var check = RangeCheck()
        try? Config().checkRanges(&check)
        return check.ranges
    }
}
