/// The small on-screen scene switcher (docs/BEHAVIOUR.md#chrome-and-tab-bar: the digit keys and a touch-friendly tab bar): a segmented
/// control at the trailing end of the header band.
package struct TabBar: Sendable {
    package var config: TabBarConfig
    package var chrome: ChromeConfig
    package init(config: TabBarConfig, chrome: ChromeConfig) {
        self.config = config
        self.chrome = chrome
    }

    /// The segments' frames for a window, right-aligned in the chrome's tab row; narrower when space is
    /// short.
    package func segments(window: Size) -> [(SceneID, Rect)] {
        let band = Chrome(config: chrome).tabRow(window: window)
        let count = Double(SceneID.allCases.count)
        let width = min(config.segmentWidth, band.width / count)
        let y = band.midY - config.height / 2
        let x0 = band.maxX - width * count
        return SceneID.allCases.enumerated().map { i, scene in
            (scene, Rect(x0 + Double(i) * width, y, width, config.height))
        }
    }

    package func scene(at p: Point, window: Size) -> SceneID? {
        segments(window: window).first { $0.1.contains(p) }?.0
    }

    package func draw(
        current: SceneID, window: Size, theme: Theme, opacity: Double = 1, into list: inout DrawList
    ) {
        let segments = segments(window: window)
        guard let first = segments.first?.1, let last = segments.last?.1 else { return }
        let track = Rect(first.minX, first.minY, last.maxX - first.minX, first.height)
        list.append(.fill(track, radius: config.cornerRadius, color: theme.tabBar.withAlpha(opacity), clip: nil))
        let style = TextStyle(size: config.fontSize, weight: .bold)
        for (scene, frame) in segments {
            if scene == current {
                list.append(
                    .fill(
                        frame.insetBy(dx: 2, dy: 2), radius: config.cornerRadius - 1, color: theme.tabSelected.withAlpha(opacity),
                        clip: nil))
            }
            list.append(
                .text(
                    scene.title, anchor: frame.center, alignment: .center, style: style, color: theme.tabText.withAlpha(opacity),
                    clip: frame))
        }
    }
}
