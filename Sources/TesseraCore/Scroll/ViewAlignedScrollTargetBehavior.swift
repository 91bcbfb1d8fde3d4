import TesseraGeometry

/// SwiftUI's `.viewAligned`: a scroll rests with a scroll target's leading edge exactly at the leading
/// content margin (docs/BEHAVIOUR.md#view-aligned), so margins move the snap points with the content.
///
/// The resting view is the one whose aligned offset is nearest the fling's projection, except that a
/// release moving faster than `flingVelocity` never rests behind where it let go: it goes at least to
/// the next view in its direction. With a limit (`.always`, or `.automatic` in the compact size
/// class, as SwiftUI does on iPhone) a swipe moves at most one view: the target stays between the
/// views on either side of the release point, so the hardest fling still stops at the next view.
///
/// Aligned offsets beyond the content's end are clamped to it (the last views cannot reach the
/// margin). Lookups are binary searches over the sorted targets, so a row of a million views costs
/// the same as one of ten.
struct ViewAlignedScrollTargetBehavior: ScrollTargetBehavior, Equatable {
    /// SwiftUI's `ViewAlignedScrollTargetBehavior.LimitBehavior`.
    enum LimitBehavior: String, Equatable, Sendable, Codable, CaseIterable {
        /// Limited in the compact size class, free in the regular one.
        case automatic
        /// At most one view per swipe.
        case always
        /// As far as the fling carries.
        case never

        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            let name = try c.decode(String.self)
            guard let value = Self(rawValue: name) else {
                let names = Self.allCases.map(\.rawValue).joined(separator: ", ")
                throw DecodingError.dataCorruptedError(
                    in: c, debugDescription: "unknown limit behaviour \"\(name)\" (one of \(names))")
            }
            self = value
        }
    }

    var limitBehavior: LimitBehavior
    /// The size class `.automatic` resolves against.
    var sizeClass: SizeClass
    /// Points/second: a release at least this fast moves on in its direction.
    var flingVelocity: Double

    init(limitBehavior: LimitBehavior = .automatic, sizeClass: SizeClass = .regular, flingVelocity: Double = 10) {
        self.limitBehavior = limitBehavior
        self.sizeClass = sizeClass
        self.flingVelocity = flingVelocity
    }

    /// True when a swipe may move at most one view.
    var isLimited: Bool {
        switch limitBehavior {
        case .always: true
        case .never: false
        case .automatic: sizeClass == .compact
        }
    }

    /// Points: offsets this close count as the same snap point (a release resting on a view).
    static let tolerance = 0.5

    func updateTarget(_ target: inout ScrollTarget, context: ScrollTargetContext) {
        let snaps = SnapPoints(context: context)
        guard snaps.count > 0 else { return }
        let released = context.currentOffset
        let v = context.axialVelocity
        let ahead = released + Self.tolerance
        let behind = released - Self.tolerance

        var chosen = snaps.nearest(to: target.offset(along: context.axis))
        if v >= flingVelocity, let next = snaps.first(after: ahead) {
            chosen = max(chosen, next)
        } else if v <= -flingVelocity, let previous = snaps.last(before: behind) {
            chosen = min(chosen, previous)
        }
        if isLimited {
            // The views on either side of the release point, in the direction of travel.
            let (low, high): (Double?, Double?) =
                if v >= flingVelocity {
                    (snaps.last(atOrBefore: ahead), snaps.first(after: ahead))
                } else if v <= -flingVelocity {
                    (snaps.last(before: behind), snaps.first(atOrAfter: behind))
                } else {
                    (snaps.last(atOrBefore: released), snaps.first(atOrAfter: released))
                }
            if let low { chosen = max(chosen, low) }
            if let high { chosen = min(chosen, high) }
        }
        target.setOffset(chosen, along: context.axis)
    }
}

/// The offsets (points) that put each scroll target's leading edge at the leading content margin,
/// clamped to the scroll bounds: non-decreasing, since the targets are sorted.
struct SnapPoints {
    let targets: [Rect]
    let geometry: ScrollGeometry
    let maxOffset: Double

    init(context: ScrollTargetContext) {
        geometry = context.geometry
        targets = context.targets
        maxOffset = context.maxOffset
    }

    var count: Int { targets.count }

    /// The aligned offset of target `i`, points.
    subscript(i: Int) -> Double {
        let aligned = geometry.leadingEdge(of: targets[i]) - geometry.contentMargins.leading
        return min(max(aligned, 0), maxOffset)
    }

    /// Index of the first snap point ≥ x (or > x when `strictly`); `count` if none.
    private func partition(_ x: Double, strictly: Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            let value = self[mid]
            if strictly ? value > x : value >= x { high = mid } else { low = mid + 1 }
        }
        return low
    }

    func first(after x: Double) -> Double? {
        let i = partition(x, strictly: true)
        return i < count ? self[i] : nil
    }

    func first(atOrAfter x: Double) -> Double? {
        let i = partition(x, strictly: false)
        return i < count ? self[i] : nil
    }

    func last(before x: Double) -> Double? {
        let i = partition(x, strictly: false)
        return i > 0 ? self[i - 1] : nil
    }

    func last(atOrBefore x: Double) -> Double? {
        let i = partition(x, strictly: true)
        return i > 0 ? self[i - 1] : nil
    }

    /// The snap point nearest x (the earlier one on a tie).
    func nearest(to x: Double) -> Double {
        let i = partition(x, strictly: false)
        if i == 0 { return self[0] }
        if i == count { return self[count - 1] }
        let before = self[i - 1]
        let after = self[i]
        return x - before <= after - x ? before : after
    }
}
