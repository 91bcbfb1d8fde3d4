/// SwiftUI's `containerRelativeFrame(_:count:span:spacing:)` along one axis
/// (docs/BEHAVIOUR.md#container-relative-frames-and-size-classes): the container
/// is divided into `count` columns separated by `spacing`, and a view spans `span` of them and the
/// gaps between:
///
///     column = (container − spacing·(count − 1)) / count
///     item   = column·span + (span − 1)·spacing
///
/// In a scroll view the container is its visible length less its content margins (same section).
struct ContainerRelativeFrame: Equatable, Sendable {
    var count: Int
    var span: Int
    var spacing: Double

    /// `count` ≥ 1 columns; `span` is clamped to 1...count.
    init(count: Int, span: Int = 1, spacing: Double) {
        self.count = max(1, count)
        self.span = min(max(1, span), self.count)
        self.spacing = spacing
    }

    /// The length in points of one column of a `container`-point container (never negative).
    func column(in container: Double) -> Double {
        max(0, (container - spacing * Double(count - 1)) / Double(count))
    }

    /// The length in points of the view in a `container`-point container.
    func length(in container: Double) -> Double {
        column(in: container) * Double(span) + Double(span - 1) * spacing
    }
}
