/// The whole app minus the platform: scenes, the tab bar, input recognition, and the fixed step.
/// The SDL host (windowed or kiosk) and the headless runner both drive one of these, so a script
/// replays identically wherever it runs.
public final class Simulation {
    public let config: Config
    public let photos: PhotoLibrary
    /// Fixed simulation rate, steps per second.
    public let hz: Double
    public private(set) var window: Size
    public private(set) var stepCount = 0
    public private(set) var currentScene: SceneID

    private var scenes: [SceneID: Scene] = [:]
    private var recognizer: GestureRecognizer
    private var gestures: [Gesture] = []
    private let tabBar: TabBar

    public init(config: Config, photos: PhotoLibrary, scene: SceneID, window: Size, hz: Double) {
        self.config = config
        self.photos = photos
        self.hz = hz
        self.window = window
        currentScene = scene
        recognizer = GestureRecognizer(slop: config.input.tapSlop)
        tabBar = TabBar(config: config.tabBar, chrome: config.chrome)
        _ = self.scene(scene)
    }

    /// Seconds per step.
    public var dt: Double { 1 / hz }
    /// Simulated seconds since the start.
    public var time: Double { Double(stepCount) / hz }

    public var scene: Scene { scene(currentScene) }

    private func scene(_ id: SceneID) -> Scene {
        if let existing = scenes[id] { return existing }
        let made: Scene =
            switch id {
            case .picker: PickerScene(photoIDs: photos.ids, config: config, window: window)
            default: ComingSoonScene(id: id, theme: config.theme, window: window)
            }
        scenes[id] = made
        return made
    }

    // MARK: Input

    public func handle(_ event: InputEvent) {
        if case .resize(let size) = event {
            resize(to: size)
            return
        }
        gestures.removeAll(keepingCapacity: true)
        recognizer.handle(event, into: &gestures)
        for gesture in gestures { dispatch(gesture) }
    }

    private func dispatch(_ gesture: Gesture) {
        switch gesture {
        case .tap(let p):
            if !scene.hidesChrome, let target = tabBar.scene(at: p, window: window) {
                switchScene(to: target)
                return
            }
        case .key(let name):
            if let digit = Int(name), (1...SceneID.allCases.count).contains(digit) {
                switchScene(to: SceneID.allCases[digit - 1])
                return
            }
        default:
            break
        }
        scene.handle(gesture)
    }

    /// Shows another scene; each scene keeps its state (a selection is never lost by looking elsewhere).
    public func switchScene(to id: SceneID) {
        guard id != currentScene else { return }
        gestures.removeAll(keepingCapacity: true)
        recognizer.cancel(into: &gestures)
        for gesture in gestures { scene.handle(gesture) }
        currentScene = id
        scene(id).resize(to: window)
    }

    public func resize(to size: Size) {
        let clamped = Size(max(1, size.width), max(1, size.height))
        guard clamped != window else { return }
        window = clamped
        for scene in scenes.values { scene.resize(to: clamped) }
    }

    // MARK: Stepping, drawing, dumping

    /// Lays the current scene out if its model or the window changed (`step` does it too; hosts call
    /// this first to time layout apart from simulation).
    public func layOutIfNeeded() { scene.layOutIfNeeded() }

    public func step() {
        scene.step(dt)
        stepCount += 1
    }

    /// Tiles of the current scene whose springs ran in the last step.
    public var animatingTileCount: Int { scene.animatingTileCount }

    public var isSettled: Bool { scene.isSettled && !recognizer.isPressed }

    /// Rebuilds `list` for this frame, `alpha` ∈ [0, 1] between the last two steps.
    public func draw(into list: inout DrawList, alpha: Double = 1) {
        list.removeAll()
        scene.draw(into: &list, alpha: alpha)
        if !scene.hidesChrome {
            tabBar.draw(current: currentScene, window: window, theme: config.theme, into: &list)
        }
    }

    public func dump() -> StateDump {
        let d = scene.dump()
        return StateDump(
            time: time, step: stepCount, scene: currentScene.rawValue, window: window, containers: d.containers,
            tiles: d.tiles, overlay: d.overlay, position: d.position, selection: d.selection)
    }
}
