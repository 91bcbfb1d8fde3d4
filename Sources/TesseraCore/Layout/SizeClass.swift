/// SwiftUI's horizontal `UserInterfaceSizeClass`, decided here by the window's width (ours;
/// docs/BEHAVIOUR.md#container-relative-frames-and-size-classes):
/// compact below a configured width (700 points by default), regular from there up.
enum SizeClass: String, Equatable, Sendable, Codable {
    case compact, regular

    /// The size class of a window `width` points wide, compact below `compactBelow` points.
    init(width: Double, compactBelow: Double) {
        self = width < compactBelow ? .compact : .regular
    }
}
