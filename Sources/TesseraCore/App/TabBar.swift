import TesseraGeometry

/// The small on-screen scene switcher (docs/BEHAVIOUR.md#chrome-and-tab-bar: the digit keys and a touch-friendly tab bar): a segmented
/// control at the trailing end of the header band.
struct TabBar: Sendable {
    let config: TabBarConfig
    let chrome: ChromeConfig
    /// The segments and label size for the last window drawn in (a frame asks every time; the window
    /// seldom changes).
    private var laidOut: (window: Size, segments: [(SceneID, Rect)], fontSize: Double)?
    /// Each scene's label, in `SceneID.allCases` order as the segments are, looked up once: a frame draws
    /// them all, and each lookup searches the registry.
    private let titles = SceneID.allCases.map(\.title)
    /// Width of the outline a high-contrast theme draws inside the selected segment (0: none): a label
    /// keeps its padding clear of it.
    let outlineWidth: Double
    /// The labels' widths as the backend's fonts draw them.
    let text: TextMeasure

    init(config: TabBarConfig, chrome: ChromeConfig, outlineWidth: Double = 0, text: TextMeasure = .estimated) {
        self.config = config
        self.chrome = chrome
        self.outlineWidth = outlineWidth
        self.text = text
    }

    /// The tab bar a config draws: its sizes, and its theme's outline when it has one.
    init(_ config: Config, text: TextMeasure = .estimated) {
        let outlined = config.theme.border.a > 0
        self.init(
            config: config.tabBar, chrome: config.chrome, outlineWidth: outlined ? config.chrome.borderWidth : 0,
            text: text)
    }

    /// Space left and right of a label inside its segment, points.
    static let labelPadding = 5.0
    /// How far the selected segment's fill sits inside its frame, points.
    static let selectionInset = 2.0

    /// How wide `label` is in the tab bar's bold face at `size` points.
    func width(_ label: String, size: Double) -> Double { text.width(label, TextStyle(size: size, weight: .bold)) }

    /// The segments' frames for a window, right-aligned in the chrome's tab row, and the label size. Equal
    /// segments of `segmentWidth` (narrower when space is short) while every label fits; otherwise each
    /// segment is as wide as its label (the band's spare width shared out), and when even that does not
    /// fit, segments and font shrink together — a label is never clipped (as UISegmentedControl's
    /// `apportionsSegmentWidthsByContent` and its font shrinking do).
    func layout(window: Size) -> (segments: [(SceneID, Rect)], fontSize: Double) {
        let band = Chrome(config: chrome).tabRow(window: window)
        let scenes = SceneID.allCases
        let count = Double(scenes.count)
        let equal = min(config.segmentWidth, band.width / count)
        // An outlined selection takes its inset and its width from the label's room on each side; that,
        // and the padding that keeps a label off the outline, does not shrink with the font.
        let fixed = outlineWidth > 0 ? 2 * (Self.labelPadding + Self.selectionInset + outlineWidth) : 0
        let padding = outlineWidth > 0 ? fixed : 2 * Self.labelPadding
        let natural = titles.map { width($0, size: config.fontSize) + padding }
        var widths = Array(repeating: equal, count: scenes.count)
        var fontSize = config.fontSize
        if natural.contains(where: { $0 > equal }) {
            let total = natural.reduce(0, +)
            let room = min(band.width, config.segmentWidth * count)
            if total <= room {
                let spare = (room - total) / count
                widths = natural.map { $0 + spare }
            } else {
                let shrink = (room - fixed * count) / (total - fixed * count)
                widths = natural.map { ($0 - fixed) * shrink + fixed }
                fontSize *= shrink
            }
        }
        let y = band.midY - config.height / 2
        var x = band.maxX - widths.reduce(0, +)
        var segments: [(SceneID, Rect)] = []
        for (scene, width) in zip(scenes, widths) {
            segments.append((scene, Rect(x, y, width, config.height)))
            x += width
        }
        return (segments, fontSize)
    }

    /// The segments' frames (see `layout(window:)`).
    func segments(window: Size) -> [(SceneID, Rect)] { layout(window: window).segments }

    /// `layout(window:)`, worked out again only when the window changed.
    private mutating func remembered(window: Size) -> (segments: [(SceneID, Rect)], fontSize: Double) {
        if let laidOut, laidOut.window == window { return (laidOut.segments, laidOut.fontSize) }
        let (segments, fontSize) = layout(window: window)
        laidOut = (window, segments, fontSize)
        return (segments, fontSize)
    }

    mutating func scene(at p: Point, window: Size) -> SceneID? {
        remembered(window: window).segments.first { $0.1.contains(p) }?.0
    }

    /// `backed`: the tab bar is drawn over content that scrolls under it (the picker's grid), so its
    /// translucent track gets an opaque backing in the background colour first — the same look as over
    /// the empty band.
    mutating func draw(
        current: SceneID, window: Size, theme: Theme, opacity: Double = 1, backed: Bool = false,
        into list: inout DrawList
    ) {
        let (segments, fontSize) = remembered(window: window)
        guard let first = segments.first?.1, let last = segments.last?.1 else { return }
        let track = Rect(first.minX, first.minY, last.maxX - first.minX, first.height)
        if backed {
            list.append(
                .fill(track, radius: config.cornerRadius, color: theme.background.withAlpha(opacity), clip: nil))
        }
        list.append(.fill(track, radius: config.cornerRadius, color: theme.tabBar.withAlpha(opacity), clip: nil))
        let border = theme.border.withAlpha(opacity)
        list.outline(track, radius: config.cornerRadius, color: border, width: chrome.borderWidth)
        let style = TextStyle(size: fontSize, weight: .bold)
        for ((scene, frame), title) in zip(segments, titles) {
            if scene == current {
                list.append(
                    .fill(
                        frame.insetBy(dx: Self.selectionInset, dy: Self.selectionInset),
                        radius: config.cornerRadius - 1,
                        color: theme.tabSelected.withAlpha(opacity),
                        clip: nil))
                // High contrast: the selected segment is outlined, not only tinted.
                list.outline(
                    frame.insetBy(dx: Self.selectionInset, dy: Self.selectionInset), radius: config.cornerRadius - 1,
                    color: border, width: outlineWidth)
            }
            list.append(
                .text(
                    title, anchor: frame.center, alignment: .center, style: style,
                    color: theme.tabText.withAlpha(opacity),
                    clip: frame))
        }
    }
}
