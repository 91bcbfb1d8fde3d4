/// Stands in for a scene that is not built yet: a centred note, no tiles, nothing to hit.
public final class ComingSoonScene: Scene {
    public let id: SceneID
    private let theme: Theme
    private var window: Size

    public init(id: SceneID, theme: Theme, window: Size) {
        self.id = id
        self.theme = theme
        self.window = window
    }

    public func resize(to window: Size) { self.window = window }
    public func handle(_ gesture: Gesture) {}
    public func apply(_ command: Command) {}
    public func step(_ dt: Double) {}
    public var isSettled: Bool { true }
    public func presentedFrame(of id: String) -> Rect? { nil }

    public func draw(into list: inout DrawList, alpha: Double) {
        let centre = Point(window.width / 2, window.height / 2)
        list.append(
            .text(
                id.title, anchor: Point(centre.x, centre.y - 18), alignment: .center,
                style: TextStyle(size: 28, weight: .bold), color: theme.text, clip: nil))
        list.append(
            .text(
                "Coming soon", anchor: Point(centre.x, centre.y + 18), alignment: .center,
                style: TextStyle(size: 17, weight: .regular), color: theme.secondaryText, clip: nil))
    }

    public func dump() -> SceneDump {
        SceneDump(containers: [], tiles: [], overlay: nil, position: nil, selection: nil)
    }
}
