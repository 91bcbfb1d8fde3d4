/// The whole app minus the platform: scenes, the tab bar, input recognition, and the fixed step.
/// The SDL host (windowed or kiosk) and the headless runner both drive one of these, so a script
/// replays identically wherever it runs.
public final class Simulation {
    public private(set) var config: Config
    public let photos: PhotoLibrary
    /// The gallery's card palettes (`Assets/Gallery/palettes.json`).
    public let palettes: PaletteBook
    /// The destinations scene's places (`Assets/Destinations/destinations.json`).
    public let destinations: DestinationCatalog
    /// Fixed simulation rate, steps per second.
    public let hz: Double
    public private(set) var window: Size
    public private(set) var stepCount = 0
    public private(set) var currentScene: SceneID

    private var scenes: [SceneID: Scene] = [:]
    private var recognizer: GestureRecognizer
    private var gestures: [Gesture] = []
    private var tabBar: TabBar
    private let startScene: SceneID

    /// Kiosk behaviour, off unless the host turns it on (`--kiosk`).
    public var kiosk: KioskMode?
    /// Simulated time of the last pointer, wheel or key input.
    public private(set) var lastInputTime = 0.0
    /// Where confirmed selections go; nil confirms nothing.
    public var selectionLog: SelectionLog?
    /// A problem to show on screen until it is fixed (a bad config edit; a selection that failed to save).
    public private(set) var banner: String?

    /// What `--kiosk` changes in the simulation.
    public struct KioskMode: Sendable {
        /// Seconds of no input before everything resets; 0 never.
        public var idleResetSeconds: Double
        /// The only scene, if locked: no tab bar, no scene keys.
        public var lockedScene: SceneID?
        public init(_ config: KioskConfig) {
            idleResetSeconds = config.idleResetSeconds
            lockedScene = config.lockedScene
        }
    }

    public init(
        config: Config, photos: PhotoLibrary, scene: SceneID, window: Size, hz: Double, palettes: PaletteBook = .empty,
        destinations: DestinationCatalog = .empty
    ) {
        self.config = config
        self.photos = photos
        self.palettes = palettes
        self.destinations = destinations
        self.hz = hz
        self.window = window
        currentScene = scene
        startScene = scene
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
            case .picker: makePicker()
            case .gallery: GalleryScene(palettes: palettes, config: config, window: window)
            case .waterfall: WaterfallScene(photos: photos.photos, config: config, window: window)
            case .destinations: DestinationsScene(catalog: destinations, config: config, window: window)
            default: ComingSoonScene(id: id, theme: config.theme, window: window)
            }
        scenes[id] = made
        return made
    }

    private func makePicker() -> PickerScene {
        let picker = PickerScene(photoIDs: photos.ids, config: config, window: window)
        picker.confirmHandler = { [unowned self] ids in confirm(ids) }
        return picker
    }

    /// Appends a confirmed selection (absolute paths, in dock order) to the log, durably.
    private func confirm(_ ids: [String]) -> Bool {
        guard let log = selectionLog else { return false }
        do {
            try log.append(photos: ids.map { photos.path(for: $0) ?? $0 })
            if banner?.hasPrefix("selection") == true { banner = nil }
            return true
        } catch {
            banner = "selection not saved: \(error)"
            return false
        }
    }

    // MARK: Input

    public func handle(_ event: InputEvent) {
        if case .resize(let size) = event {
            resize(to: size)
            return
        }
        lastInputTime = time
        gestures.removeAll(keepingCapacity: true)
        recognizer.handle(event, into: &gestures)
        for gesture in gestures { dispatch(gesture) }
    }

    private var showsTabBar: Bool { kiosk?.lockedScene == nil && !scene.hidesChrome }

    private func dispatch(_ gesture: Gesture) {
        switch gesture {
        case .tap(let p):
            if showsTabBar, let target = tabBar.scene(at: p, window: window) {
                switchScene(to: target)
                return
            }
        case .key(let name):
            if kiosk?.lockedScene == nil, let digit = Int(name), (1...SceneID.allCases.count).contains(digit) {
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
        if let kiosk, kiosk.idleResetSeconds > 0, time - lastInputTime >= kiosk.idleResetSeconds, !recognizer.isPressed
        {
            resetAfterIdle()
        }
        scene.step(dt)
        stepCount += 1
    }

    /// The kiosk's idle reset: every scene starts over (an unconfirmed selection is dropped) and the
    /// start scene shows.
    public func resetAfterIdle() {
        scenes.removeAll()
        currentScene = kiosk?.lockedScene ?? startScene
        _ = scene(currentScene)
        lastInputTime = time
    }

    /// Live config reload: scenes that can take the new config keep their state and animate to the new
    /// layout; the others start over. Input settings apply from the next press.
    public func reload(config newConfig: Config) {
        config = newConfig
        banner = nil
        recognizer.slop = newConfig.input.tapSlop
        tabBar = TabBar(config: newConfig.tabBar, chrome: newConfig.chrome)
        for (id, scene) in scenes where !scene.reconfigure(newConfig) {
            scenes[id] = nil
        }
        _ = scene(currentScene)
    }

    /// Shows why a config edit was refused (the old config stays in force).
    public func reportConfigError(_ message: String) {
        banner = message
    }

    /// Tiles of the current scene whose springs ran in the last step.
    public var animatingTileCount: Int { scene.animatingTileCount }

    public var isSettled: Bool { scene.isSettled && !recognizer.isPressed }

    /// Rebuilds `list` for this frame, `alpha` ∈ [0, 1] between the last two steps.
    public func draw(into list: inout DrawList, alpha: Double = 1) {
        list.removeAll()
        scene.draw(into: &list, alpha: alpha)
        if showsTabBar {
            tabBar.draw(current: currentScene, window: window, theme: config.theme, into: &list)
        }
        if let banner {
            let frame = Rect(0, window.height - 36, window.width, 36)
            list.append(.fill(frame, radius: 0, color: config.theme.errorBanner, clip: nil))
            list.append(
                .text(
                    banner, anchor: Point(12, frame.midY), alignment: .leading,
                    style: TextStyle(size: 14, weight: .bold),
                    color: config.theme.errorText, clip: frame))
        }
    }

    public func dump() -> StateDump {
        let d = scene.dump()
        return StateDump(
            time: time, step: stepCount, scene: currentScene.rawValue, window: window, containers: d.containers,
            tiles: d.tiles, overlay: d.overlay, position: d.position, selection: d.selection)
    }
}
