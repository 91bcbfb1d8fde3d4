/// The small on-screen scene switcher (SPEC §5: keys 1–4 and a touch-friendly tab bar): a segmented
/// control at the trailing end of the header band.
public struct TabBar: Sendable {
    public var config: TabBarConfig
    public init(config: TabBarConfig) { self.config = config }

    /// The segments' frames for a window, right-aligned inside `padding`; narrower when space is short.
    public func segments(window: Size, padding: Double, headerHeight: Double) -> [(SceneID, Rect)] {
        let count = Double(SceneID.allCases.count)
        let available = max(0, window.width - 2 * padding)
        let width = min(config.segmentWidth, available / count)
        let y = padding + (headerHeight - config.height) / 2
        let x0 = window.width - padding - width * count
        return SceneID.allCases.enumerated().map { i, scene in
            (scene, Rect(x0 + Double(i) * width, y, width, config.height))
        }
    }

    public func scene(at p: Point, window: Size, padding: Double, headerHeight: Double) -> SceneID? {
        segments(window: window, padding: padding, headerHeight: headerHeight).first { $0.1.contains(p) }?.0
    }

    public func draw(
        current: SceneID, window: Size, padding: Double, headerHeight: Double, theme: Theme, into list: inout DrawList
    ) {
        let segments = segments(window: window, padding: padding, headerHeight: headerHeight)
        guard let first = segments.first?.1, let last = segments.last?.1 else { return }
        let track = Rect(first.minX, first.minY, last.maxX - first.minX, first.height)
        list.append(.fill(track, radius: config.cornerRadius, color: theme.tabBar, clip: nil))
        let style = TextStyle(size: config.fontSize, weight: .bold)
        for (scene, frame) in segments {
            if scene == current {
                list.append(
                    .fill(
                        frame.insetBy(dx: 2, dy: 2), radius: config.cornerRadius - 1, color: theme.tabSelected,
                        clip: nil))
            }
            list.append(
                .text(
                    scene.title, anchor: frame.center, alignment: .center, style: style, color: theme.tabText,
                    clip: frame))
        }
    }
}
